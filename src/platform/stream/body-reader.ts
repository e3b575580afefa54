/**
 * Reads the response body one chunk at a time, and stops waiting the moment it is interrupted or a
 * deadline passes, even if the body itself never reacts. Knows whether the body is still open, which is
 * what decides if the connection has to be aborted when reading stops.
 */
export type ReadResult = { kind: 'chunk'; bytes: Uint8Array } | { kind: 'end' } | { kind: 'interrupted' } | { kind: 'timeout' };

export class BodyReader {
  private readonly iterator: AsyncIterator<Uint8Array>;
  private pending: Promise<IteratorResult<Uint8Array>> | undefined;
  private state: 'open' | 'ended' | 'failed' = 'open';
  private interrupted = false;
  private wakeWaiter: (() => void) | undefined;

  constructor(body: AsyncIterable<Uint8Array>) {
    this.iterator = body[Symbol.asyncIterator]();
  }

  /** true until the body has ended or failed (or was let go): bytes may still be on their way */
  get open(): boolean {
    return this.state === 'open';
  }

  /** Makes the read in progress, and every later one, return `interrupted`. */
  interrupt(): void {
    this.interrupted = true;
    this.wakeWaiter?.();
  }

  /** The next chunk. Throws what the body throws (and the reader is then no longer open). */
  async read(timeoutMs?: number): Promise<ReadResult> {
    if (this.interrupted) return { kind: 'interrupted' };
    // A read that lost a race is still running: reuse it rather than lose its chunk.
    const next = (this.pending ??= this.iterator.next());
    let timer: NodeJS.Timeout | undefined;
    try {
      const winner = await new Promise<IteratorResult<Uint8Array> | ReadResult>((resolve, reject) => {
        this.wakeWaiter = () => resolve({ kind: 'interrupted' });
        if (timeoutMs !== undefined) timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
        next.then(resolve, reject);
      });
      if ('kind' in winner) return winner;
      this.pending = undefined;
      if (!winner.done) return { kind: 'chunk', bytes: winner.value };
      this.state = 'ended';
      return { kind: 'end' };
    } catch (error) {
      this.pending = undefined;
      this.state = 'failed';
      throw error;
    } finally {
      this.wakeWaiter = undefined;
      clearTimeout(timer);
    }
  }

  /** Lets go of the body without waiting: a read still in flight may fail once the connection is gone. */
  release(): void {
    this.pending?.catch(() => undefined);
    if (this.state !== 'open') return;
    this.state = 'ended';
    try {
      Promise.resolve(this.iterator.return?.()).catch(() => undefined);
    } catch {
      // a body that cannot be closed is left to the connection abort
    }
  }
}
