/**
 * The other side of marking interrupted answers at a start: with several replicas on one Redis, a replica that
 * starts while another is still streaming an answer finds that answer's `wait` too. It must not call it
 * interrupted: the live replica holds the thread's lock, finishes, and clears the wait itself.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, expect, test } from 'vitest';
import { startSlackBot, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { ChatThread } from './faults-chat-thread.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

test('a replica starting while another streams an answer leaves that answer alone', async () => {
  const prefix = `iip-test-chat-live-${randomUUID()}:`;
  const redis = new Redis(REDIS_URL);
  cleanup.push(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
  const live: SlackBotHarness = await startSlackBot({ simulator: { streamChunkDelayMs: 15, minAnswerChars: 2_000 }, env });
  cleanup.push(() => live.close());
  const question = 'Map the patent landscape of solid-state electrolytes';
  await live.command(`ask ${question}`);
  const thread = await ChatThread.nth(live.slack, 0);
  await thread.reply((m) => m.edits > 0 || (m.stream?.appends.length ?? 0) > 0, 'the answer to be streaming');
  expect((await live.bot.state.get(thread.id))?.wait).toMatchObject({ step: 'answering' });

  const starting: SlackBotHarness = await startSlackBot({ env });
  cleanup.push(() => starting.close());
  expect(await thread.answer(1, 20_000)).toBe(live.sim.expectedStreamText('AI07', { prompt: question, stream: true }));
  // the record is saved by the live replica, then the starting one looks again under the lock and finds no wait
  expect((await thread.settledRecord(live)).status).toBe('done');
  await starting.bot.stop();
  expect(starting.slack.calls.filter((c) => c.method !== 'auth.test')).toEqual([]);
  expect(thread.replies()).toHaveLength(1);
}, 30_000);
