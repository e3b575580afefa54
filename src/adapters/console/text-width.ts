/**
 * Terminal geometry of text: display width (ANSI codes take no room, CJK and most emoji take two columns),
 * how many rows a line occupies once the terminal wraps it, and word wrapping that keeps styles per line.
 */
import { clustersOf } from '../../core/text.js';

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

export const stripAnsi = (text: string): string => text.replace(ANSI, '');

const WIDE: readonly [number, number][] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f1e6, 0x1f1ff],
  [0x1f300, 0x1f64f],
  [0x1f680, 0x1f6ff],
  [0x1f900, 0x1f9ff],
  [0x1fa70, 0x1faff],
  [0x20000, 0x3fffd],
];
const ZERO: readonly [number, number][] = [
  [0x0300, 0x036f],
  [0x200b, 0x200f],
  [0x20d0, 0x20ff],
  [0xfe00, 0xfe0f],
];

const inRanges = (cp: number, ranges: readonly [number, number][]): boolean => ranges.some(([a, b]) => cp >= a && cp <= b);

export function charWidth(cp: number): number {
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || inRanges(cp, ZERO)) return 0;
  return inRanges(cp, WIDE) ? 2 : 1;
}

/** Columns one cluster takes: an emoji sequence (joined, with a presentation selector or a skin tone) two, else its first character's. */
export function clusterWidth(cluster: string): number {
  const first = charWidth(cluster.codePointAt(0) ?? 0);
  if (cluster.length > 1 && first > 0 && /\u200d|\ufe0f|[\u{1f3fb}-\u{1f3ff}]|[\u{1f1e6}-\u{1f1ff}]{2}/u.test(cluster)) return 2;
  return first;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let width = 0;
  for (const cluster of clustersOf(stripAnsi(text))) width += clusterWidth(cluster);
  return width;
}

/** Rows a line takes in a terminal `columns` wide (a wide character that does not fit moves to the next row). */
export function rowsOf(line: string, columns: number): number {
  let rows = 1;
  let col = 0;
  for (const ch of clustersOf(stripAnsi(line))) {
    const w = clusterWidth(ch);
    if (col + w > columns) {
      rows += 1;
      col = 0;
    }
    col += w;
  }
  return rows;
}

export const padEnd = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - displayWidth(text)));

/** A styled text cut by characters, its style sequences taking no room. */
function truncateStyled(text: string, width: number): string {
  let out = '';
  for (const ch of text) {
    if (displayWidth(out + ch) > width - 1) break;
    out += ch;
  }
  return `${out}…`;
}

export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  // whole clusters only: an emoji ZWJ sequence is kept or dropped, never cut in the middle
  if (text.includes('\x1b')) return truncateStyled(text, width);
  let out = '';
  let used = 0;
  for (const cluster of clustersOf(text)) {
    const w = clusterWidth(cluster);
    if (used + w > width - 1) break;
    out += cluster;
    used += w;
  }
  return `${out}…`;
}

const CJK = /[\u2e80-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff00-\uffef]/u;
const SGR = /\x1b\[[0-9;]*m/g;
/** A word with the style sequences inside it: split into its sequences and its visible clusters (an emoji sequence whole). */
const piecesOf = (word: string): string[] => word.split(/(\x1b\[[0-9;]*m)/).flatMap((part) => (part.startsWith('\x1b[') ? [part] : clustersOf(part)));
const CLOSERS: Record<string, string[]> = { '0': [], '22': ['1', '2'], '23': ['3'], '24': ['4'], '29': ['9'], '39': ['31', '36'] };

function trackSgr(active: string[], seq: string): string[] {
  const code = seq.slice(2, -1) || '0';
  const closes = CLOSERS[code];
  if (!closes) return [...active, seq];
  return code === '0' ? [] : active.filter((open) => !closes.includes(open.slice(2, -1)));
}

/**
 * Word-wraps one line of styled text to `width` columns; continuation lines start with `indent`. Words keep their
 * style sequences (a link's `(` stays with its URL); a word wider than the row is cut. Styles open at a break are
 * closed at the end of the row and reopened on the next, so every row can be redrawn on its own.
 */
export function wrapLine(text: string, width: number, indent = ''): string[] {
  const room = Math.max(8, width);
  const indentWidth = displayWidth(indent);
  const rows: string[] = [];
  let row = '';
  let rowWidth = 0;
  let active: string[] = [];
  const breakRow = (): void => {
    rows.push(active.length > 0 ? `${row.trimEnd()}\x1b[0m` : row.trimEnd());
    row = indent + active.join('');
    rowWidth = indentWidth;
  };
  const append = (piece: string): void => {
    row += piece;
    for (const seq of piece.match(SGR) ?? []) active = trackSgr(active, seq);
    rowWidth += displayWidth(piece);
  };
  for (const token of text.split(/( +)/)) {
    if (token === '') continue;
    const w = displayWidth(token);
    if (token.startsWith(' ')) {
      if (rowWidth + w <= room) append(token);
      continue;
    }
    // Chinese, Japanese and Korean text breaks between any two characters: fill the row instead of moving on
    const cuttable = CJK.test(token);
    if (!cuttable && rowWidth + w > room && rowWidth > indentWidth) breakRow();
    if (rowWidth + w <= room) {
      append(token);
      continue;
    }
    for (const piece of piecesOf(token)) {
      if (rowWidth + displayWidth(piece) > room && rowWidth > indentWidth) breakRow();
      append(piece);
    }
  }
  rows.push(row.trimEnd());
  return rows;
}

/** Text for a stream that may be a terminal: word-wrapped to its columns when it is one, else as it is. */
export function wrapForOutput(text: string, output: { isTTY?: boolean; columns?: number }): string {
  if (output.isTTY !== true || !output.columns) return text;
  return text
    .split('\n')
    .flatMap((line) => wrapLine(line, output.columns ?? 80))
    .join('\n');
}
