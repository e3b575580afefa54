/**
 * Markdown as plain text, for what Teams shows unformatted: the notification preview (an activity's `summary`)
 * shows `**Step 1 of 5**` with its stars. Marks go (bold, italics, strike-through, inline code, headings,
 * quotes, table pipes, escapes); a link keeps its text, an image its alt text; words keep their underscores
 * and a lone `*` (as in `2 * 3`) stays.
 */

const RULES: readonly (readonly [RegExp, string])[] = [
  [/^\s*```[^\n]*$/gm, ''],
  [/!\[([^\]]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1'],
  [/\[([^\]]+)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1'],
  [/<(https?:\/\/[^>\s]+)>/g, '$1'],
  [/^\s{0,3}#{1,6}\s+/gm, ''],
  [/^\s{0,3}>\s?/gm, ''],
  [/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, ''],
  [/^\s*([-*+])\s+/gm, ''],
  [/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2'],
  [/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])/g, '$1$2'],
  [/(^|[^\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])/g, '$1$2'],
  [/~~(?=\S)([\s\S]*?\S)~~/g, '$1'],
  [/`([^`\n]+)`/g, '$1'],
  [/[ \t]*\|[ \t]*/g, ' · '],
];

/** Characters a backslash escapes: kept aside as private-use characters while the marks go, then put back. */
const ESCAPABLE = '\\`*_{}[]()#+-.!|>~';
const HIDDEN = 0xe100;

export function plainText(markdown: string): string {
  let text = markdown.replace(/\\(.)/g, (whole, char: string) => {
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
