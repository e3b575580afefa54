/**
 * Whether the bot spoke Chinese: the English left in a text once code, commands, flags, paths, links, mentions and
 * the platform's own content (passed in: it is shown as it comes) are taken out. Any English word left counts (a
 * lone "Retry", "Sources" or "Cancel" on a button as much as a sentence); identifiers do not (`AI33-1`,
 * `CN118289111A`, an acronym such as `PNG`), nor the few words the Chinese catalogs keep on purpose (`token`, the
 * Enter key, product names).
 */

/** Latin words the Chinese catalogs use as Chinese UI text does: key and product names, a loanword. */
const KEPT_WORDS = new Set(['token', 'Enter', 'Ctrl', 'Ctrl-C', 'Ctrl-D', 'Slack', 'Teams', 'OneDrive', 'WebP', 'siRNA', 'iip']);

export function englishLeft(text: string, platformContent: readonly string[] = [], commandWords: readonly string[] = []): string[] {
  const contents = contentVariants(platformContent);
  // the platform's markdown as a chat renders it (a card's text blocks, the terminal's lines): known by its letters,
  // or, a short one, as the start or end of one of its lines or table cells (a line being streamed, a cell); looked
  // for as shown too, before a shorter content inside it is taken out ("- 一种头盔 ada", streamed, is not "- ada")
  const contentLetters = contents.map(lettersOf);
  const contentLines = contents
    .flatMap((c) => c.split('\n').flatMap((line) => [line, ...line.split('|')]))
    .map(plainLine)
    .filter(Boolean);
  const ownLines = (lines: string): string =>
    lines
      .split('\n')
      .filter((line) => !isContentLine(line, contentLetters, contentLines))
      .join('\n');
  let rest = ownLines(text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
  for (const content of contents) rest = rest.split(content).join(' ');
  rest = ownLines(withoutCutContent(rest, contents));
  // where code shows without backticks (the terminal), the words typed as commands
  for (const word of commandWords) rest = rest.replace(new RegExp(`(?<![A-Za-z])${word}(?![A-Za-z])`, 'g'), ' ');
  rest = rest
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/<[@#!][^>]*>|<at>[^<]*<\/at>/g, ' ')
    .replace(/(?<![\w/])@[\w.-]+/g, ' ')
    .replace(/(?:^|(?<=[\s：:]))~?\/[^\s，。；）)]+/g, ' ')
    .replace(/--[a-z][\w-]*/gi, ' ')
    .replace(/\\[nt]/g, ' ');
  const sentences = rest.match(/[A-Za-z][A-Za-z'’]*(?:[ ,:-]+[A-Za-z][A-Za-z'’]*){2,}/g) ?? [];
  for (const sentence of sentences) rest = rest.split(sentence).join(' ');
  const words = (rest.match(/[A-Za-z0-9][A-Za-z0-9'’_.-]*/g) ?? []).filter(isEnglishWord);
  return [...sentences, ...words];
}

/** A word in English: letters only (an apostrophe or hyphen inside), two or more, not all capitals, not kept. */
function isEnglishWord(token: string): boolean {
  const word = token.replace(/[.'’-]+$/, '');
  return /^[A-Za-z]{2,}(?:['’-][A-Za-z]+)*$/.test(word) && /[a-z]/.test(word) && !KEPT_WORDS.has(word);
}

const lettersOf = (text: string): string => text.replace(/[^A-Za-z]/g, '');

/** A content line as shown: without markdown heading, list and emphasis marks, or the ellipsis a cut adds. */
const plainLine = (line: string): string =>
  line
    .replace(/^\s*(?:#+|[-*]|\d+\.)\s+/, '')
    .replace(/[*_]/g, '')
    .replace(/^…|…$/g, '')
    .trim();

function isContentLine(line: string, contentLetters: readonly string[], contentLines: readonly string[]): boolean {
  const letters = lettersOf(line);
  if (letters.length >= 8) return contentLetters.some((content) => content.includes(letters));
  const plain = plainLine(line);
  return plain !== '' && contentLines.some((content) => content.startsWith(plain) || content.endsWith(plain));
}

/** Each content as given, without its HTML tags and without markdown emphasis: how a chat may show it. Longest first. */
function contentVariants(platformContent: readonly string[]): string[] {
  const variants = platformContent.flatMap((c) => [c, c.replace(/<[^>]+>/g, ''), c.replace(/<[^>]+>/g, '').replace(/\*\*|__/g, '')]);
  return [...new Set(variants.filter((c) => c.length >= 4))].sort((a, b) => b.length - a.length);
}

/** Takes out the start of a content cut short with an ellipsis (a choice's label, a table cell): 12 characters or more. */
function withoutCutContent(text: string, contents: readonly string[]): string {
  let rest = text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  for (const content of contents) {
    if (content.length < 13) continue;
    let at = rest.indexOf(content.slice(0, 12));
    while (at >= 0) {
      let end = at + 12;
      while (end < rest.length && end - at < content.length && rest[end] === content[end - at]) end += 1;
      const after = rest.slice(end).match(/^\s*…/);
      if (after) rest = `${rest.slice(0, at)} ${rest.slice(end + after[0].length)}`;
      at = rest.indexOf(content.slice(0, 12), after ? at : at + 1);
    }
  }
  return rest;
}

/** Every string in a platform answer (or any value), at any depth: the platform's content to leave out. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** Whether a text has Chinese in it. */
export const hasChinese = (text: string): boolean => /\p{Script=Han}/u.test(text);

/** Every text a person sees in a message, card or block tree (`text`, `title`, `placeholder`, `label`, a fact's value), not ids or values. */
export function shownText(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(shownText);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => {
    if (['text', 'title', 'placeholder', 'label', 'alt_text', 'altText'].includes(key) && typeof value === 'string') return [value];
    // a card's facts show their values too (an input's or a button's value is not shown)
    if (key === 'facts' && Array.isArray(value))
      return value.flatMap((fact: { title?: unknown; value?: unknown }) =>
        [fact.title, fact.value].filter((v): v is string => typeof v === 'string'),
      );
    return shownText(value);
  });
}

/**
 * ASCII punctuation where Chinese punctuation belongs (the bot's own text, the platform's content taken out): a
 * `,` `:` `;` `?` `!` or `.` right after a Chinese character, ASCII parentheses around Chinese words (the catalogs
 * write （…）), and a line that starts with "、". Returns each place found with a little context.
 */
export function asciiPunctuationLeft(text: string, platformContent: readonly string[] = []): string[] {
  let rest = text.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, ' ');
  for (const content of contentVariants(platformContent)) rest = rest.split(content).join(' ');
  const found = [
    ...(rest.match(/.{0,6}\p{Script=Han}[,:;?!](?!\d)/gu) ?? []),
    ...(rest.match(/.{0,6}\p{Script=Han}\.(?=\s|$)/gu) ?? []),
    // Chinese words in ASCII parentheses (mixed text with English words in it is the platform's, as it wrote it)
    ...(rest.match(/\([^()\n]*\p{Script=Han}[^()\n]*\)/gu) ?? []).filter((group) => !/[a-z]{2,}/.test(group)),
    ...(rest.match(/^[ \t]*、.{0,8}/gmu) ?? []),
  ];
  return found.map((place) => place.trim());
}
