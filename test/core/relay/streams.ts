/** Delta streams for relay tests: one driven by hand, one on a timetable (works with fake timers). */
import { mulberry32 } from '../../../src/lib/random.js';
import { threadId, type ThreadId } from '../../../src/core/thread-id.js';

export const threadIn = (workspace: string, n = 1): ThreadId => threadId('slack', workspace, 'C1', `1700000000.${n}`);

/** An async iterable the test pushes into; `returned` tells whether the consumer released it. */
export class PushStream implements AsyncIterable<string> {
  returned = false;
  private readonly queue: IteratorResult<string>[] = [];
  private failure: { error: unknown } | undefined;
  private waiting: { resolve: (r: IteratorResult<string>) => void; reject: (e: unknown) => void } | undefined;

  push(...deltas: string[]): void {
    for (const delta of deltas) this.deliver({ done: false, value: delta });
  }

  end(): void {
    this.deliver({ done: true, value: undefined });
  }

  fail(error: unknown): void {
    if (this.waiting) {
      const { reject } = this.waiting;
      this.waiting = undefined;
      reject(error);
    } else this.failure = { error };
  }

  [Symbol.asyncIterator](): AsyncIterator<string> {
    return {
      next: () => {
        const queued = this.queue.shift();
        if (queued) return Promise.resolve(queued);
        if (this.failure) return Promise.reject(this.failure.error);
        return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
      },
      return: () => {
        this.returned = true;
        this.waiting?.resolve({ done: true, value: undefined });
        this.waiting = undefined;
        return Promise.resolve({ done: true, value: undefined });
      },
    };
  }

  private deliver(result: IteratorResult<string>): void {
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = undefined;
      resolve(result);
    } else this.queue.push(result);
  }
}

export interface Timed {
  /** ms after the stream starts */
  at: number;
  delta: string;
}

/** Yields each delta at its time; throws `failWith` after the last one when given. Records when each was yielded. */
export async function* timedDeltas(timetable: Timed[], failWith?: Error, log?: { at: number; text: string }[]): AsyncGenerator<string> {
  const started = Date.now();
  let text = '';
  for (const { at, delta } of timetable) {
    const wait = started + at - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    text += delta;
    log?.push({ at: Date.now(), text });
    yield delta;
  }
  if (failWith) throw failWith;
}

/** `count` deltas of `word` every `everyMs`, starting at `everyMs`. */
export const steady = (count: number, everyMs: number, word = (i: number) => `w${i} `): Timed[] =>
  Array.from({ length: count }, (_, i) => ({ at: (i + 1) * everyMs, delta: word(i) }));

export const joined = (timetable: Timed[]): string => timetable.map((t) => t.delta).join('');

/** A deterministic pseudo-random generator (mulberry32) so "random" inputs are the same on every run. */
export const seeded = mulberry32;
