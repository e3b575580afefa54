/** `/iip count <query>`: how many patents a search query finds (P001); a note for the asker unless `--share`. */
import type { Handler, HandlerContext } from '../../core/handler.js';
import { mention, type OutgoingMessage } from '../../core/message.js';
import { truncate } from '../../core/text.js';
import { userMessage } from '../../core/user-errors.js';
import type { RequestOf } from '../../platform/operations.js';
import { answerCommand, refuseCommand } from '../workflow/index.js';
import { parseCountArgs, usageText, type CountOptions } from './options.js';
import { formatNumber } from '../../i18n/format.js';
import type { Translate } from '../../i18n/index.js';

const SHOWN_QUERY_CHARS = 300;

export function countRequest(options: CountOptions): RequestOf<'P001'> {
  return {
    query_text: options.query,
    ...(options.collapseBy ? { collapse_by: options.collapseBy } : {}),
    ...(options.collapseType ? { collapse_type: options.collapseType } : {}),
    ...(options.collapseOrder ? { collapse_order: options.collapseOrder } : {}),
  };
}

function countMessage(options: CountOptions, count: number | null | undefined, userId: string, shared: boolean, t: Translate): OutgoingMessage {
  const query = truncate(options.query, SHOWN_QUERY_CHARS);
  const number = typeof count === 'number' ? formatNumber(count, t.lang) : t('count:noCount');
  // a code span shows its text literally (markdown escapes would show as backslashes): only backticks and line breaks go
  const shown = query.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/`/g, "'");
  const text = t('count:matches', { number, query: shown });
  const collapse = [
    options.collapseType ? t('count:collapsedBy', { type: options.collapseType }) : t('count:notCollapsed'),
    options.collapseBy ? t('count:orderedBy', { by: options.collapseBy }) : '',
    options.collapseOrder
      ? t('count:keeping', { order: options.collapseOrder === 'OLDEST' ? t('count:order.OLDEST') : t('count:order.LATEST') })
      : '',
  ]
    .filter(Boolean)
    .join(t('count:listSeparator'));
  const footer = shared ? t('count:askedBy', { collapse, user: mention(userId) }) : t('count:onlyYou', { collapse });
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
    summary: (t) => t('count:help.summary'),
    usage: (t) => t('count:help.usage'),
    example: (t) => t('count:help.example'),
  },
  async command(ctx: HandlerContext, { incoming, args }) {
    const { t } = ctx;
    const parsed = parseCountArgs(args, t);
    if ('problem' in parsed) return refuseCommand(ctx, incoming, parsed.problem, usageText);
    const { options } = parsed;
    let count: number | null | undefined;
    try {
      count = (await ctx.platform.call('P001', countRequest(options))).total_search_result_count;
    } catch (error) {
      ctx.logger.warn({ err: error }, 'count: P001 failed');
      return answerCommand(ctx, incoming, t('count:failed', { why: userMessage(error, t) }));
    }
    if (!options.share) return answerCommand(ctx, incoming, countMessage(options, count, incoming.user.id, false, t));
    const message = countMessage(options, count, incoming.user.id, true, t);
    if (incoming.thread) await ctx.messenger.post(incoming.thread, message);
    else await ctx.messenger.threadFor(incoming, message);
  },
};
