/** `/iip count <query>`: how many patents a search query finds (P001); a note for the asker unless `--share`. */
import type { Handler, HandlerContext } from '../../core/handler.js';
import { mention, type OutgoingMessage } from '../../core/message.js';
import { truncate } from '../../core/text.js';
import { userMessage } from '../../core/user-errors.js';
import type { RequestOf } from '../../platform/operations.js';
import { answerCommand, refuseCommand } from '../workflow/index.js';
import { parseCountArgs, usageText, type CountOptions } from './options.js';

const SHOWN_QUERY_CHARS = 300;

export function countRequest(options: CountOptions): RequestOf<'P001'> {
  return {
    query_text: options.query,
    ...(options.collapseBy ? { collapse_by: options.collapseBy } : {}),
    ...(options.collapseType ? { collapse_type: options.collapseType } : {}),
    ...(options.collapseOrder ? { collapse_order: options.collapseOrder } : {}),
  };
}

function countMessage(options: CountOptions, count: number | null | undefined, userId: string, shared: boolean): OutgoingMessage {
  const query = truncate(options.query, SHOWN_QUERY_CHARS);
  const number = typeof count === 'number' ? count.toLocaleString('en-US') : 'no count';
  // a code span shows its text literally (markdown escapes would show as backslashes): only backticks and line breaks go
  const shown = query.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/`/g, "'");
  const text = `🔢 **${number}** patents match \`${shown}\``;
  const collapse = [
    options.collapseType ? `collapsed by ${options.collapseType}` : 'not collapsed',
    options.collapseBy ? `ordered by ${options.collapseBy}` : '',
    options.collapseOrder ? `keeping the ${options.collapseOrder.toLowerCase()}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const footer = shared ? `${collapse} · asked by ${mention(userId)}` : `${collapse} · only you see this; add \`--share\` to post it`;
  return {
    text,
    blocks: [
      { type: 'markdown', text },
      { type: 'context', text: footer },
    ],
  };
}

export const countHandler: Handler = {
  verbs: ['count'],
  workflow: 'count',
  help: {
    summary: 'how many patents a search query finds (only you see it unless `--share`)',
    usage:
      'count <search query> [--collapse-type ALL|APNO|DOCDB|INPADOC|EXTEND] [--collapse-by APD|PBD|AUTHORITY|SCORE] [--collapse-order OLDEST|LATEST] [--share]',
    example: 'count TTL:(wireless charging) AND PBD:[20200101 TO 20241231] --collapse-type DOCDB',
  },
  async command(ctx: HandlerContext, { incoming, args }) {
    const parsed = parseCountArgs(args);
    if ('problem' in parsed) return refuseCommand(ctx, incoming, parsed.problem, usageText);
    const { options } = parsed;
    let count: number | null | undefined;
    try {
      count = (await ctx.platform.call('P001', countRequest(options))).total_search_result_count;
    } catch (error) {
      ctx.logger.warn({ err: error }, 'count: P001 failed');
      return answerCommand(ctx, incoming, `⚠️ Counting failed: ${userMessage(error)}`);
    }
    if (!options.share) return answerCommand(ctx, incoming, countMessage(options, count, incoming.user.id, false));
    const message = countMessage(options, count, incoming.user.id, true);
    if (incoming.thread) await ctx.messenger.post(incoming.thread, message);
    else await ctx.messenger.threadFor(incoming, message);
  },
};
