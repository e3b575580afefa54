/**
 * A replica that starts while another replica's workflow request is out (a rolling deploy) leaves that send
 * alone: the send holds a lease in Redis, so the new replica's resume of recorded waits does not mark it
 * interrupted. Two bots in this process (real Bolt apps, real platform clients, each its own Redis connection)
 * on one Redis, one simulator and one fake Slack.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, expect, test } from 'vitest';
import { startBot, type RunningBot } from '../../src/bot.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import { sendSlashCommand } from '../helpers/slack-requests.js';
import { API_KEY, BOT_TOKEN, SIGNING_SECRET, waitFor } from '../helpers/slack-bot-harness.js';
import { buttonsOf, IDEA, textOf } from './slack-novelty-steps.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

test("a replica starting while another replica's start request is out leaves it alone; the workflow goes on", async () => {
  const sim = await startSimulator();
  cleanup.push(() => sim.close());
  const slack = await startFakeSlackApi({ token: BOT_TOKEN });
  cleanup.push(() => slack.close());
  const prefix = `iip-test-replicas-send-${randomUUID()}:`;
  const redis = new Redis(REDIS_URL);
  cleanup.push(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  const config = loadConfig({
    IIP_API_KEY: API_KEY,
    IIP_BASE_URL: sim.url,
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.url,
    PORT: '0',
    HOST: '127.0.0.1',
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    LOG_LEVEL: 'silent',
  });
  const start = async (): Promise<RunningBot> => {
    const bot = await startBot({ config, logger: silentLogger });
    cleanup.push(() => bot.stop(1_000));
    return bot;
  };
  const first = await start();

  // the novelty's first request is held on the platform while a second replica starts
  sim.inject({ kind: 'slow-headers', delayMs: 1_500, operation: 'AI35-1', times: 1 });
  const ack = await sendSlashCommand(`${first.httpUrl}/slack/events`, SIGNING_SECRET, { text: `novelty ${IDEA}`, trigger_id: '1.send' });
  expect(ack.status).toBe(200);
  await waitFor(() => sim.requests.some((r) => r.operation === 'AI35-1'), 'the request to be out');
  const [waiting] = await first.state.listWaiting();
  expect(waiting?.data.flow).toMatchObject({ phase: 'send' });
  const second = await start();
  expect(await second.state.listWaiting()).toHaveLength(1);

  const parent = await waitFor(() => slack.channelMessages('C1').find((m) => !m.threadTs || m.threadTs === m.ts), 'the thread');
  const replies = () => slack.threadMessages('C1', parent.ts).filter((m) => m.ts !== parent.ts);
  await waitFor(() => replies().find((m) => textOf(m).includes('Step 1 of 5') && buttonsOf(m).length > 0), 'step 1', 10_000);
  expect(replies().map(textOf).join('\n')).not.toContain('interrupted');
  expect(sim.requests.filter((r) => r.operation === 'AI35-1')).toHaveLength(1);
  expect((await second.state.get(waiting!.thread))?.status).not.toBe('failed');
});
