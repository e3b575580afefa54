/**
 * The report link works for 3 hours after AI34-3 hands it out. "Get a fresh link" under the finished report asks
 * AI34-3 again (by the report_id in the record) and posts the new link, with when that one stops working.
 */
import type { HandlerContext } from '../../core/handler.js';
import type { ActionIncoming } from '../../core/incoming.js';
import { markdown, mention, type Block } from '../../core/message.js';
import type { ThreadRecord } from '../../core/state.js';
import { truncate } from '../../core/text.js';
import { userMessage } from '../../core/user-errors.js';
import type { DataOf } from '../../platform/operations.js';
import { formatDateTime, formatDuration } from '../../i18n/format.js';
import type { Translate } from '../../i18n/index.js';

export const FRESH_LINK_ACTION = 'report-link';

/** The platform's word: a report link is valid for 3 hours. */
export const LINK_VALID_MS = 3 * 60 * 60_000;

/** When a link handed out at `receivedAt` stops working, and how to get another. */
export const expiryNote = (receivedAt: number, t: Translate): string =>
  t('report:link.expiry', { valid: formatDuration(LINK_VALID_MS, t.lang), time: formatDateTime(receivedAt + LINK_VALID_MS, t.lang) });

export const freshLinkButton = (t: Translate): Block => ({
  type: 'actions',
  buttons: [{ action: FRESH_LINK_ACTION, label: t('report:link.fresh'), value: 'link' }],
});

/** A markdown link to the report titled by its question. */
export const reportLink = (question: string, url: string): string => `[${truncate(question, 120).replace(/[[\]]/g, '')}](${url})`;

export async function postFreshLink(ctx: HandlerContext, incoming: ActionIncoming, record: ThreadRecord): Promise<void> {
  const { t } = ctx;
  const { thread } = incoming;
  const note = (text: string) => ctx.messenger.notify({ thread }, incoming.user.id, markdown(text));
  const reportId = record.ids.report_id;
  if (record.status !== 'done' || !reportId) return note(t('report:link.notYet'));
  let queried: DataOf<'AI34-3'>;
  try {
    queried = await ctx.platform.call('AI34-3', { report_id: reportId });
  } catch (error) {
    return note(t('report:link.failed', { why: userMessage(error, t) }));
  }
  if (queried.report_status !== 'SUCCEED' || !queried.report_url) {
    return note(t('report:link.noLink', { status: queried.report_status ?? t('report:link.unknown') }));
  }
  const question = typeof record.data.question === 'string' ? record.data.question : t('report:link.defaultTitle');
  const text = t('report:link.freshLink', { link: reportLink(question, queried.report_url) });
  await ctx.messenger.post(thread, {
    text,
    blocks: [
      { type: 'markdown', text },
      { type: 'context', text: t('report:link.askedBy', { expiry: expiryNote(Date.now(), t), user: mention(incoming.user.id) }) },
      freshLinkButton(t),
    ],
  });
}
