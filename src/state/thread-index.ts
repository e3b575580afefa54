/**
 * What a single-process store keeps in memory about every thread so that no query has to scan the disk:
 * the current version (for compare-and-set), the threads with a recorded wait, and the open threads per user.
 * A few dozen bytes per thread; the records themselves stay in their files.
 */
import type { ThreadId } from '../core/thread-id.js';
import { ownerKey } from './options.js';
import type { ThreadRecord, ThreadStatus } from '../core/state.js';
import { isFinished } from '../core/state.js';

interface IndexEntry {
  version: number;
  status: ThreadStatus;
  owner: string;
  updatedAt: number;
}

export class ThreadIndex {
  readonly #entries = new Map<ThreadId, IndexEntry>();
  readonly #waiting = new Set<ThreadId>();
  readonly #openByOwner = new Map<string, Set<ThreadId>>();

  get size(): number {
    return this.#entries.size;
  }

  versionOf(thread: ThreadId): number {
    return this.#entries.get(thread)?.version ?? 0;
  }

  has(thread: ThreadId): boolean {
    return this.#entries.has(thread);
  }

  put(record: ThreadRecord): void {
    this.remove(record.thread);
    const owner = ownerKey(record.workspaceId, record.startedBy);
    this.#entries.set(record.thread, { version: record.version, status: record.status, owner, updatedAt: record.updatedAt });
    if (record.wait !== undefined) this.#waiting.add(record.thread);
    if (!isFinished(record.status)) {
      let open = this.#openByOwner.get(owner);
      if (!open) this.#openByOwner.set(owner, (open = new Set()));
      open.add(record.thread);
    }
  }

  remove(thread: ThreadId): void {
    const entry = this.#entries.get(thread);
    if (!entry) return;
    this.#entries.delete(thread);
    this.#waiting.delete(thread);
    const open = this.#openByOwner.get(entry.owner);
    open?.delete(thread);
    if (open?.size === 0) this.#openByOwner.delete(entry.owner);
  }

  /** Every thread whose id passes `keep`. */
  threadsWhere(keep: (thread: ThreadId) => boolean): ThreadId[] {
    return [...this.#entries.keys()].filter(keep);
  }

  waiting(): ThreadId[] {
    return [...this.#waiting];
  }

  openOf(workspaceId: string, userId: string): ThreadId[] {
    return [...(this.#openByOwner.get(ownerKey(workspaceId, userId)) ?? [])];
  }

  /** Finished threads last updated before `cutoff`. */
  finishedBefore(cutoff: number): ThreadId[] {
    const found: ThreadId[] = [];
    for (const [thread, entry] of this.#entries) if (isFinished(entry.status) && entry.updatedAt < cutoff) found.push(thread);
    return found;
  }

  isFinishedBefore(thread: ThreadId, cutoff: number): boolean {
    const entry = this.#entries.get(thread);
    return entry !== undefined && isFinished(entry.status) && entry.updatedAt < cutoff;
  }
}
