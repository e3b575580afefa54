/**
 * Markdown as plain text, for what Teams shows unformatted: the notification preview (an activity's `summary`)
 * shows `**Step 1 of 5**` with its stars. Marks go (bold, italics, strike-through, inline code, headings,
 * quotes, table pipes, escapes); a link keeps its text, an image its alt text; words keep their underscores
 * and a lone `*` (as in `2 * 3`) stays.
 */

const RULES: readonly (readonly [RegExp, string])[] = [
  [/^[ \t]*```[^\n]*$/gm, ''],
  [/!\[([^\]]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1'],
  [/\[([^\]]+)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1'],
  [/<(https?:\/\/[^>\s]+)>/g, '$1'],
  [/^[ \t]{0,3}#{1,6}[ \t]+/gm, ''],
  [/^[ \t]{0,3}>[ \t]?/gm, ''],
  [/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/gm, ''],
  [/^[ \t]*([-*+])[ \t]+/gm, ''],
  [/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2'],
  [/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])/g, '$1$2'],
  [/(^|[^\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])/g, '$1$2'],
  [/~~(?=\S)([\s\S]*?\S)~~/g, '$1'],
  [/`([^`\n]+)`/g, '$1'],
  [/[ \t]*\|[ \t]*/g, ' · '],
];

/**
 * How much of a message the preview is made from: it shows a few hundred characters, and the rules above scan
 * ahead for a closing mark, so an unbounded text (a 100,000-character answer of unclosed marks) would cost seconds.
 */
export const PLAIN_SOURCE_CHARS = 2_000;

/** Characters a backslash escapes: kept aside as private-use characters while the marks go, then put back. */
const ESCAPABLE = '\\`*_{}[]()#+-.!|>~';
const HIDDEN = 0xe100;

export function plainText(markdown: string): string {
  let text = markdown.slice(0, PLAIN_SOURCE_CHARS).replace(/\\(.)/g, (whole, char: string) => {
    const index = ESCAPABLE.indexOf(char);
    return index < 0 ? whole : String.fromCharCode(HIDDEN + index);
  });
  for (const [pattern, replacement] of RULES) text = text.replace(pattern, replacement);
  return text
    .replace(/[\ue100-\ue11f]/g, (char) => ESCAPABLE[char.charCodeAt(0) - HIDDEN] ?? '')
    .replace(/^ · | · $/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
