/**
 * Issue 3 end to end: signed Slack requests into the real Bolt app, the chat handler, the relay, the real
 * platform client against the simulator, and a fake Slack Web API that records what the bot shows.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { expectedChatAnswer } from '../../src/platform/simulator/index.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { sendSlashCommand } from '../helpers/slack-requests.js';
import { API_KEY, BOT_TOKEN, SIGNING_SECRET, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Block = Record<string, unknown>;
const blocksOf = (m: FakeSlackMessage): Block[] => m.blocks as Block[];
const markdownOf = (m: FakeSlackMessage): string =>
  blocksOf(m)
    .filter((b) => b.type === 'markdown')
    .map((b) => String(b.text))
    .join('');
const allText = (m: FakeSlackMessage): string => JSON.stringify(m.blocks) + m.text;
const hasFooter = (m: FakeSlackMessage): boolean => blocksOf(m).some((b) => b.type === 'context' && JSON.stringify(b).includes('tokens'));

/** Waits until the newest thread's last reply carries the footer (the final text), and returns all replies. */
async function finalAnswer(harness: SlackBotHarness): Promise<FakeSlackMessage[]> {
  return waitFor(() => {
    const thread = harness.latestThread();
    const last = thread?.replies.at(-1);
    return thread && last && (hasFooter(last) || allText(last).includes('interrupted')) ? thread.replies : undefined;
  }, 'the final answer');
}

describe('Slack chats', () => {
  test('/iip ask streams the general model answer into a thread under a parent naming the asker', async () => {
    // streaming for a second or so: appends go at most every 250 ms
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 5 } });
    const question = 'How do solid-state batteries avoid lithium dendrites?';
    const ack = await h.command(`ask ${question}`);
    expect(ack.status).toBe(200);
    const replies = await finalAnswer(h);
    const thread = h.latestThread()!;
    expect(thread.parent.text).toContain('<@U1>');
    expect(thread.parent.text).toContain('dendrites');
    expect(replies.map(markdownOf).join('')).toBe(expectedChatAnswer('AI07', { prompt: question }));
    expect(allText(replies.at(-1)!)).toContain('General model');
    // the answer grew in place: one message streamed natively to the asker (slack-native-stream.test.ts has the details)
    expect(replies).toHaveLength(1);
    expect(h.slack.callsTo('chat.startStream')[0]?.args).toMatchObject({ recipient_user_id: 'U1', recipient_team_id: 'T1' });
    expect(h.slack.callsTo('chat.appendStream').length).toBeGreaterThan(0);
    expect(h.slack.callsTo('chat.update')).toHaveLength(0);
    const sent = h.sim.requests.filter((r) => r.operation === 'AI07');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ prompt: question, stream: true });
  });

  test('/iip pharm answers with numbered citations, and a reply in the thread continues the session', async () => {
    h = await startSlackBot();
    await h.command('pharm What are the indications for siRNA drugs?');
    const first = await finalAnswer(h);
    expect(markdownOf(first[0]!)).toBe(expectedChatAnswer('AI20', { query: 'What are the indications for siRNA drugs?' }, { turn: 1 }));
    expect(allText(first[0]!)).toMatch(/1\.\s/);
    expect(allText(first[0]!)).toContain('Life-science model');

    const thread = h.latestThread()!;
    await h.event(
      {
        type: 'message',
        channel: 'C1',
        user: 'U1',
        text: 'And which ones are approved?',
        ts: '1800000000.000100',
        thread_ts: thread.parent.ts,
        channel_type: 'channel',
      },
      'EvFollow1',
    );
    await waitFor(() => h!.latestThread()!.replies.filter(hasFooter).length === 2, 'the follow-up answer');
    const calls = h.sim.requests.filter((r) => r.operation === 'AI20');
    expect(calls).toHaveLength(2);
    expect((calls[0]!.body as { session_id?: string }).session_id).toBeUndefined();
    expect((calls[1]!.body as { session_id?: string }).session_id).toMatch(/\S/);
    const followUp = h.latestThread()!.replies.filter(hasFooter)[1]!;
    expect(markdownOf(followUp)).toBe(expectedChatAnswer('AI20', { query: 'And which ones are approved?' }, { turn: 2 }));
  });

  test('/iip encyclopedia (alias bio) shows AI68-1 reference documents as numbered citations with links', async () => {
    h = await startSlackBot();
    const question = 'What is the PK/PD data of RMC-6236?';
    await h.command(`bio ${question}`);
    const replies = await finalAnswer(h);
    expect(replies.map(markdownOf).join('')).toBe(expectedChatAnswer('AI68-2', {}, { question }));
    const created = h.sim.requests.find((r) => r.operation === 'AI68-1')!;
    expect(created.body).toMatchObject({ query: question, deep_search: false, long_think: false, search_website: false });
    const streamed = h.sim.requests.find((r) => r.operation === 'AI68-2')!;
    expect(Object.keys(streamed.body as object).sort()).toEqual(['chat_id', 'chat_item_id']);
    const text = allText(replies.at(-1)!);
    expect(text).toMatch(/1\.\s/);
    expect(text).toMatch(/<https?:\/\/[^|>]+\|/);
  });

  test('help, empty questions and over-long questions answer ephemerally and call nothing', async () => {
    h = await startSlackBot();
    const noteFor = async (text: string): Promise<string> => {
      const before = h!.slack.ephemerals.length;
      await h!.command(text);
      const note = await waitFor(() => h!.slack.ephemerals[before], `the note for "${text.slice(0, 20)}"`);
      return note.text + JSON.stringify(note.blocks);
    };
    expect(await noteFor('')).toContain('/iip ask');
    expect(await noteFor('help')).toContain('/iip pharm');
    expect(await noteFor('ask')).toContain('Usage: `/iip ask <question>`');
    expect(await noteFor(`ask ${'x'.repeat(501)}`)).toContain('at most 500 characters; yours has 501');
    expect(await noteFor('frobnicate the thing')).toContain('Unknown command `frobnicate`');
    expect(h.sim.requests).toHaveLength(0);
    expect(h.slack.callsTo('chat.postMessage')).toHaveLength(0);
  });

  test('unsigned, wrongly signed and stale requests get 401 and do no work', async () => {
    h = await startSlackBot();
    const url = h.eventsUrl;
    const unsigned = await sendSlashCommand(url, SIGNING_SECRET, { text: 'ask hi' }, { signature: false });
    const forged = await sendSlashCommand(url, 'not-the-secret', { text: 'ask hi' });
    const stale = await sendSlashCommand(url, SIGNING_SECRET, { text: 'ask hi' }, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect([unsigned.status, forged.status, stale.status]).toEqual([401, 401, 401]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(h.sim.requests).toHaveLength(0);
    expect(h.slack.calls.filter((c) => c.method !== 'auth.test')).toHaveLength(0);
  });

  test('the same mention delivered three times (Slack retries) is answered once', async () => {
    h = await startSlackBot();
    const mention = { type: 'app_mention', channel: 'C1', user: 'U1', text: '<@UBOT> ask What is CRISPR?', ts: '1800000000.000200' };
    const responses = await Promise.all([
      h.event(mention, 'EvSame1'),
      h.event(mention, 'EvSame1', { retryNum: 1, retryReason: 'http_timeout' }),
      h.event(mention, 'EvSame1', { retryNum: 2, retryReason: 'http_timeout' }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    await waitFor(() => h!.slack.threadMessages('C1', mention.ts).some(hasFooter), 'the answer');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(1);
    expect(h.slack.threadMessages('C1', mention.ts).filter((m) => m.ts !== mention.ts)).toHaveLength(1);
  });

  test('429s with Retry-After during a stream: no edit during the pause, and the final text still arrives', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 5 } });
    h.slack.streams.refuseIn('public'); // the edit path: slack-native-limits.test.ts has 429s on appends
    h.slack.failNext('chat.update', { status: 429, retryAfter: 1 });
    await h.command('ask Summarise the state of perovskite solar cell patents');
    const replies = await finalAnswer(h);
    expect(markdownOf(replies[0]!)).toBe(expectedChatAnswer('AI07', { prompt: 'Summarise the state of perovskite solar cell patents' }));
    // the first chat.update was answered 429 + Retry-After: 1; the next edit waited the pause out
    const updates = h.slack.callsTo('chat.update');
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(updates[1]!.at - updates[0]!.at).toBeGreaterThanOrEqual(950);
  });

  test('a stream cut by the platform keeps the partial text marked interrupted, and Retry gives the whole answer', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 2 } });
    h.sim.inject({ kind: 'stream-cut', afterEvents: 5, operation: 'AI07', times: 1 });
    const question = 'Which companies lead in CRISPR delivery patents?';
    await h.command(`ask ${question}`);
    const replies = await finalAnswer(h);
    const broken = replies[0]!;
    expect(allText(broken)).toContain('interrupted');
    const whole = expectedChatAnswer('AI07', { prompt: question });
    expect(whole.startsWith(markdownOf(broken))).toBe(true);
    expect(markdownOf(broken).length).toBeGreaterThan(0);
    const retry = blocksOf(broken)
      .filter((b) => b.type === 'actions')
      .flatMap((b) => b.elements as Block[])[0]!;
    expect(retry.text).toMatchObject({ text: 'Retry' });

    const thread = h.latestThread()!;
    await h.click({ action_id: String(retry.action_id), value: String(retry.value) }, { messageTs: broken.ts, threadTs: thread.parent.ts });
    await waitFor(() => h!.latestThread()!.replies.some(hasFooter), 'the retried answer');
    const retried = h.latestThread()!.replies.find(hasFooter)!;
    expect(markdownOf(retried)).toBe(whole);
    expect(h.sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(2);

    // a second click on the same Retry changes nothing and calls nothing
    await h.click({ action_id: String(retry.action_id), value: String(retry.value) }, { messageTs: broken.ts, threadTs: thread.parent.ts });
    await waitFor(() => h!.slack.ephemerals.some((e) => e.text.includes('Already done')), 'the already-done note');
    expect(h.sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(2);
  });

  test("a 30,000-character answer arrives whole over several messages, each within Slack's limits", async () => {
    h = await startSlackBot({ simulator: { minAnswerChars: 30_000, streamChunkChars: 400 } });
    const question = 'Give a full landscape of sodium-ion battery cathode patents';
    const whole = h.sim.expectedStreamText('AI07', { prompt: question, stream: true });
    expect(whole.length).toBeGreaterThanOrEqual(30_000);
    await h.command(`ask ${question}`);
    const replies = await finalAnswer(h);
    expect(replies.length).toBeGreaterThanOrEqual(3);
    expect(replies.map(markdownOf).join('')).toBe(whole);
    for (const reply of replies) expect(markdownOf(reply).length).toBeLessThanOrEqual(12_000);
  });

  test('platform errors become one short actionable message, never a stack trace or a secret', async () => {
    h = await startSlackBot();
    h.sim.inject({ kind: 'envelope-error', errorCode: 67200005, operation: 'AI07', times: 1 });
    await h.command('ask What is a PCT application?');
    const note = await waitFor(() => h!.latestThread()?.replies.find((m) => allText(m).includes('quota')), 'the quota message');
    const text = allText(note);
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    const shown = JSON.stringify([h.slack.channelMessages('C1'), h.slack.ephemerals]);
    for (const secret of [API_KEY, BOT_TOKEN, SIGNING_SECRET]) expect(shown).not.toContain(secret);
  });
});
