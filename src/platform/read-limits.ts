/**
 * How much the client reads from the gateway and how long a stream may run: limits a real answer never reaches,
 * past which reading stops (the request is aborted, nothing more is buffered) with a ResponseTooLargeError or an
 * interrupted stream. They keep a misbehaving gateway from taking the process's memory or an answer's slot.
 */
import { ResponseTooLargeError, type PlatformErrorInit } from './errors.js';

export interface ReadLimits {
  /** one JSON response body, in bytes */
  maxJsonBytes: number;
  /** one SSE event as it arrives (its lines up to the blank line that ends it), in bytes */
  maxEventBytes: number;
  /** one whole stream in bytes, keep-alives and text a cumulative stream sends again included */
  maxStreamBytes: number;
  /** the text one stream delivers, in characters (UTF-16 units) */
  maxStreamChars: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxJsonBytes: 8 * MiB,
  maxEventBytes: 1 * MiB,
  maxStreamBytes: 256 * MiB,
  maxStreamChars: 200_000,
};

export function readLimits(options: Partial<ReadLimits> = {}): ReadLimits {
  const limits = { ...DEFAULT_READ_LIMITS };
  for (const key of Object.keys(limits) as (keyof ReadLimits)[]) {
    const value = options[key];
    if (value !== undefined) {
      if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`${key} must be a whole number above 0, got ${value}`);
      limits[key] = value;
    }
  }
  return limits;
}

export const tooLarge = (init: PlatformErrorInit, what: string, limit: number, unit: 'bytes' | 'characters'): ResponseTooLargeError =>
  new ResponseTooLargeError(init, `${what} is larger than ${limit} ${unit}`);

const LF = 0x0a;
const CR = 0x0d;

/**
 * Counts the bytes of the SSE event being received: the bytes since the last blank line (the end of an event),
 * across chunks and line ends of every kind (LF, CRLF, CR). What the SSE parser holds for the current event
 * never exceeds this count.
 */
export class EventSizeMeter {
  private sinceBoundary = 0;
  private lineLength = 0;
  private afterCr = false;

  /** The size of the event still open once `chunk` is added (0 when the chunk ended on an event's blank line). */
  add(chunk: Uint8Array): number {
    let since = this.sinceBoundary;
    let line = this.lineLength;
    let afterCr = this.afterCr;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === LF && afterCr) {
        // the second half of a CRLF line end, already counted
        afterCr = false;
        continue;
      }
      afterCr = byte === CR;
      if (byte === LF || byte === CR) {
        // a blank line ends the event; any other line end only ends a line
        since = line === 0 ? 0 : since + 1;
        line = 0;
      } else {
        line += 1;
        since += 1;
      }
    }
    this.sinceBoundary = since;
    this.lineLength = line;
    this.afterCr = afterCr;
    return since;
  }
}
