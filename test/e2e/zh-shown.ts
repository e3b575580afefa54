/**
 * For the all-Chinese runs (issue 29): every text the bot gave Slack, call by call (a message's every edit, each
 * modal, note, stream chunk and file name), and what `englishLeft` and `asciiPunctuationLeft` find in a set of
 * texts, each place with the start of its text, so one run names them all.
 */
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { asciiPunctuationLeft, englishLeft } from '../helpers/chinese-text.js';

type Json = Record<string, unknown>;

/** The keys whose strings Slack shows a person (a block's text, a modal's title, a stream's chunks, a file's name). */
const SHOWN = new Set(['text', 'title', 'placeholder', 'label', 'alt_text', 'markdown_text', 'details', 'initial_comment', 'filename', 'status']);
function shownStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(shownStrings);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Json).flatMap(([key, v]) => {
    if (!SHOWN.has(key) || typeof v !== 'string') return shownStrings(v);
    // a file's extension is no word
    return [key === 'filename' ? v.replace(/\.\w+$/, '') : v];
  });
}

/** Everything the bot asked Slack to show, call by call (a message's every edit, each modal, note and upload). */
const SHOWING = ['chat.postMessage', 'chat.update', 'chat.postEphemeral', 'views.open', 'views.push', 'views.update', 'views.publish'];
export const shownToSlack = (slack: FakeSlackApi): string[] =>
  slack.calls
    .filter((c) => SHOWING.includes(c.method) || c.method.startsWith('files.') || c.method.endsWith('Stream'))
    .map((c) => shownStrings(c.args).join('\n'))
    .filter(Boolean);

/** Each English word or ASCII punctuation left in the texts, with the start of its text. */
export const leftIn = (texts: readonly string[], content: readonly string[]): string[] =>
  [...new Set(texts)].flatMap((text) =>
    [...englishLeft(text, content), ...asciiPunctuationLeft(text, content)].map((found) => `${found} ⟵ ${text.slice(0, 160)}`),
  );
