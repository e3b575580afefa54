/**
 * Issue 28 in Teams for every text verb but design (teams-message-action-design has it), through botbuilder's
 * CloudAdapter: the message action on a channel message of several lines (one `<p>` a line as Teams writes them,
 * indented lines, a blank line, `<`, `>` and `&` as HTML entities) opens the dialog with the lines as written, and
 * its submission starts the verb in the message's reply chain with the lines exactly in the field its first
 * platform call reads, in a body valid against openapi.json. A text one character (disclosure: one word) over a
 * verb's limit is refused in the dialog with the count, in the client's language (en-US, zh-CN); nothing reaches
 * the platform or the conversation. From the compose box (the dialog empty) the lines typed start a new post.
 */
import { afterEach, expect, test } from 'vitest';
import { startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import { activityId, CHANNEL, messageActionInvoke, sendActivity } from '../helpers/teams-activities.js';
import { CLAIMS } from './claim-set.js';
import { firstCalls, sentText } from './text-verb-calls.js';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Json = Record<string, unknown>;

/** Under 500 characters, so that every verb takes it. */
const TEXT = `${CLAIMS}\n\n2. The mug of claim 1, wherein the salt is < 60 % & the body > 2 mm thick.`;
const entities = (line: string) =>
  line
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/^ +/, (s) => '&nbsp;'.repeat(s.length));
/** The message's body as Teams sends it: a paragraph a line, a blank line as a paragraph holding a no-break space. */
const HTML = TEXT.split('\n')
  .map((line) => `<p>${line ? entities(line) : '&nbsp;'}</p>`)
  .join('');

const FIRST_CALLS = firstCalls({ novelty: 'cn', solution: 'en', material: 'en' });

const invoke = (bot: TeamsBotHarness, name: string, root: string, value: Json, locale = 'en-US') =>
  sendActivity(bot.messagesUrl, { ...messageActionInvoke(bot.fake.url, name, root, { commandContext: 'message', ...value }), locale });
const platformCalls = (bot: TeamsBotHarness) => bot.sim.requests.filter((r) => r.operation !== 'unknown');
const taskOf = (body: string) => (JSON.parse(body) as { task: { value: { title: string; card: { content: { body: Json[] } } } } }).task;
const textField = (body: string) => taskOf(body).value.card.content.body.find((b) => b.id === 'text')?.value;

test.each(FIRST_CALLS)('message action → $verb: $operation $field holds the message lines exactly, in its reply chain', async (call) => {
  h = await startTeamsBot({ simulator: { taskDurationMs: 50 } });
  const root = activityId();
  const messagePayload = { id: root, body: { contentType: 'html', content: HTML }, from: { user: { id: '29:1user-bob' } } };
  const fetched = await invoke(h, 'composeExtension/fetchTask', root, { messagePayload });
  expect(textField(fetched.body)).toBe(TEXT);

  const data = { verb: call.verb, text: TEXT, ...(call.lang ? { lang: call.lang } : {}) };
  const submitted = await invoke(h, 'composeExtension/submitAction', root, { messagePayload, data });
  expect(submitted.status).toBe(200);
  expect(submitted.body).toBe('');
  expect(await sentText(h, call)).toBe(TEXT);
  await waitFor(() => h!.replies(root).length > 0, 'the reply under the message');
  expect(h.fake.callsTo('create')).toEqual([]);
});

test.each(FIRST_CALLS.filter((c) => ['pharm', 'report', 'material'].includes(c.verb)))(
  'compose box of a channel → $verb: the dialog opens empty; $operation $field holds the lines as typed, in a new post',
  async (call) => {
    h = await startTeamsBot({ simulator: { taskDurationMs: 50 } });
    const compose = (name: string, value: Json) => {
      const activity = messageActionInvoke(h!.fake.url, name, activityId(), { commandContext: 'compose', ...value });
      return sendActivity(h!.messagesUrl, { ...activity, conversation: { ...(activity.conversation as Json), id: CHANNEL } });
    };
    expect(textField((await compose('composeExtension/fetchTask', {})).body)).toBe('');
    await compose('composeExtension/submitAction', { data: { verb: call.verb, text: TEXT, ...(call.lang ? { lang: call.lang } : {}) } });
    expect(await sentText(h, call)).toBe(TEXT);
    // a thread of its own: the bot's post in the channel, and its answer in that post's reply chain
    const [post] = await waitFor(() => h!.fake.callsTo('create').length === 1 && h!.fake.messages(CHANNEL), 'the new post');
    await waitFor(() => h!.replies(post!.id).length > 1, 'the answer in its reply chain');
  },
);

test('one character (or word) over each verb’s limit is refused in the dialog with the count, in the client’s language; nothing is sent', async () => {
  h = await startTeamsBot();
  const root = activityId();
  const limits = [
    ['ask', 500],
    ['pharm', 16_000],
    ['encyclopedia', 16_000],
    ['novelty', 5_000],
    ['solution', 500],
    ['report', 2_000],
    ['material', 2_000],
  ] as const;
  for (const [verb, max] of limits) {
    const text = `${'x'.repeat(max - 1)}\n€`; // max + 1 characters over two lines
    const messagePayload = { id: root, body: { contentType: 'html', content: `<p>${text.replace('\n', '</p><p>')}</p>` } };
    const refused = await invoke(h, 'composeExtension/submitAction', root, { messagePayload, data: { verb, text } });
    const [most, has] = [max, max + 1].map((n) => n.toLocaleString('en'));
    expect(JSON.parse(refused.body), verb).toEqual({
      task: {
        type: 'message',
        value: `${verb} takes at most ${most} characters; this text has ${has}. Nothing was sent: shorten it, or pick a verb that takes more.`,
      },
    });
  }
  // disclosure counts words (a Chinese character is one): 5,001 of them
  const words = `${'新颖性检索'.repeat(1_000)}\n一`;
  const tooMany = await invoke(h, 'composeExtension/submitAction', root, { data: { verb: 'disclosure', text: words } });
  expect(taskOf(tooMany.body)).toEqual({
    type: 'message',
    value: 'disclosure takes at most 5,000 words; this text has 5,001. Nothing was sent: shorten it, or pick a verb that takes more.',
  });
  // a client in Chinese: the dialog and the same refusal in Chinese
  const text = `${'x'.repeat(5_000)}\n€`;
  const dialog = await invoke(h, 'composeExtension/fetchTask', root, { messagePayload: { id: root } }, 'zh-CN');
  expect(taskOf(dialog.body).value.title).toBe('用 iip 开始');
  const zh = await invoke(h, 'composeExtension/submitAction', root, { data: { verb: 'novelty', text } }, 'zh-CN');
  expect(JSON.parse(zh.body)).toEqual({
    task: { type: 'message', value: 'novelty 最多接受 5,000 个字符；此文本有 5,002 个。未发送任何内容：请缩短文本，或选择可接受更长文本的操作。' },
  });
  expect(platformCalls(h)).toEqual([]);
  expect(h.replies(root)).toEqual([]);
  expect(h.fake.calls.filter((c) => ['send', 'reply', 'create'].includes(c.operation))).toEqual([]);
});
