/**
 * Streams that die quietly (issue 24), through the real Bolt app, the relay and the fake Web API: Slack's stream
 * and edit methods answering 500 while chat.postMessage works, and a chat.startStream that reached Slack but whose
 * answer was lost (a 500 after Slack started the message, or a dropped connection). Before, the answer stayed at
 * its first characters with no note and no Retry, or was posted whole again beside the orphaned fragment; now the
 * user sees the whole answer once.
 */
import { afterEach, expect, test } from 'vitest';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
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
/** the footer under a finished answer */
const isFinal = (m: FakeSlackMessage): boolean => JSON.stringify(m.blocks).includes('tokens');

async function ask(harness: SlackBotHarness, question: string): Promise<{ parent: FakeSlackMessage; whole: string }> {
  const whole = harness.sim.expectedStreamText('AI07', { prompt: question, stream: true });
  await harness.command(`ask ${question}`);
  const parent = await waitFor(() => harness.latestThread()?.parent, 'the thread');
  return { parent, whole };
}

/** The thread's replies once its answer shows the footer, and no call is in flight any more. */
async function settled(harness: SlackBotHarness, parent: FakeSlackMessage): Promise<FakeSlackMessage[]> {
  const replies = () => harness.slack.threadMessages('C1', parent.ts).filter((m) => m.ts !== parent.ts);
  await waitFor(() => replies().some(isFinal), 'the final answer', 20_000);
  await waitFor(() => harness.slack.calls.every((c) => c.answeredAt !== undefined), 'every call answered');
  return replies();
}

test("Slack's stream and edit methods answer 500 while chat.postMessage works: the answer arrives whole, once, and the fragment goes", async () => {
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 10, minAnswerChars: 1_500 } });
  const harness = h;
  for (const method of ['chat.appendStream', 'chat.stopStream', 'chat.update'])
    for (let i = 0; i < 30; i += 1) harness.slack.failNext(method, { status: 500 });
  const { parent, whole } = await ask(harness, 'Landscape of solid electrolyte interphase patents');
  const replies = await settled(harness, parent);

  // the streamed fragment (its first text only) goes once the whole answer is there as one ordinary message
  const started = harness.slack.streams.messages();
  expect(started).toHaveLength(1);
  await waitFor(() => started[0]!.deleted, 'the fragment removed');
  expect(harness.slack.threadMessages('C1', parent.ts).filter((m) => m.ts !== parent.ts)).toEqual(replies.filter((m) => m !== started[0]));
  expect(replies.filter((m) => m !== started[0])).toHaveLength(1);
  const answer = replies.find((m) => m !== started[0])!;
  expect(answer.stream).toBeUndefined();
  expect(markdownOf(answer)).toBe(whole);
  expect(harness.slack.callsTo('chat.delete').map((c) => c.args.ts)).toEqual([started[0]!.ts]);
  // bounded: the refused edits stopped once posting was the way on
  expect(harness.slack.callsTo('chat.update').length).toBeLessThanOrEqual(3);
}, 30_000);

test.each([
  ['a 500 after Slack started the message', { lost: 'status' as const }],
  ['a dropped connection after Slack started the message', { lost: 'connection' as const }],
])('chat.startStream reaches Slack but its answer is lost (%s): the answer streams on in that message, shown once', async (_, lost) => {
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 5 } });
  const harness = h;
  harness.slack.failNext('chat.startStream', lost);
  const { parent, whole } = await ask(harness, 'How do solid-state batteries avoid lithium dendrites?');
  const replies = await settled(harness, parent);

  expect(replies).toHaveLength(1);
  expect(markdownOf(replies[0]!)).toBe(whole);
  expect(replies[0]!.stream?.state).toBe('completed');
  // one stream, started once; nothing posted beside it (the only post is the thread's parent)
  expect(harness.slack.callsTo('chat.startStream')).toHaveLength(1);
  expect(harness.slack.streams.messages()).toHaveLength(1);
  expect(harness.slack.callsTo('chat.postMessage')).toHaveLength(1);
  expect(harness.slack.callsTo('conversations.replies').length).toBeGreaterThanOrEqual(1);
});
