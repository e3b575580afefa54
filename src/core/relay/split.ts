/**
 * Where a part that grew too long is cut: at a paragraph, line, sentence or space boundary (Chinese punctuation
 * too), never inside a surrogate
 * pair or a grapheme (emoji with skin tone, ZWJ families, combining accents), and before a code fence rather
 * than inside it when the fence opened in this part.
 */
import { closingFor, openFenceAt, type OpenFence } from './fences.js';

export interface Cut {
  /** absolute index: the part is `text.slice(start, at)` */
  at: number;
  /** set when the cut could not avoid an open code fence: close it here, reopen it in the next part */
  fence?: OpenFence;
}

/** Paragraph, line, Chinese sentence end, space, Chinese clause mark: Chinese has no spaces to cut at. */
const SEPARATORS = ['\n\n', '\n', '。', '！', '？', ' ', '；', '，', '、'] as const;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Chooses a cut in `(start, start + budget]`; `text` must be longer than `start + budget`. */
export function chooseCut(text: string, start: number, budget: number): Cut {
  const end = start + Math.max(1, budget);
  const at = boundaryBefore(text, start, end, SEPARATORS);
  const fence = openFenceAt(text, at);
  if (!fence) return { at };
  if (fence.start > start) return { at: fence.start };
  // The fence opened before this part began (or right at its start): cut inside it, between lines if possible.
  const from = fence.bodyStart > start && fence.bodyStart < end ? fence.bodyStart : start;
  let limit = end - closingFor(fence, '').length;
  for (;;) {
    const inside = boundaryBefore(text, from, Math.max(from + 1, limit), ['\n', ' ']);
    const stillOpen = openFenceAt(text, inside);
    const overflow = inside + (stillOpen ? closingFor(stillOpen, text.slice(start, inside)).length : 0) - end;
    if (overflow <= 0 || limit <= from + 1) return stillOpen ? { at: inside, fence: stillOpen } : { at: inside };
    limit -= overflow;
  }
}

/** The latest cut after one of `separators` in `(from, to]`, preferring the second half, else a hard cut. */
function boundaryBefore(text: string, from: number, to: number, separators: readonly string[]): number {
  const half = from + Math.floor((to - from) / 2);
  for (const floor of [half, from]) {
    for (const separator of separators) {
      let index = text.lastIndexOf(separator, to - separator.length);
      while (index >= floor && index + separator.length > from && wouldOpenFence(text, index + separator.length)) {
        index = index === 0 ? -1 : text.lastIndexOf(separator, index - 1);
      }
      if (index >= floor && index + separator.length > from) return index + separator.length;
    }
  }
  return hardCut(text, from, to);
}

/** Text after a mid-line cut that starts with ``` would become a code fence at the start of the next message. */
const wouldOpenFence = (text: string, at: number): boolean => text[at - 1] !== '\n' && /^ {0,3}(`{3}|~{3})/.test(text.slice(at, at + 6));

/** The last grapheme boundary in `(from, to]`; a code point boundary if one grapheme is longer than that. */
function hardCut(text: string, from: number, to: number): number {
  const windowStart = Math.max(from, to - 64);
  let best = -1;
  for (const { index } of segmenter.segment(text.slice(windowStart, Math.min(text.length, to + 16)))) {
    const at = windowStart + index;
    if (at > to) break;
    if (at > from && !wouldOpenFence(text, at)) best = at;
  }
  const at = best > from ? best : to;
  const code = text.charCodeAt(at - 1);
  const splitsPair = code >= 0xd800 && code <= 0xdbff && at - 1 > from;
  return splitsPair ? at - 1 : at;
}
