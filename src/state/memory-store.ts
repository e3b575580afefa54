/**
 * A Map-backed StateStore that behaves like the durable ones (compare-and-set on versions, dedupe keys that
 * expire, locks that queue and time out) without touching disk: for unit tests of handlers and the router.
 * Records are copied in and out, so a caller mutating a returned record changes nothing stored.
 */
import type { ChatKind, ThreadId } from '../core/thread-id.js';
import { KeyedMutex } from './keyed-mutex.js';
import { DEFAULT_LOCK_WAIT_MS, DEFAULT_RETENTION_MS, inWorkspace, newestFirst, stampRecord, type CommonStoreOptions } from './options.js';
import type { LockHold, StateStore, ThreadRecord, ThreadRecordInput } from '../core/state.js';
import { isFinished } from '../core/state.js';

export class MemoryStateStore implements StateStore {
  readonly #records = new Map<ThreadId, ThreadRecord>();
  /** dedupe key -> expiry time */
  readonly #seen = new Map<string, number>();
  readonly #settings = new Map<string, string>();
  readonly #locks = new KeyedMutex();
  readonly #retentionMs: number;
  readonly #clock: () => number;

  constructor(options: CommonStoreOptions = {}) {
    this.#retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
    this.#clock = options.clock ?? Date.now;
  }

  async get(thread: ThreadId): Promise<ThreadRecord | undefined> {
    const record = this.#records.get(thread);
    return record && structuredClone(record);
  }

  // a `fence` is an in-process lock's hold here: it cannot be lost while its holder runs, so it asks nothing
  async compareAndSet(thread: ThreadId, expectedVersion: number, next: ThreadRecordInput, _fence?: LockHold): Promise<ThreadRecord | undefined> {
    const stored = this.#records.get(thread)?.version ?? 0;
    if (stored !== expectedVersion) return undefined;
    const record = stampRecord(thread, expectedVersion, structuredClone(next), this.#clock());
    this.#records.set(thread, record);
    return structuredClone(record);
  }

  async setIfNotExists(key: string, ttlMs: number): Promise<boolean> {
    const now = this.#clock();
    const expiresAt = this.#seen.get(key);
    if (expiresAt !== undefined && expiresAt > now) return false;
    this.#seen.set(key, now + ttlMs);
    return true;
  }

  withLock<T>(key: string, fn: (hold: LockHold) => Promise<T>, options: { ttlMs?: number; waitMs?: number } = {}): Promise<T> {
    return this.#locks.runHeld(key, fn, options.waitMs ?? DEFAULT_LOCK_WAIT_MS);
  }

  async getSetting(key: string): Promise<string | undefined> {
    return this.#settings.get(key);
  }

  async putSetting(key: string, value: string | undefined): Promise<void> {
    if (value === undefined) this.#settings.delete(key);
    else this.#settings.set(key, value);
  }

  async listWaiting(): Promise<ThreadRecord[]> {
    return [...this.#records.values()].filter((r) => r.wait !== undefined).map((r) => structuredClone(r));
  }

  async listOpenByUser(workspaceId: string, userId: string): Promise<ThreadRecord[]> {
    return [...this.#records.values()]
      .filter((r) => r.workspaceId === workspaceId && r.startedBy === userId && !isFinished(r.status))
      .sort(newestFirst)
      .map((r) => structuredClone(r));
  }

  async expire(now: number = this.#clock()): Promise<number> {
    const cutoff = now - this.#retentionMs;
    let dropped = 0;
    for (const [thread, record] of this.#records) {
      if (isFinished(record.status) && record.updatedAt < cutoff) {
        this.#records.delete(thread);
        dropped += 1;
      }
    }
    for (const [key, expiresAt] of this.#seen) if (expiresAt <= now) this.#seen.delete(key);
    return dropped;
  }

  async forgetWorkspace(chat: ChatKind, workspaceId: string): Promise<number> {
    const belongs = inWorkspace(chat, workspaceId);
    const threads = [...this.#records.keys()].filter(belongs);
    for (const thread of threads) this.#records.delete(thread);
    return threads.length;
  }

  async close(): Promise<void> {}
}
