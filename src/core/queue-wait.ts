/**
 * Waiting in a workspace's queue for a slot (core/limits.ts `acquireOrQueue`): the place is looked at (and its
 * lease renewed) every `pollMs`, and by the head at once when a slot of this process is freed; the waiter is told
 * its place when it changes, paced (`placeEveryMs`). Past the deadline, or once `stillWanted` says no (cancelled,
 * cleared), it leaves the queue.
 */
import type { ThreadId } from './thread-id.js';
import { keepCounted, type Refusal, type WorkKind, type WorkLimits, type WorkScope } from './limits.js';

export interface QueueWait {
  /** when the waiter gives up, ms from now */
  waitMs: number;
  /** how long a place outlives a waiter that died (renewed at every look) */
  leaseMs: number;
  /** how often the queue is looked at */
  pollMs: number;
  /** told the number of questions ahead: first when queued, at once when it is next, else paced by `placeEveryMs` */
  onPlace(ahead: number): Promise<void>;
  /** asked at every look; false takes the question off the queue */
  stillWanted?(): Promise<boolean>;
}

export type QueuedAdmission =
  | { ok: true; release(): Promise<void>; waited: boolean }
  | Refusal
  | { ok: false; reason: 'timeout' | 'withdrawn'; waited: true };

/**
 * How long a place told stands before a change of it is told, for a question with `ahead` questions before it: at
 * least 10 s, and 5 s more for each of them. Each telling is a chat edit; told at every change, a queue of 70
 * questions made about 1,300 edits, against the 50 a minute Slack allows `chat.update` in a workspace, for
 * numbers that mostly moved by one. A change not told yet is told at the first look after the time is up.
 */
export const placeEveryMs = (ahead: number): number => Math.max(10_000, 5_000 * ahead);

/** Waiters of this process, each with the number of questions ahead of it at its last look. */
const waiters = new Map<() => void, number>();
const wakeAll = (): void => {
  for (const wake of [...waiters.keys()]) wake();
};
/**
 * Wakes the waiters of this process with at most `ahead` questions before them: when a slot is freed (0: the head
 * takes it), when a question leaves the queue (1: the one behind a head that left is next). Others see it at their
 * next poll, as do other replicas' waiters. Waking every waiter made each of them ask the store at every free,
 * 70 questions times 100 answers, for a slot only the head could take.
 */
const wakeUpTo = (ahead: number): void => {
  for (const [wake, waiting] of [...waiters]) if (waiting <= ahead) wake();
};

/** Takes a slot kept alive while it is held, waiting for it in the queue past the workspace limit. */
export async function admitOrQueue(
  limits: WorkLimits,
  scope: WorkScope,
  kind: WorkKind,
  id: string,
  ttlMs: number,
  wait: QueueWait,
  onError: (error: unknown) => void,
): Promise<QueuedAdmission> {
  const deadline = Date.now() + wait.waitMs;
  let told: number | undefined;
  let toldAt = 0;
  for (;;) {
    const verdict = await limits.acquireOrQueue(scope, kind, id, ttlMs, wait.leaseMs);
    if (verdict.ok) {
      const stop = keepCounted(limits, scope, kind, id, ttlMs, onError);
      return {
        ok: true,
        waited: told !== undefined,
        release: async () => {
          stop();
          try {
            await verdict.release();
          } finally {
            wakeUpTo(0);
          }
        },
      };
    }
    if (verdict.reason !== 'queued') return verdict;
    const leave = async (reason: 'timeout' | 'withdrawn') => {
      await limits.release(scope, kind, id);
      wakeUpTo(1);
      return { ok: false as const, reason, waited: true as const };
    };
    if (wait.stillWanted && !(await wait.stillWanted())) return leave('withdrawn');
    if (Date.now() >= deadline) return leave('timeout');
    const { ahead } = verdict;
    if (ahead !== told && (told === undefined || ahead === 0 || Date.now() - toldAt >= placeEveryMs(ahead))) {
      told = ahead;
      toldAt = Date.now();
      await wait.onPlace(ahead).catch(onError);
    }
    await nap(Math.min(wait.pollMs, Math.max(0, deadline - Date.now())), ahead);
  }
}

/** Sleeps `ms`, or less when a slot of this process is freed and `ahead` (the waiter's place) is the head. */
function nap(ms: number, ahead: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiters.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    waiters.set(done, ahead);
  });
}

/** Questions waiting in this process, by thread: `cancel` and `clear` withdraw them (other replicas': at their next look). */
const queuedIn = new Map<ThreadId, Set<() => void>>();

/** Registers a queued question of `thread` that `withdraw` takes off the queue; the returned function unregisters it. */
export function queuedInThread(thread: ThreadId, withdraw: () => void): () => void {
  queuedIn.set(thread, (queuedIn.get(thread) ?? new Set()).add(withdraw));
  return () => {
    queuedIn.get(thread)?.delete(withdraw);
    if (queuedIn.get(thread)?.size === 0) queuedIn.delete(thread);
  };
}

/** Withdraws the questions of `thread` waiting in this process's queue (and wakes them); true when there was one. */
export function withdrawQueued(thread: ThreadId): boolean {
  const found = [...(queuedIn.get(thread) ?? [])];
  for (const withdraw of found) withdraw();
  if (found.length > 0) wakeAll();
  return found.length > 0;
}
