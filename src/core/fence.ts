/**
 * Fencing for a lease's side effects: while the lease runs, every side effect for its thread first asks whether
 * the lease is still its holder's, and the record write carries the lease's hold (on Redis the check and the
 * write are one script). Once the lease's work has ended normally, what it started in the background goes on
 * unfenced (a watcher of the shown step, the next step's wait under a lease of its own).
 */
import type { RecordWriter, WriteOptions } from './records.js';
import type { LockHold, StateStore } from './state.js';

/** A side effect refused because the lease it was made under is no longer this replica's. */
export class LeaseLostError extends Error {
  constructor(readonly lease: string) {
    super(`the lease ${lease} is no longer held here: another replica carries the work on`);
    this.name = 'LeaseLostError';
  }
}

export class Fence {
  #ended = false;
  constructor(readonly hold: LockHold) {}

  /** true once the holder learnt the lease is gone */
  get lost(): boolean {
    return this.hold.lost.aborted;
  }

  /** The lease's work is over: from now on nothing is fenced. */
  end(): void {
    this.#ended = true;
  }

  /** The hold a record write carries while the lease runs; none after it. */
  get writeFence(): LockHold | undefined {
    return this.#ended ? undefined : this.hold;
  }

  /** Resolves while the lease is still ours (or its work is over); rejects with LeaseLostError when it is lost. */
  async check(): Promise<void> {
    if (this.#ended) return;
    if (!(await this.hold.held())) throw new LeaseLostError(this.hold.key);
  }
}

type Method = (...args: unknown[]) => unknown;

/**
 * An object that answers as `target` does (each method and property read from `target` when used, through its
 * own get trap if it has one), with `around` wrapped around the methods it returns a replacement for.
 */
export function delegating<T extends object>(target: T, around: (name: string, call: Method) => Method | undefined): T {
  const names = new Set<string>();
  for (let level: object | null = target; level && level !== Object.prototype; level = Object.getPrototypeOf(level)) {
    for (const name of Object.getOwnPropertyNames(level)) names.add(name);
  }
  names.delete('constructor');
  const copy = Object.create(target) as T;
  for (const name of names) {
    if (typeof Reflect.get(target, name) !== 'function') {
      Object.defineProperty(copy, name, { get: () => Reflect.get(target, name) });
      continue;
    }
    const call: Method = (...args) => (Reflect.get(target, name) as Method).apply(target, args);
    Object.defineProperty(copy, name, { value: around(name, call) ?? call });
  }
  return copy;
}

/** Runs `call` only once the fence says the lease is still ours. */
export const checkedFirst =
  (fence: Fence, call: Method): Method =>
  async (...args) => {
    await fence.check();
    return call(...args);
  };

/** The store as a lease's work sees it: its record writes carry the lease's hold. */
export function fencedState(state: StateStore, fence: Fence): StateStore {
  const compareAndSet: StateStore['compareAndSet'] = (thread, expectedVersion, next, given) =>
    state.compareAndSet(thread, expectedVersion, next, given ?? fence.writeFence);
  return delegating(state, (name) => (name === 'compareAndSet' ? (compareAndSet as Method) : undefined));
}

/** The record writer as a lease's work sees it: a write carries the lease's hold unless it names a fence itself. */
export function fencedRecords(records: RecordWriter, fence: Fence): RecordWriter {
  return delegating(records, (name, call) => {
    if (name === 'speaking') return (...args) => fencedRecords(call(...args) as RecordWriter, fence);
    if (name !== 'create' && name !== 'update') return undefined;
    return (...args) => {
      const [first, second, options] = args as [unknown, unknown, WriteOptions | undefined];
      return call(first, second, { ...options, fence: options?.fence ?? fence.writeFence });
    };
  });
}
