/** `/iip design [<https image URL>] [product words] [options]`: design-patent image search (AI39). */
import type { Handler, HandlerContext } from '../../core/handler.js';
import type { CommandIncoming } from '../../core/incoming.js';
import { isFinished } from '../../core/state.js';
import { quoteUserText, type OutgoingMessage } from '../../core/message.js';
import { answerCommand, parentMessage, refuseCommand, startWorkflow, usageLine, workflowHandler } from '../workflow/index.js';
import { DESIGN, type DesignData } from './definition.js';
import { NO_PUBLIC_URL, shelveSharedImage, uploadOwner } from './image.js';
import { parseDesignArgs, usageText, type DesignOptions } from './options.js';
import { othersData } from '../shared/others-confirm.js';
import { othersNote } from '../shared/problem-args.js';
import { onDesignReply } from './upload.js';
import { showMore } from './more.js';
import { MORE_ACTION } from './report.js';

function designParent(userId: string, options: DesignOptions, source: 'link' | 'attached' | 'upload'): OutgoingMessage {
  const image = { link: `the image at ${quoteUserText(options.url ?? '')}`, attached: 'the attached image', upload: 'an image to be uploaded here' }[
    source
  ];
  const context = [
    `Countries ${options.countries.join(', ')}`,
    options.loc ? `Locarno ${options.loc.join(', ')}` : '',
    options.from ? `filed from ${options.from}` : '',
    `language ${options.lang}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return parentMessage(
    userId,
    `started a design-patent image search for ${image}${options.field ? ` (${quoteUserText(options.field)})` : ''}`,
    undefined,
    `${context}${options.othersMayConfirm ? `.${othersNote(true)}` : ''}`,
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
  if ('problem' in parsed) return refuseCommand(ctx, incoming, parsed.problem, usageText);
  const { options } = parsed;
  const start = (source: 'link' | 'attached' | 'upload', data: DesignData) =>
    startWorkflow(ctx, DESIGN, {
      incoming,
      parent: designParent(incoming.user.id, options, source),
      start: source === 'upload' ? 'upload' : 'link',
      data,
      input: undefined,
    });
  if (options.url) return start('link', { ...dataOf(options), url: options.url });
  const attached = incoming.files ?? [];
  if (attached.length > 1) return answerCommand(ctx, incoming, 'Attach one image at a time; nothing was sent.');
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
  if (!ctx.uploads) return answerCommand(ctx, incoming, `${NO_PUBLIC_URL}\n${usageLine(ctx, usageText)}`);
  if (!ctx.messenger.canFetchFiles) {
    return answerCommand(
      ctx,
      incoming,
      `In this chat the bot cannot read uploaded files: give an \`https://\` link to the image.\n${usageLine(ctx, usageText)}`,
    );
  }
  return start('upload', dataOf(options));
}

const base = workflowHandler<DesignData>(DESIGN, {
  verbs: ['design'],
  help: {
    summary:
      'design-patent image search: similar registered designs, infringement risk by country and the line drawing; give an image link, or upload the image to the thread',
    usage:
      'design [<https image URL>] [product words] [--countries US,CN,EU,JP,KR] [--loc 14-03] [--from YYYYMMDD] [--lang en|cn] [--top 3] [--let-others-confirm]',
    example: 'design https://example.com/earbuds-case.png wireless earbuds case --countries US,EU --loc 14-03',
  },
  command: (ctx, { incoming, args }) => command(ctx, incoming, args),
});

export const designHandler: Handler = {
  ...base,
  reply: onDesignReply,
  action: (ctx, incoming, record) => (incoming.action === MORE_ACTION ? showMore(ctx, incoming, record) : base.action!(ctx, incoming, record)),
};
