/**
 * Whether the bot spoke Chinese: the English sentences left in a text once code, commands, links, mentions and
 * the platform's own content (passed in: it is shown as it comes) are taken out. Three ASCII words in a row
 * count as a sentence; a lone identifier (`novelty`, `AI33-1`, `--lang`) does not.
 */
export function englishLeft(text: string, platformContent: readonly string[] = [], commandWords: readonly string[] = []): string[] {
  let rest = text;
  for (const content of [...platformContent].sort((a, b) => b.length - a.length)) if (content) rest = rest.split(content).join(' ');
  // the platform's markdown as a chat renders it (a card's text blocks, the terminal's lines): known by its letters
  const contentLetters = platformContent.map(lettersOf);
  rest = rest
    .split('\n')
    .filter((line) => lettersOf(line).length < 8 || !contentLetters.some((letters) => letters.includes(lettersOf(line))))
    .join('\n');
  // where code shows without backticks (the terminal), the words typed as commands
  for (const word of commandWords) rest = rest.replace(new RegExp(`(?<![A-Za-z])${word}(?![A-Za-z])`, 'g'), ' ');
  rest = rest
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/<[@#!][^>]*>/g, ' ')
    .replace(/\\[nt]/g, ' ');
  return rest.match(/[A-Za-z][A-Za-z'’]*(?:[ ,:-]+[A-Za-z][A-Za-z'’]*){2,}/g) ?? [];
}

const lettersOf = (text: string): string => text.replace(/[^A-Za-z]/g, '');

/** Whether a text has Chinese in it. */
export const hasChinese = (text: string): boolean => /\p{Script=Han}/u.test(text);

/** Every text a person sees in a message, card or block tree (`text`, `title`, `placeholder`, `label`), not ids or values. */
export function shownText(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(shownText);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    ['text', 'title', 'placeholder', 'label', 'alt_text', 'altText'].includes(key) && typeof value === 'string' ? [value] : shownText(value),
  );
}
