/**
 * Teams faults while chats stream, through the real CloudAdapter and the fake Bot Connector enforcing Teams'
 * per-conversation limits (7 a second, 8 in two seconds, 60 in thirty): the relay keeps under them so that a 429
 * is rare, pauses on a 429 storm and loses nothing, rides out 5xx answers to edits and posts, and goes on in a
 * new message when the user deletes the one being streamed into.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { renderMarkdown } from '../../src/adapters/teams/render/markdown.js';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity, FakeConnectorCall } from '../helpers/fake-bot-connector.js';
import { CHANNEL, sendActivity } from '../helpers/teams-activities.js';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** 429s in a row, each with Retry-After: 1 */
const STORM = 4;
const LIMITED = { connector: { conversationLimits: true } } as const;

const bodyOf = (activity: FakeActivity | undefined): unknown[] => (activity?.attachments[0]?.content as { body?: unknown[] } | undefined)?.body ?? [];
/** The answer's card as the bot must finally show it: the whole streamed text, then its footer. */
function expectWhole(harness: TeamsBotHarness, final: FakeActivity, question: string): void {
  const whole = harness.sim.expectedStreamText('AI07', { prompt: question, stream: true });
  const expected = renderMarkdown(whole, { nameOf: () => undefined, mentions: [] });
  expect(bodyOf(final).slice(0, expected.length)).toEqual(expected);
}
const finalAnswer = (harness: TeamsBotHarness, root: string) =>
  harness.replies(root).find((m) => cardJson(m).includes('General model') && buttonsOf(m).length === 0);

async function ask(harness: TeamsBotHarness, question: string): Promise<string> {
  const { root, sent } = await harness.mention(`ask ${question}`);
  expect(sent.status).toBe(200);
  return root;
}

describe('Teams faults during chats', () => {
  test("the fake Bot Connector enforces Teams' per-conversation limits with 429 and Retry-After", async () => {
    h = await startTeamsBot(LIMITED);
    const harness = h;
    const activity = { type: 'message', text: 'hello', from: { id: 'bot' }, recipient: { id: 'user' } };
    const send = () =>
      fetch(`${harness.fake.url}v3/conversations/${encodeURIComponent(CHANNEL)}/activities`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(activity),
      });
    await send(); // the connection is open: the next nine arrive together
    const responses = await Promise.all(Array.from({ length: 9 }, send));
    const statuses = responses.map((r) => r.status).sort();
    // 7 a second: the first call and six of the nine pass, the other three wait
    expect(statuses).toEqual([...Array(6).fill(201), 429, 429, 429]);
    for (const r of responses.filter((r) => r.status === 429)) expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // another conversation has limits of its own
    expect(
      (await sendActivity(`${harness.fake.url}v3/conversations/${encodeURIComponent('19:other@thread.tacv2')}/activities`, activity)).status,
    ).toBe(201);
  });

  test('three answers streaming into one channel keep under its limits, and a 429 storm on updates loses nothing', async () => {
    // a workspace budget far above the conversation's limits: only the per-conversation pacing keeps the relay under them
    h = await startTeamsBot({
      ...LIMITED,
      simulator: { streamChunkDelayMs: 10, minAnswerChars: 2_500 },
      env: { RELAY_WORKSPACE_EDITS_PER_MINUTE: '600' },
    });
    const harness = h;
    const questions = ['Map thermal runaway patents', 'Map anode coating patents', 'Map separator film patents'];
    const roots = await Promise.all(questions.map((q) => ask(harness, q)));
    // three answers paced at 7 calls a second in one channel; a loaded machine takes a while to start them all
    await waitFor(() => roots.every((root) => harness.replies(root).some((m) => m.edits > 0)), 'every answer to be streaming', 20_000);

    const before = harness.fake.callsTo('update').length;
    for (let i = 0; i < STORM; i += 1) harness.fake.failNext('update', { status: 429, retryAfter: 1 });
    for (const [i, root] of roots.entries()) {
      const final = await waitFor(() => finalAnswer(harness, root), `answer ${i + 1} whole`, 25_000);
      expectWhole(harness, final, questions[i] as string);
      expect(harness.replies(root)).toHaveLength(1);
    }
    const throttled = harness.fake.callsTo('update').slice(before, before + STORM);
    expect(throttled.every((c) => c.status === 429 && !c.overLimit)).toBe(true);
    const sends = (): FakeConnectorCall[] => harness.fake.calls.filter((c) => c.operation === 'update' || c.operation === 'send');
    for (const refused of throttled) {
      // within the pause only calls already on their way can land: never one to the refused message
      const during = sends().filter((c) => c !== refused && c.at >= refused.at && c.at < refused.at + 950);
      expect(during.filter((c) => c.activityId === refused.activityId)).toEqual([]);
      expect(during.length).toBeLessThanOrEqual(roots.length - 1);
    }
    // the relay kept the channel under Teams' limits: arrival jitter on a loaded machine may push one call over, not more
    expect(harness.fake.calls.filter((c) => c.overLimit).length).toBeLessThanOrEqual(1);
  }, 60_000);

  test('5xx answers to the first post and to updates: the answer still completes whole in one message', async () => {
    h = await startTeamsBot({ ...LIMITED, simulator: { streamChunkDelayMs: 5 } });
    const harness = h;
    harness.fake.failNext('send', { status: 503 });
    harness.fake.failNext('update', { status: 500 });
    harness.fake.failNext('update', { status: 502 });
    const question = 'What is CRISPR base editing?';
    const root = await ask(harness, question);
    const final = await waitFor(() => finalAnswer(harness, root), 'the whole answer', 15_000);
    expectWhole(harness, final, question);
    expect(harness.replies(root)).toHaveLength(1);
    // the refused post was sent once more, the refused updates were followed by newer text
    expect(harness.fake.callsTo('send').filter((c) => c.conversationId?.endsWith(`;messageid=${root}`))).toHaveLength(2);
    expect(harness.fake.callsTo('update').length).toBeGreaterThanOrEqual(3);
  });

  test('the user deletes the message being streamed into: the answer goes on in a new message, whole', async () => {
    h = await startTeamsBot({ ...LIMITED, simulator: { streamChunkDelayMs: 10, minAnswerChars: 2_500 } });
    const harness = h;
    const question = 'Landscape of lithium-sulfur cathode patents';
    const root = await ask(harness, question);
    const first = await waitFor(() => harness.replies(root).find((m) => m.edits > 0), 'the answer to be streaming', 10_000);
    harness.fake.deleteActivity(first.id);
    const final = await waitFor(() => finalAnswer(harness, root), 'the whole answer in a new message', 25_000);
    expect(final.id).not.toBe(first.id);
    expectWhole(harness, final, question);
    expect(harness.replies(root)).toHaveLength(1);
  }, 30_000);
});
