/**
 * The answer queue across two replicas on one Redis: replica A (the Slack harness) and replica B (a second bot
 * with the same config, in this process) share the workspace's count and queue. With a workspace limit of 1, a
 * question on B and then one on A queue in arrival order; as slots free each starts on the replica it came to,
 * in that order, and each reaches the platform exactly once.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, expect, test } from 'vitest';
import { startBot, type RunningBot } from '../../src/bot.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { API_KEY, BOT_TOKEN, SIGNING_SECRET, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { sendSlashCommand } from '../helpers/slack-requests.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const allText = (m: FakeSlackMessage): string => JSON.stringify(m.blocks) + m.text;
const hasFooter = (m: FakeSlackMessage): boolean =>
  (m.blocks as Array<Record<string, unknown>>).some((b) => b.type === 'context' && JSON.stringify(b).includes('tokens'));
const asked = (h: SlackBotHarness) => h.sim.requests.filter((r) => r.operation === 'AI07').map((r) => JSON.stringify(r));
const threadOf = (h: SlackBotHarness, words: string) =>
  h.slack.channelMessages('C1').find((m) => (!m.threadTs || m.threadTs === m.ts) && allText(m).includes(words));
const replies = (h: SlackBotHarness, parent: FakeSlackMessage) => h.slack.threadMessages('C1', parent.ts).filter((m) => m.ts !== parent.ts);

test('two replicas serve one queue in arrival order, each question answered once', { timeout: 60_000 }, async () => {
  const prefix = `iip-test:answer-queue:${randomUUID()}:`;
  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, LIMIT_ANSWERS_PER_WORKSPACE: '1' };
  const redis = new Redis(REDIS_URL);
  cleanup.push(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  const h = await startSlackBot({ env });
  cleanup.push(() => h.close());
  const config = loadConfig({
    IIP_API_KEY: API_KEY,
    IIP_BASE_URL: h.sim.url,
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: h.slack.url,
    PORT: '0',
    HOST: '127.0.0.1',
    RELAY_MIN_EDIT_INTERVAL_MS: '40',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const b: RunningBot = await startBot({ config, logger: silentLogger });
  cleanup.push(() => b.stop());
  const onB = (text: string, user: string) =>
    sendSlashCommand(`${b.httpUrl}/slack/events`, SIGNING_SECRET, {
      text,
      user_id: user,
      trigger_id: `b.${randomUUID()}`,
      response_url: h.slack.responseUrl(),
    });

  h.sim.inject({ kind: 'slow-headers', operation: 'AI07', delayMs: 3_000, times: 1 });
  await h.command('ask First question on replica A?', { user_id: 'U1' });
  await waitFor(() => asked(h).length === 1, 'the first answer being written');
  await onB('ask Second question on replica B?', 'U2');
  const second = await waitFor(() => threadOf(h, 'Second question'), 'the second thread');
  await waitFor(() => replies(h, second).some((m) => allText(m).includes('your question is next')), 'the second question first in line');
  await h.command('ask Third question on replica A?', { user_id: 'U3' });
  const third = await waitFor(() => threadOf(h, 'Third question'), 'the third thread');
  await waitFor(() => replies(h, third).some((m) => allText(m).includes('Queued: 1 question ahead of yours')), 'the third question behind it');
  expect(asked(h)).toHaveLength(1);

  await waitFor(() => replies(h, third).some(hasFooter), 'the third answer', 30_000);
  const order = asked(h).map((r) => ['First', 'Second', 'Third'].find((w) => r.includes(`${w} question`)));
  expect(order).toEqual(['First', 'Second', 'Third']);
  for (const words of ['First', 'Second', 'Third']) expect(replies(h, threadOf(h, `${words} question`)!).filter(hasFooter)).toHaveLength(1);
});
