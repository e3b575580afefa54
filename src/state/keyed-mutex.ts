/**
 * In-process mutual exclusion per key, first come first served, with a bounded wait. Used for `withLock` by the
 * single-process stores and to serialize the writes of one thread's file.
 */
import { randomUUID } from 'node:crypto';
import { LockTimeoutError, type LockHold } from '../core/state.js';

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout | undefined;
}

export class KeyedMutex {
  /** keys currently held, each with the callers queued behind the holder */
  readonly #queues = new Map<string, Waiter[]>();

  /** Resolves with a release function once `key` is ours; rejects with LockTimeoutError after `waitMs`. */
  acquire(key: string, waitMs: number = Number.POSITIVE_INFINITY): Promise<() => void> {
    const queue = this.#queues.get(key);
    if (!queue) {
      this.#queues.set(key, []);
      return Promise.resolve(this.#releaser(key));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { grant: () => resolve(this.#releaser(key)), timer: undefined };
      if (Number.isFinite(waitMs)) {
        waiter.timer = setTimeout(() => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(new LockTimeoutError(key));
        }, waitMs);
      }
      queue.push(waiter);
    });
  }

  async run<T>(key: string, fn: () => Promise<T>, waitMs?: number): Promise<T> {
    const release = await this.acquire(key, waitMs);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /** As `run`, giving `fn` the hold of an in-process lock: it cannot be lost, only released when `fn` ends. */
  async runHeld<T>(key: string, fn: (hold: LockHold) => Promise<T>, waitMs?: number): Promise<T> {
    const release = await this.acquire(key, waitMs);
    let released = false;
    const hold: LockHold = { key, token: randomUUID(), lost: new AbortController().signal, held: async () => !released };
    try {
      return await fn(hold);
    } finally {
      released = true;
      release();
    }
  }

  #releaser(key: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const queue = this.#queues.get(key);
      const next = queue?.shift();
      if (!next) {
        this.#queues.delete(key);
        return;
      }
      if (next.timer) clearTimeout(next.timer);
      next.grant();
    };
  }
}
