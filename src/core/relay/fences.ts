/** Markdown code fences (``` and ~~~, CommonMark rules) as far as splitting a long answer needs them. */

export interface OpenFence {
  /** index of the first character of the opening fence line */
  start: number;
  /** index just after the opening line's newline */
  bodyStart: number;
  /** the run of backticks or tildes that opened it; a closing line needs at least as many */
  marker: string;
  /** the opening line without its newline, e.g. "```ts" */
  openingLine: string;
}

const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** The code fence still open at `pos`, judging only the complete lines before it. */
export function openFenceAt(text: string, pos: number): OpenFence | undefined {
  let open: OpenFence | undefined;
  let lineStart = 0;
  for (;;) {
    const newline = text.indexOf('\n', lineStart);
    if (newline === -1 || newline >= pos) return open;
    const match = FENCE_LINE.exec(text.slice(lineStart, newline));
    if (match) {
      const marker = match[1]!;
      const rest = match[2]!;
      if (!open) {
        const backtickInInfo = marker.startsWith('`') && rest.includes('`');
        if (!backtickInInfo) {
          open = { start: lineStart, bodyStart: newline + 1, marker, openingLine: text.slice(lineStart, newline).trimStart() };
        }
      } else if (marker[0] === open.marker[0] && marker.length >= open.marker.length && rest.trim() === '') {
        open = undefined;
      }
    }
    lineStart = newline + 1;
  }
}

/** What a part that ends inside `fence` gets appended so its code still renders as code. */
export const closingFor = (fence: OpenFence, partText: string): string => (partText.endsWith('\n') ? '' : '\n') + fence.marker;

/** What the next part starts with to reopen the fence; just the marker when the opening line is unwieldy. */
export const reopeningFor = (fence: OpenFence, maxChars: number): string =>
  `${fence.openingLine.length <= maxChars / 8 ? fence.openingLine : fence.marker}\n`;
