/**
 * Thumbs up/down under an answer: recorded with the thread (its record's `feedback`, one verdict per user, the
 * latest click counts), logged for the operators (`answer feedback`, with the thread and the verdict), and
 * acknowledged to the user privately. A value no button of ours sends changes nothing.
 */
import { t } from '../i18n/index.js';
import type { HandlerContext } from './handler.js';
import type { ActionIncoming } from './incoming.js';
import { FEEDBACK_VALUES, markdown } from './message.js';

export type FeedbackVerdict = (typeof FEEDBACK_VALUES)[number];

export interface FeedbackEntry {
  verdict: FeedbackVerdict;
  /** the message the click was on */
  messageId: string;
  at: number;
}

const isVerdict = (value: string): value is FeedbackVerdict => (FEEDBACK_VALUES as readonly string[]).includes(value);

/** The feedback a thread's record holds, by user id. */
export function feedbackOf(data: Record<string, unknown>): Record<string, FeedbackEntry> {
  const stored = data.feedback;
  return typeof stored === 'object' && stored !== null ? { ...(stored as Record<string, FeedbackEntry>) } : {};
}

/**
 * Records a feedback click. Run it where the thread's other writes cannot interleave (the chat handler's turn
 * lock): the record is re-read and written by compare-and-set, a few tries if a write came first.
 */
export async function recordFeedback(ctx: HandlerContext, incoming: ActionIncoming): Promise<void> {
  const { thread, user, value } = incoming;
  if (!isVerdict(value)) {
    await ctx.messenger.notify({ thread }, user.id, markdown(t('core:feedback.unknown')));
    return;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = await ctx.state.get(thread);
    if (!record) return;
    const feedback = { ...feedbackOf(record.data), [user.id]: { verdict: value, messageId: incoming.messageId, at: Date.now() } };
    const saved = await ctx.records.update(record, { data: { ...record.data, feedback } });
    if (!saved) continue;
    ctx.logger.info({ thread, workflow: record.workflow, verdict: value, messageId: incoming.messageId }, 'answer feedback');
    const thanks = value === 'good' ? t('core:feedback.good') : t('core:feedback.bad');
    await ctx.messenger.notify({ thread }, user.id, markdown(thanks));
    return;
  }
  ctx.logger.warn({ thread }, 'answer feedback could not be recorded: the thread kept changing');
}
