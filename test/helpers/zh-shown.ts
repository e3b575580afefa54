/**
 * For the all-Chinese runs (issue 29): every text a chat was asked to show, each version of each message (as
 * posted and as edited, notes, forms, uploads, stream chunks), and the check that none holds an English word or
 * ASCII punctuation of the bot's own.
 */
import { expect } from 'vitest';
import type { FakeConnectorCall } from './fake-bot-connector-types.js';
import type { FakeSlackCall } from './fake-slack-api-types.js';
import { asciiPunctuationLeft, englishLeft, shownText } from './chinese-text.js';

const strings = (values: readonly unknown[]): string[] => values.filter((v): v is string => typeof v === 'string');

/** What Slack was asked to show, one text per call of a `chat.`, `views.` or `files.` method. */
export function slackShown(calls: readonly FakeSlackCall[]): string[] {
  return calls
    .filter((c) => /^(chat|views|files)\./.test(c.method))
    .map((c) => {
      const chunks = (Array.isArray(c.args.chunks) ? c.args.chunks : []) as Record<string, unknown>[];
      const chunkText = chunks.flatMap((chunk) => strings([chunk.text, chunk.title, chunk.details, chunk.markdown_text]));
      // an upload's file name (its extension is no word) and title (files.getUploadURLExternal, files.completeUploadExternal's list)
      const filename = typeof c.args.filename === 'string' ? c.args.filename.replace(/\.\w+$/, '') : undefined;
      const files = typeof c.args.files === 'string' ? (JSON.parse(c.args.files) as { title?: unknown }[]) : [];
      const own = strings([c.args.text, c.args.title, filename, c.args.initial_comment, c.args.markdown_text, ...files.map((f) => f.title)]);
      return [...own, ...chunkText, ...shownText([c.args.blocks, c.args.view, c.args.attachments])].join('\n');
    })
    .filter((text) => text.trim() !== '');
}

/** What Teams was asked to show: each activity as sent and as edited. */
export const teamsShown = (calls: readonly FakeConnectorCall[]): string[] =>
  calls
    .filter((c) => c.operation === 'send' || c.operation === 'reply' || c.operation === 'update')
    .map((c) => [...strings([c.body.text]), ...shownText(c.body.attachments)].join('\n'))
    .filter((text) => text.trim() !== '');

/** Each text has neither an English word nor ASCII punctuation of the bot's own (`platform`: its content, shown as it comes). */
export function expectChinese(texts: readonly string[], platform: readonly string[], commandWords: readonly string[] = []): void {
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(englishLeft(text, platform, commandWords), text.slice(0, 400)).toEqual([]);
  for (const text of texts) expect(asciiPunctuationLeft(text, platform), text.slice(0, 400)).toEqual([]);
}
