/**
 * The bounds of one stream as it is read: the size of the event being received, the bytes of the whole stream,
 * the text it delivered, the time since its last event (keep-alives, comments and events that add nothing do
 * not count) and its overall deadline. Each check throws the error that ends the stream.
 */
import { StreamInterruptedError } from '../errors.js';
import { EventSizeMeter, tooLarge, type ReadLimits } from '../read-limits.js';
import type { StreamContext } from './normalizer.js';

export interface StreamLimits extends Pick<ReadLimits, 'maxEventBytes' | 'maxStreamBytes' | 'maxStreamChars'> {
  /** the longest time without an event that carries something; default: no limit */
  silenceMs?: number;
  /** the moment (Date.now()) by which the stream must have ended; default: none */
  deadlineAt?: number;
}

export class StreamGuard {
  private readonly meter = new EventSizeMeter();
  private bytes = 0;
  private chars = 0;
  private lastEventAt = Date.now();

  constructor(
    private readonly limits: Partial<StreamLimits>,
    private readonly context: StreamContext,
  ) {}

  /**
   * Before a chunk is parsed: throws when it makes the open event or the whole stream too large, or when it came
   * after the deadline or the silence (bytes that keep coming, keep-alives, are not an event).
   */
  checkChunk(chunk: Uint8Array): void {
    if (this.readTimeoutMs() === 0) throw this.timedOut();
    const { maxEventBytes, maxStreamBytes } = this.limits;
    this.bytes += chunk.byteLength;
    if (maxStreamBytes !== undefined && this.bytes > maxStreamBytes) throw tooLarge(this.context, 'the stream', maxStreamBytes, 'bytes');
    const open = this.meter.add(chunk);
    if (maxEventBytes !== undefined && open > maxEventBytes) throw tooLarge(this.context, 'one event of the stream', maxEventBytes, 'bytes');
  }

  /** An event that carried something: the silence starts again. Throws when the stream's text grew too long. */
  delivered(textChars: number): void {
    this.lastEventAt = Date.now();
    this.chars += textChars;
    const { maxStreamChars } = this.limits;
    if (maxStreamChars !== undefined && this.chars > maxStreamChars)
      throw tooLarge(this.context, 'the text of the stream', maxStreamChars, 'characters');
  }

  /** The consumer took an event and asks for the next: a consumer slow to ask is no silence of the gateway's. */
  resumed(): void {
    this.lastEventAt = Date.now();
  }

  /** How long the next read may wait before the silence or the deadline ends the stream; undefined: no limit. */
  readTimeoutMs(): number | undefined {
    const now = Date.now();
    const waits: number[] = [];
    if (this.limits.silenceMs !== undefined) waits.push(this.lastEventAt + this.limits.silenceMs - now);
    if (this.limits.deadlineAt !== undefined) waits.push(this.limits.deadlineAt - now);
    return waits.length ? Math.max(0, Math.min(...waits)) : undefined;
  }

  /**
   * The error for a read that waited its whole timeout: the bound that ends first named it. Not judged by the clock
   * now: a timer may fire a millisecond before Date.now() reaches the deadline it was set for.
   */
  timedOut(): StreamInterruptedError {
    const { deadlineAt, silenceMs } = this.limits;
    const silenceEndsAt = silenceMs === undefined ? Number.POSITIVE_INFINITY : this.lastEventAt + silenceMs;
    if (deadlineAt !== undefined && deadlineAt <= silenceEndsAt) return new StreamInterruptedError(this.context, 'the answer ran past its deadline');
    return new StreamInterruptedError(this.context, `the stream sent no event for ${silenceMs} ms (keep-alives do not count)`);
  }
}
