/**
 * A platform answer as an AsyncIterable of typed events (openai-node's Stream is the model): iterate it
 * once; leaving the loop early, calling abort() or a failure aborts the HTTP request, so the connection is
 * never left half-read.
 *
 * When `init.abort` is called (at most once): when iteration stops while the body is still open, i.e. the
 * consumer breaks/returns/throws out of the loop, calls abort(), or the stream fails on an event (error
 * envelope, malformed event, failed task); and at `done` when the rest of the body does not end within
 * `drainTimeoutMs` (what arrives after `done` is read and ignored). Never when the body ended or failed by
 * itself: a stream read to its end leaves the connection to the pool.
 *
 * `init.limits` bound it (stream-guard.ts): an event or a whole stream too large, too much text, too long without
 * an event (keep-alives do not count) or past its deadline ends it with an error, and the request is aborted.
 */
import { StreamInterruptedError, type PlatformError } from '../errors.js';
import type { StreamEvent } from '../events.js';
import type { StreamFamily, StreamOperationId } from '../operations.js';
import { BodyReader } from './body-reader.js';
import { readEvent } from './event-reader.js';
import type { StreamContext } from './normalizer.js';
import { createNormalizer } from './normalizers.js';
import { SseDecoder } from './sse-decoder.js';
import { StreamGuard, type StreamLimits } from './stream-guard.js';
import { collectEvents, type StreamResult } from './collect.js';

export interface OpenStreamInit {
  operation: StreamOperationId;
  family: StreamFamily;
  /** the HTTP response body (undici's body is one) */
  body: AsyncIterable<Uint8Array>;
  /** aborts the HTTP request (closes the connection) */
  abort: () => void;
  requestId?: string;
  /** at `done`, how long to wait for the rest of the body to end before aborting it (default 250 ms) */
  drainTimeoutMs?: number;
  /** sizes and times past which the stream ends with an error (default: none) */
  limits?: Partial<StreamLimits>;
}

const DEFAULT_DRAIN_TIMEOUT_MS = 250;
/** families whose event format the platform does not publish: their events may come without the envelope */
const BARE_FAMILIES: ReadonlySet<StreamFamily> = new Set(['disclosure', 'agent']);
/** at `done`, more than this many further bytes is not worth reading to save the connection */
const DRAIN_MAX_BYTES = 64 * 1024;

export class PlatformStream implements AsyncIterable<StreamEvent> {
  readonly operation: StreamOperationId;
  readonly requestId?: string;
  private iterated = false;
  private abortedByCaller = false;
  private connectionAborted = false;
  private reader: BodyReader | undefined;

  constructor(private readonly init: OpenStreamInit) {
    this.operation = init.operation;
    this.requestId = init.requestId;
  }

  /** true once abort() was called */
  get aborted(): boolean {
    return this.abortedByCaller;
  }

  /** Stops the stream and closes its connection; the loop over it then ends quietly, without `done`. */
  abort(): void {
    this.abortedByCaller = true;
    this.reader?.interrupt();
    if (!this.reader || this.reader.open) this.abortConnection();
  }

  [Symbol.asyncIterator](): AsyncIterator<StreamEvent> {
    if (this.iterated) {
      throw new Error(`${this.operation}: this stream has already been iterated; a platform stream can be read only once`);
    }
    this.iterated = true;
    return this.events();
  }

  /** Reads the whole stream: the text, the last references, usage and session ids, and why it ended. */
  collect(): Promise<StreamResult> {
    return collectEvents(this);
  }

  private async *events(): AsyncGenerator<StreamEvent, void, undefined> {
    if (this.abortedByCaller) return;
    const context: StreamContext = { operation: this.operation, requestId: this.requestId };
    const reader = (this.reader = new BodyReader(this.init.body));
    const decoder = new SseDecoder();
    const normalize = createNormalizer(this.init.family, context);
    const guard = new StreamGuard(this.init.limits ?? {}, context);
    let sawEvent = false;
    try {
      for (;;) {
        const read = await this.readChunk(reader, context, guard.readTimeoutMs());
        if (read === 'interrupted') return;
        if (read === 'timeout') throw guard.timedOut();
        if (read !== 'end') guard.checkChunk(read);
        for (const sse of read === 'end' ? decoder.finish() : decoder.push(read)) {
          const events = readEvent(sse, normalize, context, BARE_FAMILIES.has(this.init.family));
          if (!events) continue;
          sawEvent = true;
          if (events.length > 0) guard.delivered(textLength(events));
          for (const event of events) {
            // Drained before `done` is yielded, so a consumer that stops at `done` does not abort a finished body.
            if (event.type === 'done') await this.drain(reader);
            if (this.abortedByCaller) return;
            yield event;
            guard.resumed();
            if (event.type === 'done' || this.abortedByCaller) return;
          }
        }
        if (read === 'end') {
          if (!sawEvent) throw new StreamInterruptedError(context, 'the stream ended before any event');
          yield { type: 'done', reason: 'end' };
          return;
        }
      }
    } finally {
      if (reader.open) this.abortConnection();
      reader.release();
    }
  }

  private async readChunk(reader: BodyReader, context: StreamContext, timeoutMs?: number): Promise<Uint8Array | 'end' | 'interrupted' | 'timeout'> {
    try {
      const read = await reader.read(timeoutMs);
      if (read.kind === 'chunk') return read.bytes;
      return read.kind;
    } catch (error) {
      if (this.abortedByCaller) return 'interrupted';
      if (isCallerAbort(error)) throw error;
      const silent = (error as Partial<PlatformError> | undefined)?.kind === 'timeout';
      throw new StreamInterruptedError(
        { ...context, cause: error },
        silent ? 'the stream went silent for too long' : 'the connection failed while the answer was streaming',
      );
    }
  }

  /** Before `done`: lets the server finish the body (usually `[DONE]` and the end) so the connection is reused. */
  private async drain(reader: BodyReader): Promise<void> {
    const deadline = Date.now() + (this.init.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS);
    let bytes = 0;
    try {
      while (reader.open && bytes <= DRAIN_MAX_BYTES) {
        const read = await reader.read(Math.max(0, deadline - Date.now()));
        if (read.kind !== 'chunk') return;
        bytes += read.bytes.byteLength;
      }
    } catch {
      // the answer is complete; a connection that fails now changes nothing
    }
  }

  private abortConnection(): void {
    if (this.connectionAborted) return;
    this.connectionAborted = true;
    try {
      this.init.abort();
    } catch {
      // aborting is best effort: the stream is over either way
    }
  }
}

export function createPlatformStream(init: OpenStreamInit): PlatformStream {
  return new PlatformStream(init);
}

const textLength = (events: StreamEvent[]): number => events.reduce((sum, event) => sum + (event.type === 'text' ? event.text.length : 0), 0);

/** The caller's own AbortSignal fired (the client passes that AbortError through): not a broken stream. */
function isCallerAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
