/**
 * After a start: a chat record still waiting for its answer means the bot died while streaming it. The thread
 * gets one note saying the answer above is incomplete, with a Retry that asks the last question again whole.
 */
import type { HandlerContext } from '../../core/handler.js';
import type { ThreadId } from '../../core/thread-id.js';
import { writeRecord } from '../../core/record.js';
import { LockTimeoutError } from '../../core/state.js';
import { ANSWERING, chatLock, lastQuestion, retryButton } from './answer.js';
import { failureMessage } from './render.js';

export const RESTART_NOTE = '⚠️ The bot restarted while answering; the answer above is incomplete.';

/**
 * How long to wait for the thread's lock: a replica still answering holds it (and clears the wait itself when
 * done); a dead one's lock runs out after its TTL (30 s by default), so this waits a little longer than that.
 */
const LOCK_WAIT_MS = 45_000;

/** Marks the thread's interrupted answer; false when there was nothing to mark (or a live replica is answering). */
export async function markInterruptedByRestart(ctx: HandlerContext, thread: ThreadId): Promise<boolean> {
  try {
    return await ctx.state.withLock(chatLock(thread), () => mark(ctx, thread), { waitMs: LOCK_WAIT_MS });
  } catch (error) {
    if (error instanceof LockTimeoutError) return false;
    throw error;
  }
}

async function mark(ctx: HandlerContext, thread: ThreadId): Promise<boolean> {
  const record = await ctx.state.get(thread);
  if (record?.wait?.step !== ANSWERING) return false;
  // posted before the wait is cleared: if the post fails, the next start tries again
  const question = lastQuestion(record);
  await ctx.messenger.post(thread, failureMessage(RESTART_NOTE, question ? retryButton(record.version + 1) : undefined));
  const saved = await writeRecord(ctx.state, record, { status: 'active', wait: undefined });
  return saved !== undefined;
}
