/**
 * Issue 28 for every text verb but design (slack-shortcuts-design has it), through the real Bolt app: the message
 * shortcut on a multi-line message (indented lines, a blank line, `<`, `>` and `&` as Slack escapes them in a
 * message's text) opens the modal with the lines as written, and Start sends them exactly in the field the verb's
 * first platform call reads, in a body valid against openapi.json, with the answer under the message; the global
 * shortcut does the same in a chosen channel. A text one character (disclosure: one word) over a verb's limit is refused
 * in the modal, in the user’s language (a zh-CN Slack: Chinese).
 */
import { afterEach, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { CLAIMS } from './claim-set.js';
import { firstCalls, sentText } from './text-verb-calls.js';
import {
  blockOf,
  globalShortcut,
  MESSAGE_TS,
  messageShortcut,
  openedModal,
  platformCalls,
  shortcut,
  submit,
  textBlocks,
  type Json,
} from './slack-shortcut-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Under 500 characters, so that every verb takes it. */
const TEXT = `${CLAIMS}\n\n2. The mug of claim 1, wherein the salt is < 60 % & the body > 2 mm thick.`;
/** The message's text as Slack sends it: `&`, `<` and `>` escaped. */
const slackEscaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const FIRST_CALLS = firstCalls({ novelty: 'en', solution: 'cn', material: 'cn' });

test.each(FIRST_CALLS)('message shortcut → $verb: $operation $field holds the message lines exactly', async (call) => {
  h = await startSlackBot({ simulator: { taskDurationMs: 50 } });
  await shortcut(h, messageShortcut('C1', slackEscaped(TEXT)));
  const view = await openedModal(h, 1);
  expect(blockOf(view, 'text').element.initial_value).toBe(TEXT);

  const response = await submit(h, view, { verb: call.verb, text: TEXT, ...(call.lang ? { lang: call.lang } : {}) });
  expect(response.status).toBe(200);
  expect(response.body).toBe('');
  expect(await sentText(h, call)).toBe(TEXT);
  // the answer is a reply under the message, never a thread of its own
  await waitFor(() => h!.slack.threadMessages('C1', MESSAGE_TS).length > 0, 'a reply under the message');
  expect(h.slack.channelMessages('C1').filter((m) => !m.threadTs || m.threadTs === m.ts)).toEqual([]);
});

test.each(FIRST_CALLS.filter((c) => ['pharm', 'encyclopedia', 'disclosure', 'material', 'ask'].includes(c.verb)))(
  'global shortcut → $verb in a chosen channel: $operation $field holds the lines as typed',
  async (call) => {
    h = await startSlackBot({ simulator: { taskDurationMs: 50 } });
    await shortcut(h, globalShortcut());
    const view = await openedModal(h, 1);
    await submit(h, view, { verb: call.verb, text: TEXT, where: 'C2', ...(call.lang ? { lang: call.lang } : {}) });
    expect(await sentText(h, call)).toBe(TEXT);
    await waitFor(() => h!.latestThread('C2'), 'a thread in C2');
    expect(h.slack.channelMessages('C1')).toEqual([]);
  },
);

test('one character (or word) over each verb’s limit is refused in the modal with the count; nothing is sent', async () => {
  h = await startSlackBot();
  await shortcut(h, globalShortcut());
  const view = await openedModal(h, 1);
  const limits = [
    ['ask', 500],
    ['solution', 500],
    ['report', 2_000],
    ['material', 2_000],
  ] as const;
  for (const [verb, max] of limits) {
    const text = `${'x'.repeat(max - 1)}\n€`; // max + 1 characters over two lines
    const refused = await submit(h, view, { verb, text, where: 'C1' });
    const [most, has] = [max, max + 1].map((n) => n.toLocaleString('en'));
    expect(JSON.parse(refused.body), verb).toEqual({
      response_action: 'errors',
      errors: {
        text: `${verb} takes at most ${most} characters; this text has ${has}. Nothing was sent: shorten it, or pick a verb that takes more.`,
      },
    });
  }
  // disclosure counts words (a Chinese character is one): 5,001 of them, over two fields, refused the same way
  await shortcut(h, messageShortcut('C1', `${'新颖性检索'.repeat(1_000)}\n一`));
  const long = await openedModal(h, 2);
  const parts = textBlocks(long).map((b) => String(b.element.initial_value));
  expect(JSON.parse((await submit(h, long, { verb: 'disclosure', text: parts })).body)).toEqual({
    response_action: 'errors',
    errors: { text: 'disclosure takes at most 5,000 words; this text has 5,001. Nothing was sent: shorten it, or pick a verb that takes more.' },
  });
  expect(platformCalls(h)).toEqual([]);
  expect(h.slack.callsTo('chat.postMessage')).toEqual([]);
});

test('a user whose Slack speaks Chinese: the modal and its refusal are in Chinese', async () => {
  h = await startSlackBot({ slack: { locales: { U1: 'zh-CN' } } });
  await shortcut(h, messageShortcut('C1', `${'x'.repeat(500)}\n€`));
  const view = await openedModal(h, 1);
  expect((view.title as Json).text).toBe('用 iip 开始');
  expect(blockOf(view, 'text').hint?.text).toContain('502 个字符');
  const refused = await submit(h, view, { verb: 'ask', text: `${'x'.repeat(500)}\n€` });
  expect(JSON.parse(refused.body).errors).toEqual({
    text: 'ask 最多接受 500 个字符；此文本有 502 个。未发送任何内容：请缩短文本，或选择可接受更长文本的操作。',
  });
  expect(platformCalls(h)).toEqual([]);
});
