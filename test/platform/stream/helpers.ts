/** Builders for stream tests: SSE text from envelopes, bodies cut into chunks, and a stream that counts aborts. */
import { mulberry32 } from '../../../src/lib/random.js';
import type { StreamEvent } from '../../../src/platform/events.js';
import type { StreamFamily, StreamOperationId } from '../../../src/platform/operations.js';
import { createPlatformStream, type PlatformStream } from '../../../src/platform/stream/index.js';

export const encoder = new TextEncoder();

export interface SseOptions {
  lineEnd?: '\n' | '\r\n';
  /** `data:{...}` instead of `data: {...}` */
  noSpace?: boolean;
}

/** One SSE event per item: envelopes are JSON-encoded, strings (`[DONE]`, broken JSON) go out as they are. */
export function sse(items: unknown[], options: SseOptions = {}): string {
  const end = options.lineEnd ?? '\n';
  const prefix = options.noSpace ? 'data:' : 'data: ';
  return items.map((item) => `${prefix}${typeof item === 'string' ? item : JSON.stringify(item)}${end}${end}`).join('');
}

export const ok = (data: unknown) => ({ status: true, error_code: 0, data });
export const failure = (errorCode: number, message: string) => ({ status: false, error_code: errorCode, error_msg: message });

/** Splits bytes at the given offsets (sorted, within the array). */
export function splitAt(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const bounds = [0, ...offsets, bytes.length];
  return bounds.slice(1).map((end, i) => bytes.slice(bounds[i], end));
}

export interface TestBody extends AsyncIterable<Uint8Array> {
  /** chunks handed out so far */
  readonly delivered: number;
  /** true once the stream let go of the body (its iterator's return() was called) */
  readonly released: boolean;
}

/** A body that yields the chunks, then fails with `failWith` (if given) or ends, or never ends (`hang`). */
export function testBody(chunks: Uint8Array[], end: { failWith?: Error; hang?: boolean } = {}): TestBody {
  let delivered = 0;
  let released = false;
  return {
    get delivered() {
      return delivered;
    },
    get released() {
      return released;
    },
    [Symbol.asyncIterator]() {
      return {
        async next(): Promise<IteratorResult<Uint8Array>> {
          const chunk = chunks[delivered];
          if (chunk) {
            delivered += 1;
            return { done: false, value: chunk };
          }
          if (end.failWith) throw end.failWith;
          if (end.hang) return new Promise(() => undefined);
          return { done: true, value: undefined };
        },
        async return(): Promise<IteratorResult<Uint8Array>> {
          released = true;
          return { done: true, value: undefined };
        },
      };
    },
  };
}

export interface OpenedStream {
  stream: PlatformStream;
  body: TestBody;
  /** how many times the stream called `abort` */
  aborts: () => number;
}

export function openStream(
  chunks: Uint8Array[] | string,
  options: { family?: StreamFamily; operation?: StreamOperationId; failWith?: Error; hang?: boolean; drainTimeoutMs?: number } = {},
): OpenedStream {
  const body = testBody(typeof chunks === 'string' ? [encoder.encode(chunks)] : chunks, options);
  let aborts = 0;
  const stream = createPlatformStream({
    operation: options.operation ?? 'AI20',
    family: options.family ?? 'ai20',
    body,
    abort: () => {
      aborts += 1;
    },
    requestId: 'req-test-1',
    drainTimeoutMs: options.drainTimeoutMs,
  });
  return { stream, body, aborts: () => aborts };
}

/** Reads every event, returning them together with the error the stream ended with (if any). */
export async function readAll(stream: AsyncIterable<StreamEvent>): Promise<{ events: StreamEvent[]; error?: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

export const textOf = (events: StreamEvent[]) => events.map((event) => (event.type === 'text' ? event.text : '')).join('');

/** A small deterministic PRNG (mulberry32), so "random" splits are the same on every run. */
export const seededRandom = mulberry32;
