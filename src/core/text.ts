/** Platform-neutral text hygiene the adapters share: control characters, length limits, splitting, link URLs. */

// Everything below U+0020 except tab and newline, DEL, and the C1 range.
const CONTROL_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

export const stripControl = (text: string): string => text.replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '');

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;
const isRegionalIndicator = (codePoint: number | undefined): boolean => codePoint !== undefined && codePoint >= 0x1f1e6 && codePoint <= 0x1f1ff;

/**
 * Length in characters as the platform counts them (code points): an emoji or a CJK character outside the
 * basic plane is one character, where `.length` counts two UTF-16 units. For limits the platform enforces.
 */
export const charCount = (text: string): number => text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);

/**
 * The one truncation: cuts to at most `max` UTF-16 units (what chat and platform length limits count), never
 * inside a surrogate pair, ending with an ellipsis when cut (whitespace before it is dropped).
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, clusterBoundaryAtOrBefore(text, max - 1)).trimEnd()}…`;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** V8's segmenter pays for the whole string at every step, so a long text is segmented a window at a time. */
const SEGMENT_WINDOW = 128;

/** The user-perceived characters of a text: an emoji ZWJ sequence (👩‍🔬), a flag, a letter with its accents is one. */
export function clustersOf(text: string): string[] {
  if (text.length < 2 || (text.length === 2 && isHighSurrogate(text.charCodeAt(0)))) return text ? [text] : [];
  const clusters: string[] = [];
  let start = 0;
  let window = SEGMENT_WINDOW;
  while (start < text.length) {
    let end = Math.min(text.length, start + window);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    const parts = Array.from(graphemes.segment(text.slice(start, end)), (part) => part.segment);
    // the window's last clusters may go on past it: they are segmented again at the start of the next window
    if (end < text.length) parts.splice(-2);
    if (parts.length === 0) {
      window *= 2;
      continue;
    }
    for (const part of parts) {
      clusters.push(part);
      start += part.length;
    }
    window = SEGMENT_WINDOW;
  }
  return clusters;
}

/**
 * The last boundary between user-perceived characters at or before `index` (UTF-16 units): a cut there never
 * splits an emoji ZWJ sequence (👩‍🔬), a flag or a letter from its accents, nor a surrogate pair.
 */
function clusterBoundaryAtOrBefore(text: string, index: number): number {
  // segmented from a window before the cut, not from the text's start: an edit of a long answer truncates its
  // whole text for the notification line, and segmenting all of it was most of the edit's CPU
  let start = Math.max(0, index - SEGMENT_WINDOW);
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start -= 1;
  // flags pair regional indicators from the start of their run: begin where none precedes
  while (start >= 2 && isRegionalIndicator(text.codePointAt(start - 2))) start -= 2;
  let boundary: number | undefined = start === 0 ? 0 : undefined;
  // begun inside the text, the first cluster may have begun before the window: its end is not known to be a boundary
  let skip = start > 0;
  let end = start;
  for (const { segment } of graphemes.segment(text.slice(start, index + SEGMENT_WINDOW))) {
    end += segment.length;
    if (end > index) break;
    if (skip) skip = false;
    else boundary = end;
  }
  return boundary ?? clusterBoundaryFromStart(text, index);
}

/** `clusterBoundaryAtOrBefore` segmenting from the text's start: for a window that held no whole cluster. */
function clusterBoundaryFromStart(text: string, index: number): number {
  let boundary = 0;
  for (const cluster of clustersOf(text.slice(0, index + SEGMENT_WINDOW))) {
    if (boundary + cluster.length > index) break;
    boundary += cluster.length;
  }
  return boundary;
}

/** `truncate` from the other end: keeps the last at most `max` UTF-16 units, starting with an ellipsis when cut. */
export function truncateStart(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.length - (max - 1);
  if (isLowSurrogate(text.charCodeAt(cut))) cut += 1;
  return `…${text.slice(cut).trimStart()}`;
}

/**
 * Free text as typed, for a platform field that takes it: every line kept, each line's indentation kept, runs of
 * spaces inside a line (left where an option was taken out) made one, trailing spaces and outer blank lines gone.
 */
export function freeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      const indent = /^[ \t]*/.exec(line)![0];
      return (
        indent +
        line
          .slice(indent.length)
          .replace(/[ \t]+/g, ' ')
          .trimEnd()
      );
    })
    .join('\n')
    .trim();
}

/** Paragraph, line, Chinese sentence end, space, Chinese clause mark: Chinese has no spaces to cut at. */
const BREAKS = ['\n\n', '\n', '。', '！', '？', ' ', '；', '，', '、'];

/** Where to cut a window: after a paragraph, line, sentence or word break in its second half, else at its end. */
function breakPoint(window: string): number {
  const half = window.length / 2;
  for (const separator of BREAKS) {
    const at = window.lastIndexOf(separator);
    if (at > half) return at + separator.length;
  }
  return window.length;
}

/**
 * Splits text into pieces of at most `max` characters, preferring paragraph, then line, then word breaks,
 * and never splitting a surrogate pair. Joining the pieces gives back the text.
 */
export function splitText(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = breakPoint(rest.slice(0, max));
    if (isHighSurrogate(rest.charCodeAt(cut - 1))) cut -= 1;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.length > 0 || pieces.length === 0) pieces.push(rest);
  return pieces;
}

/** An http(s) URL parsed from text a platform or user gave; anything else (javascript:, junk) is no link. */
export function httpUrl(url: string | undefined): URL | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(stripControl(url).trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A title as a file name's stem, in the title's own language and script ("新颖性检索-折叠屏铰链", not a fallback in
 * English): letters and digits of any script kept, everything else one hyphen; `fallback` when nothing is left.
 */
export function fileStem(title: string, fallback: string, max: number): string {
  const stem = title.replace(/[^\p{L}\p{N}\p{M}_]+/gu, '-').replace(/^-+|-+$/g, '');
  return clustersOf(stem).slice(0, max).join('').replace(/-+$/, '') || fallback;
}
