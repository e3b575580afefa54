/**
 * Thumbs up/down under an answer: recorded with the thread (its record's `feedback`, one verdict per user, the
 * latest click counts), logged for the operators (`answer feedback`, with the thread and the verdict), and
 * acknowledged to the user privately. A value no button of ours sends changes nothing.
 */
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

/** Runs a write where the thread's other writes cannot interleave (the chat handler's turn lock). */
export type Serialized = <T>(write: () => Promise<T>) => Promise<T>;

/**
 * Records a feedback click, then acknowledges it to its user privately. The write runs `serialized` (the record
 * is re-read and written by compare-and-set, a few tries if a write came first); the note goes out after it, so
 * no chat call is made while the thread's lock is held.
 */
export async function recordFeedback(ctx: HandlerContext, incoming: ActionIncoming, serialized: Serialized): Promise<void> {
  const { thread, user } = incoming;
  const note = await serialized(() => saveFeedback(ctx, incoming));
  if (note) await ctx.messenger.notify({ thread }, user.id, markdown(note));
}

/** Saves the click's verdict; the note for its user, or undefined when nothing is to be said. */
async function saveFeedback(ctx: HandlerContext, incoming: ActionIncoming): Promise<string | undefined> {
  const { t } = ctx;
  const { thread, user, value } = incoming;
  if (!isVerdict(value)) return t('core:feedback.unknown');
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = await ctx.state.get(thread);
    if (!record) return undefined;
    const feedback = { ...feedbackOf(record.data), [user.id]: { verdict: value, messageId: incoming.messageId, at: Date.now() } };
    const saved = await ctx.records.update(record, { data: { ...record.data, feedback } });
    if (!saved) continue;
    ctx.logger.info({ thread, workflow: record.workflow, verdict: value, messageId: incoming.messageId }, 'answer feedback');
    return value === 'good' ? t('core:feedback.good') : t('core:feedback.bad');
  }
  ctx.logger.warn({ thread }, 'answer feedback could not be recorded: the thread kept changing');
  return undefined;
}
