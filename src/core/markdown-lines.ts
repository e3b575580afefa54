/**
 * Line-level markdown block parsing shared by the renderers that take markdown apart (Teams cards, the
 * terminal). These run on every line of every streamed edit, on model text: none may backtrack, so no two
 * quantifiers that can match the same characters stand side by side, and what needs more is done by code.
 */

const HEADING_OPEN = /^ {0,3}(#{1,6})[ \t]/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const DIVIDER_CELL = /^:?-+:?$/;

/** An ATX heading's level and text (a closing run of `#`s after a space removed), or undefined. */
export function headingOf(line: string): { level: number; text: string } | undefined {
  const open = HEADING_OPEN.exec(line);
  if (!open) return undefined;
  let text = line.slice(open[0].length).trim();
  let closing = 0;
  while (closing < text.length && text[text.length - 1 - closing] === '#') closing += 1;
  // a closing sequence counts only alone or after a space (`# C#` keeps its '#')
  if (closing > 0 && (closing === text.length || /[ \t]/.test(text[text.length - closing - 1] ?? ''))) text = text.slice(0, -closing).trimEnd();
  return { level: (open[1] as string).length, text };
}

/** `---`, `* * *`, `___`: a horizontal rule. */
export const isThematicBreak = (line: string): boolean => THEMATIC_BREAK.test(line);

/** Whether a line is a table's divider row (`|---|:--:|`); `minDashes` per cell (Teams wants 3, GFM 1). */
export function isTableDivider(line: string, minDashes = 1): boolean {
  let trimmed = line.trim();
  if (trimmed.startsWith('|')) trimmed = trimmed.slice(1);
  if (trimmed.endsWith('|')) trimmed = trimmed.slice(0, -1);
  if (!trimmed.includes('-')) return false;
  return trimmed.split('|').every((raw) => {
    const cell = raw.trim();
    return DIVIDER_CELL.test(cell) && cell.replace(/:/g, '').length >= minDashes;
  });
}
