/**
 * Bytes of a text/event-stream body in, the `data` of each complete event out. Chunks may split anything:
 * lines, events, CRLF pairs, multi-byte UTF-8 characters. Event names, ids and comments are ignored: the
 * platform puts everything into `data`.
 */
import { createParser, type EventSourceParser } from 'eventsource-parser';

export interface SseData {
  data: string;
  /**
   * true when the body ended before this event's terminating blank line: the event may be cut short
   * (or the server simply omitted the final blank line; the reader decides by whether the data parses).
   */
  unterminated: boolean;
}

export class SseDecoder {
  private readonly text = new TextDecoder('utf-8');
  private readonly parser: EventSourceParser;
  private ready: SseData[] = [];
  private flushing = false;
  private finished = false;

  constructor() {
    this.parser = createParser({
      onEvent: (event) => this.ready.push({ data: event.data, unterminated: this.flushing }),
    });
  }

  /** The events completed by this chunk, in order. */
  push(chunk: Uint8Array): SseData[] {
    if (this.finished) throw new Error('SseDecoder: push after finish');
    this.parser.feed(this.text.decode(chunk, { stream: true }));
    return this.take();
  }

  /**
   * Call once when the body has ended: returns what the end completes. A trailing partial line or an event
   * without its blank line comes out marked `unterminated`; a dangling half of a multi-byte character becomes
   * U+FFFD, as in any UTF-8 decoder.
   */
  finish(): SseData[] {
    if (this.finished) return [];
    this.finished = true;
    const rest = this.text.decode();
    if (rest) this.parser.feed(rest);
    const complete = this.take();
    this.flushing = true;
    // Two line ends close a partial line and then the pending event, whichever of them is open.
    this.parser.feed('\n\n');
    return [...complete, ...this.take()];
  }

  private take(): SseData[] {
    const out = this.ready;
    this.ready = [];
    return out;
  }
}
