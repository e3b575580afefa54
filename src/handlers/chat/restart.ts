/**
 * A chat record still `answering` whose answer nobody is writing any more: the process streaming it died (a
 * restart, or on Redis a replica that is gone). Found at a start and, on every store, by the periodic rescan of
 * recorded waits (core/waits.ts). The answer belongs to whoever holds its lease (answer.ts, core/lease.ts): only
 * a caller that can take the lease at once (the holder is gone) marks it, with a context fenced by that lease. The thread then gets one note saying the answer
 * above is incomplete, with a Retry that asks the last question again whole.
 */
import type { HandlerContext } from '../../core/handler.js';
import type { ThreadId } from '../../core/thread-id.js';
import { LockTimeoutError, type ThreadRecord } from '../../core/state.js';
import { withLease } from '../../core/lease.js';
import { ANSWERING, answerLease, chatLock, lastQuestion, retryButton } from './answer.js';
import { failureMessage } from './render.js';
import { translatorFor } from '../../i18n/index.js';

/** The note in English, as tests and operators read it; users get it in their language. */
export const RESTART_NOTE = translatorFor('en')('chat:restartNote');

/**
 * How long to wait for the thread's lock once the answer's lease is ours: a dead holder's lock runs out after its
 * TTL (the wait lease, or 30 s for records from before the lease), so this waits a little longer than that.
 */
const LOCK_WAIT_MS = 45_000;

/**
 * Marks the interrupted answer of `record` (as listed with its wait); false when there was nothing to mark, or
 * when the answer's lease is held (a live process is writing it: it clears the wait itself when done).
 */
export async function markInterruptedByRestart(ctx: HandlerContext, record: ThreadRecord): Promise<boolean> {
  const { thread, version } = record;
  let marked = false;
  await withLease(ctx, answerLease(thread, version), async (leased) => {
    marked = await markUnderChatLock(leased, thread, version);
  });
  return marked;
}

async function markUnderChatLock(ctx: HandlerContext, thread: ThreadId, version: number): Promise<boolean> {
  try {
    return await ctx.state.withLock(chatLock(thread), () => mark(ctx, thread, version), { waitMs: LOCK_WAIT_MS });
  } catch (error) {
    if (error instanceof LockTimeoutError) return false;
    throw error;
  }
}

async function mark(ctx: HandlerContext, thread: ThreadId, version: number): Promise<boolean> {
  const record = await ctx.state.get(thread);
  // the record whose lease we hold, still answering: a later turn has a lease of its own
  if (record?.version !== version || record.wait?.step !== ANSWERING) return false;
  // posted before the wait is cleared: if the post fails, the next start or rescan tries again
  const question = lastQuestion(record);
  const { t } = ctx;
  await ctx.messenger.post(thread, failureMessage(t('chat:restartNote'), question ? retryButton(record.version + 1, t) : undefined));
  const saved = await ctx.records.update(record, { status: 'active', wait: undefined });
  return saved !== undefined;
}
