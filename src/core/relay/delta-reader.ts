/** Pulls the platform stream's deltas into the answer document, waking whoever waits for new text. */
import type { AnswerDocument } from './answer-document.js';
import { Wakeup } from './wakeup.js';

export class DeltaReader {
  ended = false;
  /** the stream threw before its end */
  failed = false;
  error: unknown;
  /** notified on every delta and once at the end */
  readonly changed = new Wakeup();
  /**
   * notified when a delta seals a part of the document and once at the end: a wait for an interval sleeps through
   * the deltas between (a wake-up, a timer and a promise on each were most of a streamed answer's own CPU) but not
   * through these, after which the text must go at once
   */
  readonly partEnded = new Wakeup();
  private readonly endListeners: (() => void)[] = [];
  private iterator: AsyncIterator<string> | undefined;
  private cancelled = false;

  constructor(
    private readonly deltas: AsyncIterable<string>,
    private readonly doc: AnswerDocument,
  ) {}

  start(): void {
    void this.pull();
  }

  onEnd(listener: () => void): void {
    this.endListeners.push(listener);
  }

  /** Stops reading and lets the stream release its request (abort on `return`). */
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    const iterator = this.iterator;
    if (!this.ended && iterator?.return) iterator.return().catch(() => undefined);
  }

  private async pull(): Promise<void> {
    try {
      this.iterator = this.deltas[Symbol.asyncIterator]();
      for (;;) {
        const next = await this.iterator.next();
        if (next.done || this.cancelled) break;
        if (typeof next.value === 'string' && next.value !== '') {
          const parts = this.doc.partCount;
          this.doc.append(next.value);
          this.changed.notify();
          if (this.doc.partCount !== parts) this.partEnded.notify();
        }
      }
    } catch (error) {
      if (!this.cancelled) {
        this.failed = true;
        this.error = error;
      }
    }
    this.ended = true;
    this.changed.notify();
    this.partEnded.notify();
    for (const listener of this.endListeners) listener();
  }
}
