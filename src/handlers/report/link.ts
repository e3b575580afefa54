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

export const FRESH_LINK_ACTION = 'report-link';

/** The platform's word: a report link is valid for 3 hours. */
export const LINK_VALID_MS = 3 * 60 * 60_000;

const utcTime = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

/** When a link handed out at `receivedAt` stops working, and how to get another. */
export const expiryNote = (receivedAt: number): string =>
  `The link works for 3 hours, until about ${utcTime(receivedAt + LINK_VALID_MS)} UTC; after that, **Get a fresh link** asks the platform for a new one.`;

export const freshLinkButton = (): Block => ({ type: 'actions', buttons: [{ action: FRESH_LINK_ACTION, label: 'Get a fresh link', value: 'link' }] });

/** A markdown link to the report titled by its question. */
export const reportLink = (question: string, url: string): string => `[${truncate(question, 120).replace(/[[\]]/g, '')}](${url})`;

export async function postFreshLink(ctx: HandlerContext, incoming: ActionIncoming, record: ThreadRecord): Promise<void> {
  const { thread } = incoming;
  const note = (text: string) => ctx.messenger.notify({ thread }, incoming.user.id, markdown(text));
  const reportId = record.ids.report_id;
  if (record.status !== 'done' || !reportId) return note('A fresh link can be had once the report is written.');
  let queried: DataOf<'AI34-3'>;
  try {
    queried = await ctx.platform.call('AI34-3', { report_id: reportId });
  } catch (error) {
    return note(`⚠️ The platform gave no new link: ${userMessage(error)} Try again in a moment.`);
  }
  if (queried.report_status !== 'SUCCEED' || !queried.report_url) {
    return note(`The platform has no link for this report just now (status ${queried.report_status ?? 'unknown'}); try again later.`);
  }
  const question = typeof record.data.question === 'string' ? record.data.question : 'Pre-research report';
  const text = `🔗 **Fresh link to the pre-research report**: ${reportLink(question, queried.report_url)}`;
  await ctx.messenger.post(thread, {
    text,
    blocks: [
      { type: 'markdown', text },
      { type: 'context', text: `${expiryNote(Date.now())} · asked for by ${mention(incoming.user.id)}` },
      freshLinkButton(),
    ],
  });
}
