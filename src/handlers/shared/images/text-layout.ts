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

export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Drops characters an SVG (XML 1.0) cannot hold: control characters and lone surrogates. */
export const cleanText = (text: string): string => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/g, '');
