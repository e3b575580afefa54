/**
 * Thread-scoped task state: one small record per thread, updated by compare-and-set on its version under a
 * per-thread lock. Implementations: memory (tests), lowdb (default, STATE_FILE), Redis (REDIS_URL).
 */
import type { Lang } from '../i18n/index.js';
import type { ChatKind, ThreadId } from './thread-id.js';

/** Platform ids a thread's task is tied to (names as the platform spells them). */
export interface PlatformIds {
  task_id?: string;
  report_id?: string;
  job_id?: string;
  chat_id?: string;
  chat_item_id?: string;
  session_id?: string;
}

/** What the thread is waiting for on the platform, so that a restarted bot can resume the wait. */
export interface Wait {
  /** the operation being polled, e.g. `AI35-8` */
  operation: string;
  /** the workflow step that continues when it is ready */
  step: string;
  since: number;
  /** the replica holding the wait and until when (Redis lease); absent for a single process */
  leaseOwner?: string;
  leaseUntil?: number;
}

export type ThreadStatus = 'active' | 'waiting' | 'done' | 'failed' | 'cancelled';

const FINISHED: ReadonlySet<ThreadStatus> = new Set<ThreadStatus>(['done', 'failed', 'cancelled']);

/** Done, failed or cancelled: nothing more happens in the thread's task. */
export const isFinished = (status: ThreadStatus): boolean => FINISHED.has(status);

export interface ThreadRecord {
  thread: ThreadId;
  /** `chat`, `novelty`, `solution`, ... */
  workflow: string;
  /** the workflow's current step */
  step: string;
  /** incremented by every write; button values carry it */
  version: number;
  /**
   * The format the record was written in (handlers/workflow/record/migrations.ts); absent in records written
   * before formats were versioned, which are format 0. Loading migrates older formats one version at a time.
   */
  schemaVersion?: number;
  status: ThreadStatus;
  workspaceId: string;
  startedBy: string;
  ids: PlatformIds;
  /** small selections and inputs the user confirmed (never large platform results) */
  data: Record<string, unknown>;
  wait?: Wait;
  /** the language the thread started in (core/language.ts), for work that runs without a user event */
  language?: Lang;
  /**
   * The inbox entries whose events were handed over to this record (core/hand-over.ts), newest last: stamped by the
   * very write that took each over, so a replay knows it happened. Absent in records no event was handed over to
   * since the stamps were introduced.
   */
  handedOver?: string[];
  createdAt: number;
  updatedAt: number;
}

/** A record as a caller writes it; the store sets `version` and `updatedAt`. */
export type ThreadRecordInput = Omit<ThreadRecord, 'version' | 'updatedAt'>;

export interface StateStore {
  get(thread: ThreadId): Promise<ThreadRecord | undefined>;
  /**
   * Writes `next` when the stored version equals `expectedVersion` (0: no record yet), atomically per thread.
   * Returns the stored record (version + 1), or undefined when another write came first. Rejects when
   * `next.thread` is not `thread`. Safe to call inside `withLock(thread, ...)`: it does not take that lock.
   * With `fence` (a lease's hold, core/lease.ts), writes only while that lock is still the holder's, atomically
   * with the write where the store can (Redis); undefined when it is lost.
   */
  compareAndSet(thread: ThreadId, expectedVersion: number, next: ThreadRecordInput, fence?: LockHold): Promise<ThreadRecord | undefined>;
  /** Marks `key` as seen for `ttlMs`; true only for the first caller (event dedupe, click idempotency). */
  setIfNotExists(key: string, ttlMs: number): Promise<boolean>;
  /**
   * Runs `fn` holding an exclusive lock on `key`, kept alive while `fn` runs; waits up to `waitMs` (default 10 s)
   * for it, then rejects with LockTimeoutError. `ttlMs` (default 30 s) only matters across processes (Redis):
   * how long a lock outlives a holder that died. `fn` gets the lock's hold: its fencing token.
   */
  withLock<T>(key: string, fn: (hold: LockHold) => Promise<T>, options?: { ttlMs?: number; waitMs?: number }): Promise<T>;
  /** A small named value shared by the whole bot (sealed workspace API keys); undefined when absent. */
  getSetting(key: string): Promise<string | undefined>;
  /** Stores a setting durably; `undefined` deletes it. */
  putSetting(key: string, value: string | undefined): Promise<void>;
  /** Threads with a recorded wait, for resuming after a restart. */
  listWaiting(): Promise<ThreadRecord[]>;
  /** Open (not done, failed or cancelled) threads a user started, newest first. */
  listOpenByUser(workspaceId: string, userId: string): Promise<ThreadRecord[]>;
  /**
   * Drops finished threads last updated before `now` minus the retention (default 30 days), with everything the
   * store keeps about them (files, indexes, sets), and dedupe keys past their TTL; returns how many threads went.
   * The bot runs it at start and every hour (src/state/retention.ts).
   */
  expire(now?: number): Promise<number>;
  /**
   * Deletes every thread of one workspace of one chat (a Slack team that uninstalled the bot), open or finished,
   * with everything the store keeps about them; returns how many went. A write to one of them after it
   * (expected version > 0) finds no record and is refused.
   */
  forgetWorkspace(chat: ChatKind, workspaceId: string): Promise<number>;
  close(): Promise<void>;
}

/** A held lock as its holder sees it: the fencing token its side effects carry, and whether it is still held. */
export interface LockHold {
  /** the lock's name, as given to `withLock` */
  readonly key: string;
  /** unique to this holding; on Redis the lock's value */
  readonly token: string;
  /** aborted once the holder learns the lock is no longer its own (a Redis lock that ran out before it was extended) */
  readonly lost: AbortSignal;
  /** asks the store now whether the lock is still this holding's (an in-process lock always is until released) */
  held(): Promise<boolean>;
}

export class LockTimeoutError extends Error {
  constructor(readonly key: string) {
    super(`could not acquire the lock on ${key} in time`);
    this.name = 'LockTimeoutError';
  }
}
