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
    this.whole += delta;
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
    const boundary = this.boundaries[index];
    if (!boundary) throw new RangeError(`no part ${index}`);
    const next = this.boundaries[index + 1];
    let end = next ? next.start : this.whole.length;
    if (!next && live && end > boundary.start && isHighSurrogate(this.whole.charCodeAt(end - 1))) end -= 1;
    const text = this.whole.slice(boundary.start, end);
    return { text, display: boundary.reopening + text + boundary.closing, sealed: next !== undefined };
  }

  /** The raw text of every part; joined they equal `text`. */
  parts(): string[] {
    return this.boundaries.map((_, index) => this.part(index).text);
  }
}
