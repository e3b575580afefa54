/**
 * Finishing the writes a dead process left pending in the journal: at start, and on every rescan (several
 * replicas on one store), whichever replica takes a conversation's lock `outbox:<conversation>` finishes its left
 * writes, in order, and settles them, so each is finished once. A post is made again with its write id and
 * `retry`, so a chat that can look a post up by it (Slack: the id in the message's metadata) finds one whose
 * answer was lost instead of posting it twice; where the chat cannot (Teams: the Bot Connector reads no activity
 * back and takes no client id for one), a post that may have arrived is not made again. An edit is applied again
 * (only the latest one of each message: it carries the text the message was to end with). Writes journaled
 * without a payload (forms, files, notes, writes an event's replay makes again) are settled as not finished.
 */
import type { Logger } from '../../log.js';
import type { ChatAdapter } from '../adapter.js';
import { ChatRateLimitedError, MessageGoneError } from '../chat-errors.js';
import { LockTimeoutError, type LockHold, type StateStore } from '../state.js';
import { chatOf, type ThreadId } from '../thread-id.js';
import { gateOf } from './conversation-gate.js';
import type { DurableJournal, WriteEntry } from './journal.js';
import { isTransientChatError } from './write-policy.js';

export interface LeftWritesDeps {
  journal: DurableJournal;
  /** the adapters of this replica: a write into a chat none of them serves is left to a replica that does */
  adapters: readonly ChatAdapter[];
  state: Pick<StateStore, 'withLock'>;
  logger: Logger;
  /** how long a conversation's lock outlives a replica that died finishing its writes (WAIT_LEASE_MS) */
  leaseMs: number;
}

/** How one left write went: settled, or left for a later rescan (the chat asked to wait, or failed for now). */
type Outcome = { state: 'sent' } | { state: 'failed'; error: string } | 'later';

export const outboxLock = (conversation: string): string => `outbox:${conversation}`;

/** Finishes the left writes of every conversation nobody else is finishing; resolves with how many were settled. */
export async function finishLeftWrites(deps: LeftWritesDeps): Promise<number> {
  const conversations = new Set((await deps.journal.left()).map((e) => e.conversation));
  let settled = 0;
  for (const conversation of conversations) {
    try {
      await deps.state.withLock(
        outboxLock(conversation),
        async (hold) => {
          // read again under the lock: a replica that held it a moment ago may have finished them
          const left = (await deps.journal.left()).filter((e) => e.conversation === conversation);
          settled += await finishConversation(deps, left, hold);
        },
        { ttlMs: deps.leaseMs, waitMs: 0 },
      );
    } catch (error) {
      if (error instanceof LockTimeoutError) continue; // another replica is finishing them
      deps.logger.warn({ err: error, conversation }, 'outbox: the writes a stopped process left could not be finished');
    }
  }
  if (settled > 0) deps.logger.info({ settled }, 'outbox: writes a stopped process left were finished');
  return settled;
}

/**
 * Finishes the left writes now, so they go out before resumed work writes anew, then every half lease until
 * `signal` (the timer never keeps the process alive). Resolves once the first pass is done, or after a lease at
 * the latest: a chat that does not answer does not hold back the resumed work.
 */
export async function keepFinishingLeftWrites(deps: LeftWritesDeps, signal: AbortSignal): Promise<void> {
  const first = finishLeftWrites(deps).catch((error: unknown) => deps.logger.error({ err: error }, 'outbox: left writes could not be finished'));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([first, new Promise((resolve) => (timer = setTimeout(resolve, deps.leaseMs)))]);
  clearTimeout(timer);
  rescanLeftWrites(deps, signal, first);
}

function rescanLeftWrites(deps: LeftWritesDeps, signal: AbortSignal, first: Promise<unknown>): void {
  let running = true;
  void first.finally(() => {
    running = false;
  });
  const rescan = async () => {
    if (running || signal.aborted) return;
    running = true;
    try {
      await finishLeftWrites(deps);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(
    () => void rescan().catch((error: unknown) => deps.logger.warn({ err: error }, 'outbox: the rescan failed')),
    deps.leaseMs / 2,
  );
  timer.unref();
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}

async function finishConversation(deps: LeftWritesDeps, left: WriteEntry[], hold: LockHold): Promise<number> {
  const lastEdit = new Map<string, string>();
  for (const e of left) if (e.what === 'edit' && e.payload?.messageId) lastEdit.set(e.payload.messageId, e.id);
  let settled = 0;
  for (const entry of left) {
    if (hold.lost.aborted) break;
    const superseded = entry.what === 'edit' && lastEdit.get(entry.payload?.messageId ?? '') !== entry.id;
    const outcome: Outcome = superseded ? { state: 'failed', error: 'superseded by a later edit of the message' } : await finish(deps, entry);
    // the conversation's later writes wait behind this one, as they would have in the process that queued them
    if (outcome === 'later') break;
    await deps.journal.settle(entry.id, { ...outcome, settledAt: Date.now() }, { now: true });
    settled += 1;
  }
  return settled;
}

async function finish(deps: LeftWritesDeps, entry: WriteEntry): Promise<Outcome> {
  const { payload } = entry;
  const thread = entry.thread as ThreadId | undefined;
  if (!payload || !thread) return { state: 'failed', error: `left by a stopped process: a ${entry.what} is not made again` };
  let adapter: ChatAdapter | undefined;
  try {
    adapter = deps.adapters.find((a) => a.chat === chatOf(thread));
  } catch {
    return { state: 'failed', error: 'left by a stopped process: no chat serves its thread' };
  }
  if (!adapter) return 'later';
  if (entry.what === 'post' && !adapter.dedupesPosts)
    return { state: 'failed', error: 'may have arrived: this chat cannot look a post up, so it is not made again' };
  try {
    await gateOf(adapter).take(entry.conversation, entry.kind);
    if (entry.what === 'post') await adapter.post(thread, payload.message, { writeId: entry.id, retry: true });
    else if (entry.what === 'edit' && payload.messageId) await adapter.edit({ thread, messageId: payload.messageId }, payload.message);
    else return { state: 'failed', error: `left by a stopped process: a ${entry.what} is not made again` };
    deps.logger.info({ write: entry.id, what: entry.what, thread }, 'outbox: a write a stopped process left was finished');
    return { state: 'sent' };
  } catch (error) {
    if (error instanceof ChatRateLimitedError) {
      gateOf(adapter).pause(entry.conversation, error.retryAfterMs);
      return 'later';
    }
    if (isTransientChatError(error)) return 'later';
    if (error instanceof MessageGoneError) return { state: 'failed', error: 'the message is gone' };
    return { state: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}
