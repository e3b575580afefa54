/** `/iip design [<https image URL>] [product words] [options]`: design-patent image search (AI39). */
import type { BotSettings, Handler, HandlerContext } from '../../core/handler.js';
import type { CommandIncoming } from '../../core/incoming.js';
import { t } from '../../i18n/index.js';
import { isFinished } from '../../core/state.js';
import { quoteUserText, type OutgoingMessage } from '../../core/message.js';
import { answerCommand, parentMessage, refuseCommand, startWorkflow, usageLine, workflowHandler } from '../workflow/index.js';
import { DESIGN, type DesignData } from './definition.js';
import { noPublicUrl, shelveSharedImage, uploadOwner } from './image.js';
import { imageAddressProblem } from './image-address.js';
import { parseDesignArgs, usageText, type DesignOptions } from './options.js';
import { othersData, othersMayConfirmIn } from '../shared/others-confirm.js';
import { othersNote } from '../shared/problem-args.js';
import { onDesignReply } from './upload.js';
import { showMore } from './more.js';
import { MORE_ACTION } from './report.js';

/** A first word that names a local file: a path (`/`, `./`, `../`, `~/`, `C:\\`) or a name with an image extension. */
const LOCAL_IMAGE_PATH = /^(?:~?\.{0,2}\/|[A-Za-z]:\\)\S*|^\S+\.(?:png|jpe?g|gif|webp|bmp|tiff?)(?=\s|$)/i;

/** The usage as this chat can follow it: no upload advice where uploaded images cannot reach the platform. */
const chatUsage =
  (ctx: HandlerContext) =>
  (prefix: string): string =>
    usageText(prefix, !!ctx.uploads && ctx.messenger.canFetchFiles);

function designParent(userId: string, options: DesignOptions, source: 'link' | 'attached' | 'upload', settings: BotSettings): OutgoingMessage {
  const image = {
    link: () => t('design:parent.link', { url: quoteUserText(options.url ?? '') }),
    attached: () => t('design:parent.attached'),
    upload: () => t('design:parent.upload'),
  }[source]();
  const context = [
    t('design:parent.countries', { list: options.countries.join(', ') }),
    options.loc ? t('design:parent.locarno', { list: options.loc.join(', ') }) : '',
    options.from ? t('design:parent.from', { date: options.from }) : '',
    t('design:parent.lang', { lang: options.lang }),
  ]
    .filter(Boolean)
    .join(' · ');
  return parentMessage(
    userId,
    `${t('design:parent.started', { image })}${options.field ? t('design:parent.field', { field: quoteUserText(options.field) }) : ''}`,
    undefined,
    othersMayConfirmIn(settings, options.othersMayConfirm) ? t('design:parent.others', { details: context, others: othersNote(true) }) : context,
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
  const parsed = parseDesignArgs(args, ctx.settings.lang);
  if ('problem' in parsed) return refuseCommand(ctx, incoming, parsed.problem, chatUsage(ctx));
  const { options } = parsed;
  const start = (source: 'link' | 'attached' | 'upload', data: DesignData) =>
    startWorkflow(ctx, DESIGN, {
      incoming,
      parent: designParent(incoming.user.id, options, source, ctx.settings),
      start: source === 'upload' ? 'upload' : 'link',
      data,
      input: undefined,
    });
  // a file on this computer (a terminal user's habit) is no product words: say what the platform can read instead
  const localPath = options.url ? undefined : LOCAL_IMAGE_PATH.exec(options.field ?? '')?.[0];
  if (localPath) return answerCommand(ctx, incoming, `⚠️ ${t('design:localPath', { path: quoteUserText(localPath) })}`);
  if (options.url) {
    const refused = await imageAddressProblem(options.url);
    if (refused) return answerCommand(ctx, incoming, `⚠️ ${refused}`);
    return start('link', { ...dataOf(options), url: options.url });
  }
  const attached = incoming.files ?? [];
  if (attached.length > 1) return answerCommand(ctx, incoming, t('design:oneImage'));
  if (attached.length === 1 && incoming.thread) {
    const shelved = await shelveSharedImage(ctx, incoming.thread, attached[0]!, uploadOwner(ctx, incoming.workspaceId, incoming.user.id));
    if ('problem' in shelved) return answerCommand(ctx, incoming, `⚠️ ${shelved.problem}`);
    const { token } = shelved.offered;
    await start('attached', { ...dataOf(options), url: shelved.offered.url, upload: token });
    // not started (a limit, a thread that runs something else) or already over: the image is not needed
    const record = await ctx.state.get(incoming.thread);
    if (record?.data.upload !== token || isFinished(record.status)) await ctx.uploads?.withdraw(token);
    return;
  }
  if (!ctx.uploads) return answerCommand(ctx, incoming, `${noPublicUrl()}\n${usageLine(ctx, chatUsage(ctx))}`);
  if (!ctx.messenger.canFetchFiles) {
    return answerCommand(ctx, incoming, `${t('design:cannotRead')}\n${usageLine(ctx, chatUsage(ctx))}`);
  }
  return start('upload', dataOf(options));
}

const base = workflowHandler<DesignData>(DESIGN, {
  verbs: ['design'],
  help: {
    get summary() {
      return t('design:help.summary');
    },
    get usage() {
      return t('design:help.usage');
    },
    get example() {
      return t('design:help.example');
    },
  },
  command: (ctx, { incoming, args }) => command(ctx, incoming, args),
});

export const designHandler: Handler = {
  ...base,
  reply: onDesignReply,
  action: (ctx, incoming, record) => (incoming.action === MORE_ACTION ? showMore(ctx, incoming, record) : base.action!(ctx, incoming, record)),
};
