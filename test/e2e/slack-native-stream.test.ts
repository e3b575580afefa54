/**
 * Slack native streaming end to end (issue 14): signed requests into the real Bolt app, the chat handler and the
 * relay against the simulator, and what reaches the fake Web API's chat.startStream / appendStream / stopStream:
 * the recipient, one call in flight per stream, the exact text, long answers over several streamed messages,
 * and the fall back to editing when Slack refuses the methods mid-answer, with nothing lost or shown twice.
 */
import { afterEach, expect, test } from 'vitest';
import type { FakeSlackCall, FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Block = Record<string, unknown>;
const markdownOf = (m: FakeSlackMessage): string =>
  (m.blocks as Block[])
    .filter((b) => b.type === 'markdown')
    .map((b) => String(b.text))
    .join('');
const isFinal = (m: FakeSlackMessage): boolean => JSON.stringify(m.blocks).includes('tokens');
const streamCalls = (harness: SlackBotHarness): FakeSlackCall[] =>
  harness.slack.calls.filter((c) => ['chat.startStream', 'chat.appendStream', 'chat.stopStream'].includes(c.method));
const markdownSent = (calls: FakeSlackCall[]): string => calls.map((c) => String(c.args.markdown_text ?? '')).join('');

async function answered(harness: SlackBotHarness, question: string): Promise<{ replies: FakeSlackMessage[]; whole: string }> {
  const whole = harness.sim.expectedStreamText('AI07', { prompt: question, stream: true });
  const before = harness.latestThread()?.parent.ts;
  await harness.command(`ask ${question}`);
  const replies = await waitFor(() => {
    const thread = harness.latestThread();
    return thread && thread.parent.ts !== before && thread.replies.length > 0 && isFinal(thread.replies.at(-1)!) && thread.replies;
  }, 'the final answer');
  return { replies, whole };
}

test('an answer in a channel thread streams to its asker: start, appends one at a time, stop with the exact text', async () => {
  // streaming for a few seconds: appends go at most every 250 ms
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 10 }, slack: { latencyMs: 5 } });
  const { replies, whole } = await answered(h, 'How do solid-state batteries avoid lithium dendrites?');
  const parent = h.latestThread()!.parent;
  expect(replies).toHaveLength(1);
  expect(markdownOf(replies[0]!)).toBe(whole);
  expect(replies[0]!.stream?.state).toBe('completed');
  const calls = streamCalls(h);
  expect(calls[0]).toMatchObject({
    method: 'chat.startStream',
    args: { channel: 'C1', thread_ts: parent.ts, recipient_user_id: 'U1', recipient_team_id: 'T1' },
  });
  expect(calls.at(-1)?.method).toBe('chat.stopStream');
  expect(calls.filter((c) => c.method === 'chat.appendStream').length).toBeGreaterThan(1);
  expect(calls.every((c) => c.status === 200 && c.error === undefined)).toBe(true);
  // what Slack received, in order, is the answer itself: nothing repeated, nothing left out
  expect(markdownSent(calls)).toBe(whole);
  // one call in flight per stream: each starts after the previous one was answered
  for (let i = 1; i < calls.length; i++) expect(calls[i]!.at).toBeGreaterThanOrEqual(calls[i - 1]!.answeredAt!);
  // the footer (a context block) arrives as the stop call's blocks, below the text
  expect(JSON.stringify(calls.at(-1)?.args.blocks)).toContain('tokens');
  expect(h.slack.callsTo('chat.update')).toHaveLength(0);
  expect(h.slack.callsTo('chat.postMessage')).toHaveLength(1); // only the thread's parent
});

test('a long answer continues in new streamed messages, each call and message within 12,000 characters', async () => {
  h = await startSlackBot({ simulator: { minAnswerChars: 30_000, streamChunkChars: 400, streamChunkDelayMs: 1 } });
  const { replies, whole } = await answered(h, 'Give a full landscape of sodium-ion battery cathode patents');
  expect(whole.length).toBeGreaterThanOrEqual(30_000);
  expect(replies.length).toBeGreaterThanOrEqual(3);
  expect(replies.map(markdownOf).join('')).toBe(whole);
  for (const reply of replies) {
    expect(reply.stream?.state).toBe('completed');
    expect(markdownOf(reply).length).toBeLessThanOrEqual(12_000);
  }
  const calls = streamCalls(h);
  expect(calls.filter((c) => c.method === 'chat.startStream')).toHaveLength(replies.length);
  expect(calls.filter((c) => c.method === 'chat.stopStream')).toHaveLength(replies.length);
  for (const call of calls) expect(String(call.args.markdown_text ?? '').length).toBeLessThanOrEqual(12_000);
  expect(calls.every((c) => c.error === undefined)).toBe(true);
});

test('Slack refusing the methods mid-answer: the streamed message is edited on, nothing lost or shown twice', async () => {
  // an answer streaming for about 4 s: appends go at most every 250 ms, so it takes several
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 20, minAnswerChars: 3_000 } });
  const slack = h.slack;
  const question = 'Which companies lead in CRISPR delivery patents?';
  const whole = h.sim.expectedStreamText('AI07', { prompt: question, stream: true });
  await h.command(`ask ${question}`);
  await waitFor(() => slack.callsTo('chat.appendStream').length >= 2, 'two appends');
  slack.streams.refuseIn('public');
  const replies = await waitFor(() => {
    const replies = h!.latestThread()?.replies;
    return replies && replies.length > 0 && isFinal(replies.at(-1)!) && replies;
  }, 'the final answer');
  expect(replies).toHaveLength(1);
  expect(markdownOf(replies[0]!)).toBe(whole);
  const refused = slack.callsTo('chat.appendStream').find((c) => c.error === 'channel_type_not_supported');
  expect(refused).toBeDefined();
  // the streamed message itself was edited to the final text, after the refusal
  const updates = slack.callsTo('chat.update');
  expect(updates.length).toBeGreaterThan(0);
  expect(updates.every((u) => u.args.ts === replies[0]!.ts && u.at >= refused!.at)).toBe(true);
  expect(slack.callsTo('chat.postMessage')).toHaveLength(1);

  // the refusal is remembered for the channel: the next answer is posted and edited without trying to stream
  const streamsBefore = slack.callsTo('chat.startStream').length;
  slack.streams.allowEverywhere();
  const second = await answered(h, 'What is a PCT application?');
  expect(markdownOf(second.replies[0]!)).toBe(second.whole);
  expect(slack.callsTo('chat.startStream')).toHaveLength(streamsBefore);
});

test('refused from the first call (a workspace without streaming): the answer is posted and edited', async () => {
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 3 } });
  h.slack.streams.refuseForTeam('T1');
  const { replies, whole } = await answered(h, 'How do solid-state batteries avoid lithium dendrites?');
  expect(replies).toHaveLength(1);
  expect(markdownOf(replies[0]!)).toBe(whole);
  expect(replies[0]!.stream).toBeUndefined();
  expect(h.slack.callsTo('chat.startStream')[0]?.error).toBe('unknown_method');
  expect(h.slack.callsTo('chat.postMessage')).toHaveLength(2);
});

test('a 429 on appendStream pauses the appends for Retry-After (the stop may carry the rest), and the answer arrives whole', async () => {
  // an answer streaming for about 4 s: appends go on after the 1 s pause
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 20, minAnswerChars: 3_000 } });
  h.slack.failNext('chat.appendStream', { status: 429, retryAfter: 1 });
  const { replies, whole } = await answered(h, 'Summarise the state of perovskite solar cell patents');
  expect(replies).toHaveLength(1);
  expect(markdownOf(replies[0]!)).toBe(whole);
  const calls = streamCalls(h);
  const appends = calls.filter((c) => c.method === 'chat.appendStream');
  const limited = appends.findIndex((c) => c.status === 429);
  expect(limited).toBeGreaterThanOrEqual(0);
  // no append during the pause: the next one waited it out
  const next = appends[limited + 1];
  expect(next).toBeDefined();
  expect(next!.at - appends[limited]!.answeredAt!).toBeGreaterThanOrEqual(950);
  expect(markdownSent(calls.filter((c) => c.status === 200))).toBe(whole);
  expect(h.slack.callsTo('chat.update')).toHaveLength(0);
});

test('the user deletes the message being streamed: the answer goes on whole in a new message', async () => {
  // an answer streaming for about 4 s: appends go at most every 250 ms, so it takes several
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 20, minAnswerChars: 3_000 } });
  const slack = h.slack;
  const question = 'Which companies lead in CRISPR delivery patents?';
  const whole = h.sim.expectedStreamText('AI07', { prompt: question, stream: true });
  await h.command(`ask ${question}`);
  await waitFor(() => slack.callsTo('chat.appendStream').length >= 2, 'two appends');
  const streamed = slack.streams.messages()[0]!;
  slack.deleteMessage('C1', streamed.ts);
  const replies = await waitFor(() => {
    const replies = h!.latestThread()?.replies;
    return replies && replies.length > 0 && isFinal(replies.at(-1)!) && replies;
  }, 'the final answer');
  expect(replies).toHaveLength(1);
  expect(replies[0]!.ts).not.toBe(streamed.ts);
  expect(markdownOf(replies[0]!)).toBe(whole);
  expect(slack.callsTo('chat.appendStream').some((c) => c.error === 'message_not_found')).toBe(true);
});
