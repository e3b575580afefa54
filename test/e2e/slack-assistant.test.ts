/**
 * Slack's assistant pane end to end: signed events into the real Bolt app (its `Assistant`), the router, the chat
 * handler and the simulator; what reaches the fake Web API: the suggested prompts of a new pane thread, the thread's
 * title and status line, and the answers in the thread (the pane's mode: the verb typed or clicked, `ask` without).
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { buttonsOf, IDEA, textOf } from './slack-novelty-steps.js';

type Pane = { channel: string; threadTs: string };

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const isFinal = (m: FakeSlackMessage): boolean => JSON.stringify(m.blocks).includes('tokens');
let sequence = 0;

/** The user opens the pane: Slack starts a thread in their DM and sends assistant_thread_started. */
async function openPane(harness: SlackBotHarness, userId = 'U1'): Promise<{ channel: string; threadTs: string }> {
  const pane = harness.slack.assistant.openThread(userId);
  const started = {
    type: 'assistant_thread_started',
    assistant_thread: { user_id: userId, context: { channel_id: 'C1', team_id: 'T1', enterprise_id: null }, ...toEvent(pane) },
    event_ts: `1800000000.${String(++sequence).padStart(6, '0')}`,
  };
  expect((await harness.event(started, `EvStart${sequence}`)).status).toBe(200);
  return pane;
}

const toEvent = (pane: { channel: string; threadTs: string }) => ({ channel_id: pane.channel, thread_ts: pane.threadTs });

/** The user writes in the pane thread (a message.im event in the thread); resolves once Slack has it acknowledged. */
async function write(harness: SlackBotHarness, pane: { channel: string; threadTs: string }, text: string): Promise<void> {
  const ts = `1800000100.${String(++sequence).padStart(6, '0')}`;
  const message = { type: 'message', channel: pane.channel, channel_type: 'im', user: 'U1', text, ts, thread_ts: pane.threadTs };
  expect((await harness.event(message, `EvPane${sequence}`)).status).toBe(200);
}

/** The pane thread's final answers once there are `count`. */
const answers = (harness: SlackBotHarness, pane: { channel: string; threadTs: string }, count: number) =>
  waitFor(() => {
    const finals = harness.slack.threadMessages(pane.channel, pane.threadTs).filter(isFinal);
    return finals.length >= count ? finals : undefined;
  }, `${count} answer(s) in the pane`);

const sent = (harness: SlackBotHarness, operation: string) => harness.sim.requests.filter((r) => r.operation === operation);

describe('the Slack assistant pane', () => {
  test('a new pane thread gets the four suggested prompts, each a short example starting with its verb', async () => {
    h = await startSlackBot();
    const pane = await openPane(h);
    const [call] = h.slack.callsTo('assistant.threads.setSuggestedPrompts');
    expect(call?.error).toBeUndefined();
    expect(call?.args).toMatchObject({ channel_id: pane.channel, thread_ts: pane.threadTs, title: expect.any(String) });
    const shown = h.slack.assistant.thread(pane.channel, pane.threadTs)!.prompts;
    expect(shown).toEqual([
      {
        title: 'Try one of these, or type a question',
        prompts: [
          { title: 'Ask the general model', message: 'ask How do solid-state batteries avoid lithium dendrites?' },
          { title: 'Ask the life-science model', message: 'pharm What are the indications for siRNA drugs?' },
          { title: 'Look it up in the bio-pharma encyclopedia', message: 'encyclopedia What is the PK/PD data of RMC-6236?' },
          { title: 'Check whether an idea is new', message: 'novelty A foldable phone hinge with a liquid-metal damping layer' },
        ],
      },
    ]);
    // nothing reaches the platform, and nothing is posted, for opening the pane
    expect(h.sim.requests).toEqual([]);
    expect(h.slack.callsTo('chat.postMessage')).toEqual([]);
  });

  test('a user whose Slack language is Chinese gets the prompts in Chinese, each still starting with its verb', async () => {
    h = await startSlackBot({ slack: { locales: { U1: 'zh-CN' } } });
    const pane = await openPane(h);
    const [shown] = h.slack.assistant.thread(pane.channel, pane.threadTs)!.prompts;
    expect(shown!.title).toBe('试试下面这些，或直接输入问题');
    expect(shown!.prompts.map((p) => p.message)).toEqual([
      'ask 固态电池如何避免锂枝晶？',
      'pharm siRNA 药物有哪些适应症？',
      'encyclopedia RMC-6236 的 PK/PD 数据是什么？',
      'novelty 一种带液态金属阻尼层的折叠屏手机铰链',
    ]);
  });

  test('a question without a verb is answered in the pane by `ask`; the thread is titled by it and the status line set before the answer', async () => {
    h = await startSlackBot();
    const pane = await openPane(h);
    const question = 'How do solid-state batteries avoid lithium dendrites?';
    await write(h, pane, question);
    const [answer] = await answers(h, pane, 1);
    expect(sent(h, 'AI07').map((r) => r.body)).toEqual([{ prompt: question, stream: true }]);
    const thread = h.slack.assistant.thread(pane.channel, pane.threadTs)!;
    expect(thread.titles).toEqual([question]);
    // the status line came before the answer's first call in the thread, and no parent message was posted
    const statuses = h.slack.assistant.statusesIn(pane.channel, pane.threadTs);
    expect(statuses[0]?.status).toBe('is thinking…');
    const firstAnswerCall = h.slack.calls.find(
      (c) => (c.method === 'chat.postMessage' || c.method === 'chat.startStream') && c.args.thread_ts === pane.threadTs,
    )!;
    expect(statuses[0]!.at).toBeLessThanOrEqual(firstAnswerCall.at);
    expect(h.slack.threadMessages(pane.channel, pane.threadTs).every((m) => m.threadTs === pane.threadTs)).toBe(true);
    expect(answer!.channel).toBe(pane.channel);
  });

  test('a clicked prompt chooses the mode: `pharm` answers, a plain follow-up goes on in pharm (same session), a typed verb switches', async () => {
    h = await startSlackBot();
    const pane = await openPane(h);
    // what clicking the pharm prompt writes
    await write(h, pane, 'pharm What are the indications for siRNA drugs?');
    await answers(h, pane, 1);
    expect(h.slack.assistant.thread(pane.channel, pane.threadTs)!.titles).toEqual(['What are the indications for siRNA drugs?']);
    await write(h, pane, 'And which ones are approved?');
    await answers(h, pane, 2);
    const pharm = sent(h, 'AI20');
    expect(pharm.map((r) => (r.body as { question?: string; session_id?: string }).session_id === undefined)).toEqual([true, false]);
    await write(h, pane, 'ask What limits their delivery to the liver?');
    await answers(h, pane, 3);
    expect(sent(h, 'AI07').map((r) => r.body)).toEqual([{ prompt: 'What limits their delivery to the liver?', stream: true }]);
    expect(sent(h, 'AI20')).toHaveLength(2);
    // the title stays the first question's
    expect(h.slack.assistant.thread(pane.channel, pane.threadTs)!.titles).toHaveLength(1);
  });

  test('a novelty search in the pane: its status line says what the bot waits for, step by step, and is cleared after each wait', async () => {
    h = await startSlackBot();
    const pane = await openPane(h);
    await write(h, pane, `novelty ${IDEA}`);
    await press(h, pane, await step(h, pane, 'Step 1 of 5'), 'Confirm');
    const [title] = h.slack.assistant.thread(pane.channel, pane.threadTs)!.titles;
    expect(IDEA.startsWith(title!.replace(/…$/, ''))).toBe(true);
    await press(h, pane, await step(h, pane, 'Step 2 of 5'), 'Confirm');
    const elements = await step(h, pane, 'Step 3 of 5');
    // the status line is cleared by a call of its own, which may reach Slack after the step's message
    await waitFor(() => statusesOf(h!, pane).at(-1) === '' || undefined, 'the status cleared after the wait for step 3');
    const before = statusesOf(h, pane).length;
    h.sim.setTaskDuration(700);
    await press(h, pane, elements, 'Confirm and search');
    await step(h, pane, 'Step 4 of 5', 15_000);
    await waitFor(() => statusesOf(h!, pane).at(-1) === '' || undefined, 'the cleared status');
    // the waits before the search have no status of their own; the agent search says what it does
    expect(distinct(statusesOf(h, pane).slice(0, before))).toEqual(['is waiting for the platform…', '']);
    expect(statusesOf(h, pane).slice(before)).toEqual(['is searching patents…', '']);
  });

  test('a report in the pane: the status line says "is writing the report…" while AI34-3 writes it, and is cleared when it is ready', async () => {
    h = await startSlackBot();
    const pane = await openPane(h);
    await write(h, pane, 'report Solid-state electrolytes for fast-charging electric vehicle batteries');
    const outline = await step(h, pane, 'Report outline');
    const before = statusesOf(h, pane).length;
    h.sim.setTaskDuration(1_000);
    await press(h, pane, outline, 'Generate');
    await waitFor(
      () => h!.slack.threadMessages(pane.channel, pane.threadTs).find((m) => textOf(m).includes('Pre-research report ready')),
      'the report',
    );
    await waitFor(() => statusesOf(h!, pane).at(-1) === '' || undefined, 'the cleared status');
    expect(statusesOf(h, pane).slice(before)).toEqual(['is writing the report…', '']);
  });
});

const statusesOf = (harness: SlackBotHarness, pane: Pane): string[] =>
  harness.slack.assistant.statusesIn(pane.channel, pane.threadTs).map((s) => s.status);
/** the statuses without repeats in a row (each wait sets its own and clears it) */
const distinct = (statuses: string[]): string[] => [...new Set(statuses)];

/** The pane thread's message showing `title` with buttons, once it is there. */
const step = (harness: SlackBotHarness, pane: Pane, title: string, timeoutMs = 10_000): Promise<FakeSlackMessage> =>
  waitFor(
    () => harness.slack.threadMessages(pane.channel, pane.threadTs).find((m) => textOf(m).includes(title) && buttonsOf(m).length > 0),
    `the message "${title}" in the pane`,
    timeoutMs,
  );

async function press(harness: SlackBotHarness, pane: Pane, message: FakeSlackMessage, label: string): Promise<void> {
  const button = buttonsOf(message).find((b) => b.label === label);
  if (!button) throw new Error(`no button "${label}" in ${textOf(message).slice(0, 300)}`);
  const where = { channel: pane.channel, messageTs: message.ts, threadTs: pane.threadTs };
  expect((await harness.click({ action_id: button.action_id, value: button.value }, where)).status).toBe(200);
}
