/** `/iip design [<https image URL>] [product words] [options]`: design-patent image search (AI39). */
import type { BotSettings, Handler, HandlerContext } from '../../core/handler.js';
import type { CommandIncoming } from '../../core/incoming.js';
import type { Translate } from '../../i18n/index.js';
import { isFinished } from '../../core/state.js';
import { quoteUserText, type OutgoingMessage } from '../../core/message.js';
import { answerCommand, parentMessage, refuseCommand, startWorkflow, usageLine, workflowHandler, type UsageText } from '../workflow/index.js';
import { DESIGN, type DesignData } from './definition.js';
import { noPublicUrl, shelveSharedImage, uploadOwner } from './image.js';
import { imageAddressProblem } from './image-address.js';
import { parseDesignArgs, usageText, type DesignOptions } from './options.js';
import { othersData, othersMayConfirmIn } from '../shared/others-confirm.js';
import { othersNote } from '../shared/problem-args.js';
import { onDesignReply } from './upload.js';
import { LOCAL_IMAGE_PATH, shelveLocalImage } from './local-image.js';
import type { OfferedFile } from '../../core/services.js';
import { showMore } from './more.js';
import { MORE_ACTION } from './report.js';

/** The usage as this chat can follow it: no upload advice where uploaded images cannot reach the platform. */
const chatUsage =
  (ctx: HandlerContext): UsageText =>
  (prefix, t) =>
    usageText(prefix, t, !!ctx.uploads && ctx.messenger.canFetchFiles, ctx.messenger.canReadLocalFiles);

type Source = 'link' | 'attached' | 'local' | 'upload';

function designParent(userId: string, options: DesignOptions, source: Source, settings: BotSettings, t: Translate, path = ''): OutgoingMessage {
  const image = {
    link: () => t('design:parent.link', { url: quoteUserText(options.url ?? '') }),
    attached: () => t('design:parent.attached'),
    local: () => t('design:parent.local', { path: quoteUserText(path) }),
    upload: () => t('design:parent.upload'),
  }[source]();
  const context = [
    t('design:parent.countries', { list: options.countries.join(t('design:listSeparator')) }),
    options.loc ? t('design:parent.locarno', { list: options.loc.join(t('design:listSeparator')) }) : '',
    options.from ? t('design:parent.from', { date: options.from }) : '',
    // the results' language by name (`cn` is the platform's code for it)
    t('design:parent.lang', { lang: options.lang === 'cn' ? t('lang:names.zh') : t('lang:names.en') }),
  ]
    .filter(Boolean)
    .join(' · ');
  return parentMessage(
    userId,
    `${t('design:parent.started', { image })}${options.field ? t('design:parent.field', { field: quoteUserText(options.field) }) : ''}`,
    undefined,
    othersMayConfirmIn(settings, options.othersMayConfirm) ? t('design:parent.others', { details: context, others: othersNote(true, t) }) : context,
    t,
  );
}

const dataOf = (options: DesignOptions): DesignData => ({
  countries: options.countries,
  lang: options.lang,
  ...(options.loc ? { loc: options.loc } : {}),
  ...(options.field ? { field: options.field } : {}),
  ...(options.from ? { from: options.from } : {}),
  ...(options.top ? { top: options.top } : {}),
  ...othersData(!!options.othersMayConfirm),
});

async function command(ctx: HandlerContext, incoming: CommandIncoming, args: string): Promise<void> {
  const { t } = ctx;
  const parsed = parseDesignArgs(args, ctx.settings.lang, t);
  if ('problem' in parsed) return refuseCommand(ctx, incoming, parsed.problem, chatUsage(ctx));
  const { options } = parsed;
  const start = (source: Source, data: DesignData, path?: string) =>
    startWorkflow(ctx, DESIGN, {
      incoming,
      parent: designParent(incoming.user.id, options, source, ctx.settings, t, path),
      start: source === 'upload' ? 'upload' : 'link',
      data,
      input: undefined,
    });
  /** Starts with an image on the shelf; withdrawn when the search did not start or is already over. */
  const startShelved = async (source: Source, offered: OfferedFile, data: DesignData, path?: string) => {
    const thread = await start(source, { ...data, url: offered.url, upload: offered.token }, path);
    const record = thread && (await ctx.state.get(thread));
    if (record?.data.upload !== offered.token || isFinished(record.status)) await ctx.uploads?.withdraw(offered.token);
  };
  // a file on this computer (the terminal): the image, and the words after it are the product words
  const localPath = options.url ? undefined : LOCAL_IMAGE_PATH.exec(options.field ?? '')?.[0];
  if (localPath) {
    const shelved = await shelveLocalImage(ctx, localPath, uploadOwner(ctx, incoming.workspaceId, incoming.user.id));
    if ('problem' in shelved) return answerCommand(ctx, incoming, `⚠️ ${shelved.problem}`);
    const field = options.field?.slice(localPath.length).trim();
    const { field: _path, ...rest } = options;
    return startShelved('local', shelved.offered, dataOf(field ? { ...rest, field } : rest), localPath);
  }
  if (options.url) {
    const refused = await imageAddressProblem(options.url, t);
    if (refused) return answerCommand(ctx, incoming, `⚠️ ${refused}`);
    await start('link', { ...dataOf(options), url: options.url });
    return;
  }
  const attached = incoming.files ?? [];
  if (attached.length > 1) return answerCommand(ctx, incoming, t('design:oneImage'));
  if (attached.length === 1 && incoming.thread) {
    const shelved = await shelveSharedImage(ctx, incoming.thread, attached[0]!, uploadOwner(ctx, incoming.workspaceId, incoming.user.id));
    if ('problem' in shelved) return answerCommand(ctx, incoming, `⚠️ ${shelved.problem}`);
    return startShelved('attached', shelved.offered, dataOf(options));
  }
  // the terminal: no upload to wait for, the image is named with the command
  if (ctx.messenger.canReadLocalFiles) return answerCommand(ctx, incoming, `${t('design:local.needImage')}\n${usageLine(ctx, chatUsage(ctx))}`);
  if (!ctx.uploads) return answerCommand(ctx, incoming, `${noPublicUrl(t)}\n${usageLine(ctx, chatUsage(ctx))}`);
  if (!ctx.messenger.canFetchFiles) {
    return answerCommand(ctx, incoming, `${t('design:cannotRead')}\n${usageLine(ctx, chatUsage(ctx))}`);
  }
  await start('upload', dataOf(options));
}

const base = workflowHandler<DesignData>(DESIGN, {
  verbs: ['design'],
  help: {
    summary: (t) => t('design:help.summary'),
    usage: (t) => t('design:help.usage'),
    example: (t) => t('design:help.example'),
  },
  command: (ctx, { incoming, args }) => command(ctx, incoming, args),
});

export const designHandler: Handler = {
  ...base,
  reply: onDesignReply,
  action: (ctx, incoming, record) => (incoming.action === MORE_ACTION ? showMore(ctx, incoming, record) : base.action!(ctx, incoming, record)),
};
