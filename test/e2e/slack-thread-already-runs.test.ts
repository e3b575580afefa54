/**
 * A workflow started in a thread that already runs another one is refused, through the real Slack app: in the
 * assistant pane, where a verb typed in the thread is a command there, the note names the running workflow by its
 * noun in the user's language (en and zh, from their Slack locale), not by its internal name, and nothing of the
 * new workflow reaches the platform.
 */
import { afterEach, expect, test } from 'vitest';
import { threadId } from '../../src/core/thread-id.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { eventually, IDEA } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Pane = { channel: string; threadTs: string; user: string };
let sequence = 0;

/** The user opens the assistant pane: Slack starts a thread in their DM with the bot. */
async function openPane(harness: SlackBotHarness, user: string): Promise<Pane> {
  const pane = harness.slack.assistant.openThread(user);
  const assistant_thread = {
    user_id: user,
    context: { channel_id: 'C1', team_id: 'T1', enterprise_id: null },
    channel_id: pane.channel,
    thread_ts: pane.threadTs,
  };
  await harness.event(
    { type: 'assistant_thread_started', assistant_thread, event_ts: `1800000000.${String(++sequence).padStart(6, '0')}` },
    `EvRunsStart${sequence}`,
  );
  return { ...pane, user };
}

/** The user writes in the pane thread. */
async function write(harness: SlackBotHarness, pane: Pane, text: string): Promise<void> {
  const ts = `1800000200.${String(++sequence).padStart(6, '0')}`;
  const message = { type: 'message', channel: pane.channel, channel_type: 'im', user: pane.user, text, ts, thread_ts: pane.threadTs };
  await harness.event(message, `EvRunsPane${sequence}`);
}

/** Starts `command` in the pane and waits until its thread records the workflow and its first step is shown. */
async function started(harness: SlackBotHarness, pane: Pane, command: string, workflow: string): Promise<void> {
  await write(harness, pane, command);
  await eventually(async () => (await harness.bot.state.get(threadId('slack', 'T1', pane.channel, pane.threadTs)))?.status === 'active', workflow);
  expect(await harness.bot.state.get(threadId('slack', 'T1', pane.channel, pane.threadTs))).toMatchObject({ workflow, startedBy: pane.user });
}

/** What a second workflow start sends nothing of: the operations the simulator received, in order. */
const operations = (harness: SlackBotHarness) => harness.sim.requests.map((r) => r.operation);

test('English: a pre-research report asked for in a thread running a novelty search is refused, naming the novelty search', async () => {
  h = await startSlackBot({ slack: { locales: { U1: 'en-US' } } });
  const pane = await openPane(h, 'U1');
  await started(h, pane, `novelty ${IDEA}`, 'novelty');
  const sent = operations(h);
  const notes = h.slack.ephemerals.length;

  await write(h, pane, 'report Solid-state electrolytes for fast-charging EV batteries');
  const note = await waitFor(() => h!.slack.ephemerals.slice(notes).find((e) => e.user === 'U1'), 'the note');
  expect(note.text).toBe('This thread already runs a novelty search; start the pre-research report in a new message.');
  expect(operations(h)).toEqual(sent);
  expect(await h.bot.state.get(threadId('slack', 'T1', pane.channel, pane.threadTs))).toMatchObject({ workflow: 'novelty', status: 'active' });
});

test('Chinese: a novelty search asked for in a thread running a solution exploration is refused, naming it in Chinese', async () => {
  h = await startSlackBot({ slack: { locales: { U3: 'zh-CN' } } });
  const pane = await openPane(h, 'U3');
  await started(h, pane, 'solution 在不增加成本的前提下提高锂电池负极的能量密度', 'solution');
  const sent = operations(h);
  const notes = h.slack.ephemerals.length;

  await write(h, pane, `novelty ${IDEA}`);
  const note = await waitFor(() => h!.slack.ephemerals.slice(notes).find((e) => e.user === 'U3'), 'the note');
  expect(note.text).toBe('此话题已在进行技术方案探索；请在新消息中开始新颖性检索。');
  expect(operations(h)).toEqual(sent);
  expect(await h.bot.state.get(threadId('slack', 'T1', pane.channel, pane.threadTs))).toMatchObject({ workflow: 'solution', status: 'active' });
});

test('a chat asked for in a thread running a workflow is refused, naming the workflow by its noun (en and zh)', async () => {
  h = await startSlackBot({ slack: { locales: { U1: 'en-US', U3: 'zh-CN' } } });
  for (const [user, expected] of [
    ['U1', 'This thread runs a novelty search; start a chat in a new message.'],
    ['U3', '此话题正在进行新颖性检索；请在新消息中开始对话。'],
  ] as const) {
    const pane = await openPane(h, user);
    await started(h, pane, `novelty ${IDEA}`, 'novelty');
    const sent = operations(h);
    const notes = h.slack.ephemerals.length;

    await write(h, pane, 'ask What is a patent family?');
    const note = await waitFor(() => h!.slack.ephemerals.slice(notes).find((e) => e.user === user), 'the note');
    expect(note.text).toBe(expected);
    expect(operations(h)).toEqual(sent);
  }
});
