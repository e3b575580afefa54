/**
 * For the all-Chinese runs (issue 29): every text the bot gave Slack or Teams, call by call (a message's every edit, each
 * modal, note, stream chunk and file name), and what `englishLeft` and `asciiPunctuationLeft` find in a set of
 * texts, each place with the start of its text, so one run names them all.
 */
import type { FakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { asciiPunctuationLeft, englishLeft } from '../helpers/chinese-text.js';

type Json = Record<string, unknown>;

/** The keys whose strings Slack shows a person (a block's text, a modal's title, a stream's chunks, a file's name). */
const SHOWN = new Set([
  ...['text', 'title', 'placeholder', 'label', 'alt_text', 'markdown_text', 'details', 'initial_comment', 'filename'],
  // a Teams card's and activity's: its notification summary, the text shown where cards are not, a file's name
  ...['summary', 'fallbackText', 'altText', 'name'],
]);
function shownStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(shownStrings);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Json).flatMap(([key, v]) => {
    // a mention's entity names a person, as the text's <at> tag does
    if (key === 'entities' || key === 'mentioned') return [];
    // a card's facts show their values too (an input's or a button's value is not shown)
    if (key === 'facts' && Array.isArray(v))
      return v.flatMap((fact: Json) => [fact.title, fact.value].filter((f): f is string => typeof f === 'string'));
    if (!SHOWN.has(key) || typeof v !== 'string') return shownStrings(v);
    return [v];
  });
}

/** Everything the bot asked Slack to show, call by call (a message's every edit, each modal, note and upload). */
const SHOWING = ['chat.postMessage', 'chat.update', 'chat.postEphemeral', 'views.open', 'views.push', 'views.update', 'views.publish'];
export const shownToSlack = (slack: FakeSlackApi): string[] =>
  slack.calls
    .filter((c) => SHOWING.includes(c.method) || c.method.startsWith('files.') || c.method.endsWith('Stream'))
    .map((c) => shownStrings(c.args).join('\n'))
    .filter(Boolean);

/**
 * A file's extension is no word, nor a size's unit symbol (Intl writes `6 kB` in zh-CN too), nor a request id's hex
 * (the platform's `05fa7906-4213-4bed-aceb-bee997167035` shown in a failure holds "bed", "aceb" and "bee").
 */
const withoutFileWords = (text: string): string =>
  text
    .replace(/(?<=\S)\.(?:docx|pdf|png|jpe?g|gif|webp)\b/gi, '')
    .replace(/(?<=\d )kB\b/g, '')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' ');

/**
 * The text without every run of 12 or more characters found in the platform's content: what a message showed of an
 * answer while it streamed (a chunk cut mid-word, a prefix grown by edits) is the platform's, wherever it was cut.
 */
function withoutContentPieces(text: string, content: readonly string[]): string {
  const MIN = 12;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const holders = content.filter((c) => c.includes(text.slice(i, i + MIN)));
    if (i + MIN > text.length || holders.length === 0) {
      out += text[i];
      i += 1;
      continue;
    }
    let end = i + MIN;
    while (end < text.length && holders.some((c) => c.includes(text.slice(i, end + 1)))) end += 1;
    out += ' ';
    i = end;
  }
  return out;
}

const lettersOf = (text: string): string => text.replace(/[^A-Za-z]/g, '');

/** The text without the lines whose letters (8 or more) are the content's: the content laid out (a terminal's table row). */
function withoutContentLines(text: string, content: readonly string[]): string {
  const letters = content.map(lettersOf);
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .split('\n')
    .filter((line) => lettersOf(line).length < 8 || !letters.some((l) => l.includes(lettersOf(line))))
    .join('\n');
}

/**
 * Each English word or ASCII punctuation left in the texts, with the start of its text; `people` are names, no
 * words, and `commandWords` the words typed as commands where code shows without backticks (the terminal).
 */
export const leftIn = (
  texts: readonly string[],
  content: readonly string[],
  { people = [], commandWords = [] }: { people?: readonly string[]; commandWords?: readonly string[] } = {},
): string[] =>
  [...new Set(texts)].flatMap((shown) => {
    const text = people.reduce((rest, name) => rest.split(name).join(' '), withoutFileWords(shown));
    const left = (t: string) => [...englishLeft(t, content, commandWords), ...asciiPunctuationLeft(t, content)];
    // the slower look, line by line and for pieces of the content, only where the whole contents left something
    const found = left(text).length > 0 ? left(withoutContentPieces(withoutContentLines(text, content), content)) : [];
    return found.map((place) => `${place} ⟵ ${text.slice(0, 160)}`);
  });

/** Everything the bot sent or edited in Teams, activity by activity (a card's every edit, each note and form). */
export const shownToTeams = (fake: FakeBotConnector): string[] =>
  (['create', 'send', 'reply', 'update'] as const)
    .flatMap((operation) => fake.callsTo(operation))
    // what the activity shows: not its sender, recipient or mention entities (people's names)
    .map((c) => shownStrings([c.body.text, c.body.summary, c.body.attachments].map((v) => (typeof v === 'string' ? { text: v } : v))).join('\n'))
    .filter(Boolean);
