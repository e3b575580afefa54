/**
 * Issue 19 in Slack's assistant pane, end to end: signed events into the real Bolt app, the router and the state
 * store; the suggested prompts of a new pane thread, as the fake Web API receives them, are in the language the bot
 * speaks to the user everywhere else: their `/iip lang` choice first, else their Slack locale (users.info).
 */
import { afterEach, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ENGLISH = {
  title: 'Try one of these, or type a question',
  messages: [
    'ask How do solid-state batteries avoid lithium dendrites?',
    'pharm What are the indications for siRNA drugs?',
    'encyclopedia What is the PK/PD data of RMC-6236?',
    'novelty A foldable phone hinge with a liquid-metal damping layer',
  ],
};
const CHINESE = {
  title: '试试下面这些，或直接输入问题',
  messages: [
    'ask 固态电池如何避免锂枝晶？',
    'pharm siRNA 药物有哪些适应症？',
    'encyclopedia RMC-6236 的 PK/PD 数据是什么？',
    'novelty 一种带液态金属阻尼层的折叠屏手机铰链',
  ],
};

let sequence = 0;

/** `userId` opens the pane (assistant_thread_started in their DM); resolves to the prompts its thread got. */
async function openPane(harness: SlackBotHarness, userId: string): Promise<{ title?: string; messages: string[] }> {
  const pane = harness.slack.assistant.openThread(userId);
  const started = {
    type: 'assistant_thread_started',
    assistant_thread: {
      user_id: userId,
      context: { channel_id: 'C1', team_id: 'T1', enterprise_id: null },
      channel_id: pane.channel,
      thread_ts: pane.threadTs,
    },
    event_ts: `1800000000.${String(++sequence).padStart(6, '0')}`,
  };
  expect((await harness.event(started, `EvLangStart${sequence}`)).status).toBe(200);
  const [shown] = harness.slack.assistant.thread(pane.channel, pane.threadTs)!.prompts;
  expect(shown).toBeDefined();
  return { title: shown!.title, messages: shown!.prompts.map((p) => p.message) };
}

/** Runs `/iip lang <word>` as `userId` and waits for the note that confirms it (its `count`th note). */
async function chooseLanguage(harness: SlackBotHarness, userId: string, word: string, count: number, confirms: string): Promise<void> {
  expect((await harness.command(`lang ${word}`, { user_id: userId })).status).toBe(200);
  const notes = () => harness.slack.ephemerals.filter((e) => e.user === userId);
  const note = await waitFor(() => notes().length >= count && notes()[count - 1], `note ${count} to ${userId}`);
  expect(JSON.stringify(note)).toContain(confirms);
}

test('an en-US user who chose /iip lang zh gets the Chinese prompts; another en-US user, who chose nothing, the English ones', async () => {
  h = await startSlackBot({ slack: { locales: { U1: 'en-US', U2: 'en-US' } } });
  expect(await openPane(h, 'U1')).toEqual(ENGLISH);
  await chooseLanguage(h, 'U1', 'zh', 1, '从现在起，机器人将用中文与你交流');
  expect(await openPane(h, 'U1')).toEqual(CHINESE);
  expect(await openPane(h, 'U2')).toEqual(ENGLISH);
  // the prompts are set as before, and opening the pane reaches neither the platform nor the thread
  expect(h.slack.callsTo('assistant.threads.setSuggestedPrompts').every((c) => c.error === undefined)).toBe(true);
  expect(h.sim.requests).toEqual([]);
  expect(h.slack.callsTo('chat.postMessage')).toEqual([]);
});

test('a zh-CN user who chose /iip lang en gets the English prompts; after /iip lang auto their Slack language decides again', async () => {
  h = await startSlackBot({ slack: { locales: { U1: 'zh-CN', U2: 'zh-CN' } } });
  await chooseLanguage(h, 'U1', 'en', 1, 'From now on the bot speaks English to you');
  expect(await openPane(h, 'U1')).toEqual(ENGLISH);
  // the choice is U1's alone: U2, with the same Slack language, still gets Chinese
  expect(await openPane(h, 'U2')).toEqual(CHINESE);
  await chooseLanguage(h, 'U1', 'auto', 2, '跟随聊天软件的语言');
  expect(await openPane(h, 'U1')).toEqual(CHINESE);
});

test('with no choice the Slack locale decides, looked up with include_locale', async () => {
  h = await startSlackBot({ slack: { locales: { U1: 'zh-CN', U2: 'en-US' } } });
  expect(await openPane(h, 'U1')).toEqual(CHINESE);
  expect(await openPane(h, 'U2')).toEqual(ENGLISH);
  expect(h.slack.callsTo('users.info').map((c) => c.args)).toEqual([
    expect.objectContaining({ user: 'U1', include_locale: 'true' }),
    expect.objectContaining({ user: 'U2', include_locale: 'true' }),
  ]);
});
