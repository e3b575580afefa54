/**
 * Answers under Slack's documented limits (issue 31), through the real Bolt app, the simulator and the fake Web
 * API limiting every method at its tier's floor: 24 users mention the bot in one channel at once. chat.startStream
 * (Tier 2, 20 a minute) opens 20 streams and refuses the 21st for about a minute; the answers still waiting then
 * show their first text by chat.postMessage and grow by chat.update instead of waiting for that minute. Every
 * answer arrives whole, exactly once, and no call is made inside a Retry-After window the fake gave.
 */
import { afterEach, expect, test } from 'vitest';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { hasFooter, markdownOf } from './faults-chat-thread.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ASKERS = 24;
const CREATING = new Set(['chat.postMessage', 'chat.startStream']);

test('24 mentions at once: 20 answers stream, the rest switch to post + edit at once; all whole, none twice, none inside Retry-After', async () => {
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 10, minAnswerChars: 1_500 }, slack: { limits: 'documented' } });
  const harness = h;
  const asks = Array.from({ length: ASKERS }, (_, i) => ({
    question: `Which groups file on sodium-ion cathodes, variant ${i + 1}?`,
    ts: `1800000100.${String(i + 1).padStart(6, '0')}`,
    user: `UASK${i + 1}`,
  }));
  await Promise.all(
    asks.map((a, i) =>
      harness.event({ type: 'app_mention', channel: 'C1', user: a.user, text: `<@UBOT> ask ${a.question}`, ts: a.ts }, `EvLimits${i + 1}`),
    ),
  );
  const answers = await waitFor(
    () => {
      const threads = asks.map((a) => harness.slack.threadMessages('C1', a.ts));
      return threads.every((replies) => replies.some(hasFooter)) && threads;
    },
    'every answer whole',
    45_000,
  );

  for (const [i, replies] of answers.entries()) {
    expect(replies.map(markdownOf).join('')).toBe(harness.sim.expectedStreamText('AI07', { prompt: asks[i]!.question, stream: true }));
    expect(replies).toHaveLength(1);
    // one accepted call created the answer's message: nothing shown twice
    const created = harness.slack.calls.filter((c) => CREATING.has(c.method) && c.args.thread_ts === asks[i]!.ts && c.status === 200 && !c.error);
    expect(created).toHaveLength(1);
  }
  const streamed = answers.filter(([reply]) => (reply as FakeSlackMessage).stream !== undefined);
  expect(streamed.length).toBeGreaterThan(0);
  expect(streamed.length).toBeLessThanOrEqual(20);
  // the others were posted and edited: first text by chat.postMessage as soon as chat.startStream had no room
  expect(answers.length - streamed.length).toBeGreaterThanOrEqual(ASKERS - 20);
  expect(harness.slack.callsTo('chat.startStream').some((c) => c.status === 429)).toBe(true);
  expect(harness.slack.callsTo('chat.update').some((c) => c.status === 200)).toBe(true);
  // the refused calls and their neighbours, should a call be found inside a window
  const t0 = harness.slack.calls[0]!.at;
  const around = harness.slack.calls
    .filter((c) => c.status === 429 || c.insideRetryAfter)
    .map((c) => `${c.method} ${c.at - t0}-${(c.answeredAt ?? 0) - t0} ${c.status}${c.insideRetryAfter ? ' inside' : ''}`);
  expect(harness.slack.callsInsideRetryAfter(), around.join('\n')).toEqual([]);
}, 60_000);
