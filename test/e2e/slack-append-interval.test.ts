/**
 * SLACK_APPEND_INTERVAL_MS end to end: signed requests into the real Bolt app, the chat handler and the relay
 * against the simulator, and the spacing of the chat.appendStream calls that reach the fake Web API.
 */
import { afterEach, expect, test } from 'vitest';
import type { FakeSlackCall } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const INTERVAL_MS = 600;
/** requests can reach the fake a little closer together than the relay sent them */
const ARRIVAL_JITTER_MS = 100;

const streamCalls = (harness: SlackBotHarness): FakeSlackCall[] =>
  harness.slack.calls.filter((c) => ['chat.startStream', 'chat.appendStream', 'chat.stopStream'].includes(c.method));

test('SLACK_APPEND_INTERVAL_MS spaces the appends to a streamed answer; the text stays exact', async () => {
  // about four seconds of streaming, 4 characters every 10 ms: at the default 250 ms the appends come twice as often
  h = await startSlackBot({
    env: { SLACK_APPEND_INTERVAL_MS: String(INTERVAL_MS) },
    simulator: { streamChunkChars: 4, streamChunkDelayMs: 10, minAnswerChars: 1_600 },
    slack: { latencyMs: 5 },
  });
  const question = 'How do solid-state batteries avoid lithium dendrites?';
  const whole = h.sim.expectedStreamText('AI07', { prompt: question, stream: true });
  await h.command(`ask ${question}`);
  await waitFor(() => streamCalls(h!).some((c) => c.method === 'chat.stopStream' && c.status === 200), 'the stream stopped');

  const calls = streamCalls(h);
  expect(calls.map((c) => String(c.args.markdown_text ?? '')).join('')).toBe(whole);
  const appends = calls.filter((c) => c.method === 'chat.appendStream');
  expect(appends.length).toBeGreaterThanOrEqual(3);
  const gaps = appends.slice(1).map((call, i) => call.at - appends[i]!.at);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS - ARRIVAL_JITTER_MS);
});
