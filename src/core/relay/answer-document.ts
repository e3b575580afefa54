/**
 * The answer as it arrives, cut into parts that each fit one chat message. Parts are sealed as soon as the
 * text outgrows a message, so a sealed part never changes; the last part grows until the stream ends.
 * The raw parts join to the exact answer; code fences cut in two are closed and reopened only in `display`.
 */
import { closingFor, reopeningFor } from './fences.js';
import { chooseCut } from './split.js';

export interface Part {
  /** the answer's own text in this part */
  text: string;
  /** what the message shows: `text` with a cut code fence reopened before and closed after */
  display: string;
  sealed: boolean;
}

interface Boundary {
  start: number;
  /** fence reopened at the start of the part */
  reopening: string;
  /** fence closed at the end of the (sealed) part */
  closing: string;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

export class AnswerDocument {
  private whole = '';
  /** the last UTF-16 unit of `whole`, kept apart: reading it from `whole` would flatten (copy) the growing text */
  private lastUnit = 0;
  private readonly boundaries: Boundary[] = [{ start: 0, reopening: '', closing: '' }];

  constructor(private readonly maxChars: number) {
    if (!(maxChars >= 32)) throw new RangeError('maxMessageChars must be at least 32');
  }

  get text(): string {
    return this.whole;
  }

  get partCount(): number {
    return this.boundaries.length;
  }

  append(delta: string): void {
    if (delta === '') return;
    this.whole += delta;
    this.lastUnit = delta.charCodeAt(delta.length - 1);
    for (;;) {
      const last = this.boundaries[this.boundaries.length - 1]!;
      if (last.reopening.length + this.whole.length - last.start <= this.maxChars) return;
      const cut = chooseCut(this.whole, last.start, this.maxChars - last.reopening.length);
      last.closing = cut.fence ? closingFor(cut.fence, this.whole.slice(last.start, cut.at)) : '';
      this.boundaries.push({ start: cut.at, reopening: cut.fence ? reopeningFor(cut.fence, this.maxChars) : '', closing: '' });
    }
  }

  /** Part `index`; `live` drops a trailing half of a surrogate pair whose other half has not arrived yet. */
  part(index: number, live = false): Part {
    const { boundary, end, sealed } = this.span(index, live);
    const text = this.whole.slice(boundary.start, end);
    return { text, display: boundary.reopening + text + boundary.closing, sealed };
  }

  /*
   * The accessors below answer without copying the text: a streaming answer asks them on every delta, and each
   * `part` slices the whole answer (V8 flattens it into a fresh copy first).
   */

  /** Where part `index` begins in `text`. */
  partStart(index: number): number {
    return this.span(index, false).boundary.start;
  }

  /** Whether part `index` is sealed: the text has outgrown it and it will not change. */
  isSealed(index: number): boolean {
    return this.span(index, false).sealed;
  }

  /** `part(index, live).display.length` */
  displayLength(index: number, live = false): number {
    const { boundary, end } = this.span(index, live);
    return boundary.reopening.length + end - boundary.start + boundary.closing.length;
  }

  /** `part(index, live).display.slice(from)` */
  displayFrom(index: number, from: number, live = false): string {
    const { boundary, end } = this.span(index, live);
    const opening = boundary.reopening.length;
    const textLength = end - boundary.start;
    const head = from < opening ? boundary.reopening.slice(from) : '';
    const body = this.whole.slice(boundary.start + Math.min(Math.max(from - opening, 0), textLength), end);
    return head + body + boundary.closing.slice(Math.max(0, from - opening - textLength));
  }

  private span(index: number, live: boolean): { boundary: Boundary; end: number; sealed: boolean } {
    const boundary = this.boundaries[index];
    if (!boundary) throw new RangeError(`no part ${index}`);
    const next = this.boundaries[index + 1];
    let end = next ? next.start : this.whole.length;
    if (!next && live && end > boundary.start && isHighSurrogate(this.lastUnit)) end -= 1;
    return { boundary, end, sealed: next !== undefined };
  }

  /** The raw text of every part; joined they equal `text`. */
  parts(): string[] {
    return this.boundaries.map((_, index) => this.part(index).text);
  }
}
