/** Label text for the pictures: its width in the bundled font (estimated per character), wrapping, XML escaping. */

const NARROW = new Set("iljtfr.,:;!|'`()[]{} ");
const WIDE = new Set('mwMW@%');

/** The advance of one character in em, from Noto Sans SC's metrics rounded up (CJK and full-width forms are 1 em). */
function advance(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x2e80 || (code >= 0x2000 && code <= 0x206f && char !== ' ')) return 1;
  if (char === ' ') return 0.25;
  if (NARROW.has(char)) return 0.3;
  if (WIDE.has(char)) return 0.86;
  if (char >= 'A' && char <= 'Z') return 0.66;
  return 0.56;
}

export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) em += advance(char);
  return em * fontSize;
}

const isCjk = (char: string): boolean => (char.codePointAt(0) ?? 0) >= 0x2e80;

/** Words of Latin text and single CJK characters (which may break anywhere), each with the spaces before it. */
function tokens(text: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const char of text) {
    if (isCjk(char) || (char === ' ' && current.trim() !== '')) {
      if (current) out.push(current);
      current = char;
      if (isCjk(char)) {
        out.push(current);
        current = '';
      }
    } else current += char;
  }
  if (current) out.push(current);
  return out;
}

/** Splits a token too long for a line into pieces that fit. */
function split(token: string, maxWidth: number, fontSize: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of token) {
    if (piece && textWidth(piece + char, fontSize) > maxWidth) {
      pieces.push(piece);
      piece = char.trim() ? char : '';
    } else piece += char;
  }
  return piece ? [...pieces, piece] : pieces;
}

/** The text in lines no wider than `maxWidth`; past `maxLines` the last line ends with an ellipsis. */
export function wrap(text: string, maxWidth: number, fontSize: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const token of tokens(text.replace(/\s+/g, ' ').trim()).flatMap((t) => split(t, maxWidth, fontSize))) {
    if (line && textWidth(line + token, fontSize) > maxWidth) {
      lines.push(line);
      line = token.trimStart();
    } else line += line ? token : token.trimStart();
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && textWidth(`${last}…`, fontSize) > maxWidth) last = [...last].slice(0, -1).join('');
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

/**
 * Where a text stops reading like its siblings' ("… — option 1" beside "… — option 2"): from the start of the word
 * in which it first differs from the sibling it shares most with; '' when it differs from the start or has no sibling.
 */
export function distinguishingTail(text: string, siblings: readonly string[]): string {
  const chars = [...text];
  let shared = 0;
  for (const other of siblings) {
    const otherChars = [...other];
    let same = 0;
    while (same < chars.length && chars[same] === otherChars[same]) same += 1;
    shared = Math.max(shared, same);
  }
  if (shared === 0 || shared >= chars.length) return '';
  // back to the start of the differing word, and of the words before it until the tail reads on its own
  let start = shared;
  while (start > 0 && (chars.length - start < MIN_TAIL_CHARS || /\S/.test(chars[start - 1]!))) {
    const word = chars.slice(0, start).join('').search(/\S*$/);
    start = start - word > MAX_WORD_CHARS ? start - MAX_WORD_CHARS : word;
    if (chars.length - start >= MIN_TAIL_CHARS) break;
    while (start > 0 && /\s/.test(chars[start - 1]!)) start -= 1;
  }
  return chars.slice(start).join('').trim();
}

/** A tail shorter than this ("1") is read with the words before it ("— option 1"). */
const MIN_TAIL_CHARS = 10;
/** Past this a "word" has no spaces in it (Chinese): the tail starts this many characters back. */
const MAX_WORD_CHARS = 6;

/** As wrap, but a text too long is cut before `tail` ("head… tail"), so the tail that tells it apart stays shown. */
export function wrapKeepingTail(text: string, tail: string, maxWidth: number, fontSize: number, maxLines: number): string[] {
  const whole = wrap(text, maxWidth, fontSize, maxLines);
  if (!tail || !whole.at(-1)?.endsWith('…')) return whole;
  const head = [...text.slice(0, text.length - tail.length).trimEnd()];
  const fits = (n: number) => {
    const lines = wrap(`${head.slice(0, n).join('').trimEnd()}… ${tail}`, maxWidth, fontSize, maxLines);
    return lines.at(-1)?.endsWith('…') ? undefined : lines;
  };
  let low = 1;
  let high = head.length - 1;
  let best: string[] | undefined;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const lines = fits(middle);
    if (lines) {
      best = lines;
      low = middle + 1;
    } else high = middle - 1;
  }
  return best ?? whole;
}

export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Drops characters an SVG (XML 1.0) cannot hold: control characters and lone surrogates. */
export const cleanText = (text: string): string => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/g, '');
