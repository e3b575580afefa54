/**
 * A Redis stall longer than the wait lease (`CLIENT PAUSE ... ALL` on a connection of its own: every other
 * client's commands wait, and the lease expires meanwhile) while a design-patent search polls. The Redis is a
 * server of this test's own: a pause of the shared one stalled every test running beside it, whose short leases
 * then expired too. The holder's lease
 * is gone when Redis answers again, and another replica may take the wait over; the lease's fencing token keeps
 * the holder that lost it from acting for the thread: the search's continuation runs once, so the line drawing
 * is uploaded once and the report posted once. Two bots in this process (real Bolt apps, real platform clients,
 * each its own Redis connection and its own platform key), one simulator and one fake Slack Web API.
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
import { BOT_TOKEN, SIGNING_SECRET, waitFor } from '../helpers/slack-bot-harness.js';
import { removeRedisScratch, startOnFreePort } from '../helpers/redis-servers.js';
import { textOf } from './slack-novelty-steps.js';

const LEASE_MS = 1_000;
/** how long Redis answers nobody: well over the lease */
const STALL_MS = 2_500;
const IMAGE = 'https://images.example.com/products/earbuds-case.png';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

test('a Redis stall longer than the lease during a design poll: the continuation runs once, one upload, one report', {
  timeout: 60_000,
}, async () => {
  const sim = await startSimulator();
  cleanup.push(() => sim.close());
  const slack = await startFakeSlackApi({ token: BOT_TOKEN });
  cleanup.push(() => slack.close());
  const server = await startOnFreePort((port) => ['--port', String(port)]);
  cleanup.push(removeRedisScratch, () => server.kill());
  const REDIS_URL = `redis://127.0.0.1:${server.port}`;
  const prefix = `iip-test-replicas-stall-${randomUUID()}:`;
  const redis = new Redis(REDIS_URL);
  cleanup.push(() => redis.quit());
  // each replica its own platform key, so the simulator tells whose requests it got (keyId)
  const start = async (name: string): Promise<RunningBot> => {
    const apiKey = `sk-stall-${name}-${randomUUID()}`;
    const config = loadConfig({
      IIP_API_KEY: apiKey,
      IIP_BASE_URL: sim.url,
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.url,
      PORT: '0',
      HOST: '127.0.0.1',
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      WAIT_LEASE_MS: String(LEASE_MS),
      LOG_LEVEL: 'silent',
    });
    const bot = await startBot({ config, logger: silentLogger });
    cleanup.push(() => bot.stop(1_000));
    return bot;
  };
  const a = await start('a');
  await start('b');
  const polls = () => sim.requests.filter((r) => r.operation === 'AI39-2');

  sim.setTaskDuration(60_000);
  const ack = await sendSlashCommand(`${a.httpUrl}/slack/events`, SIGNING_SECRET, {
    text: `design <${IMAGE}> wireless earbuds case --countries us`,
    trigger_id: '1.stall',
  });
  expect(ack.status).toBe(200);
  await waitFor(() => polls().length >= 2, 'the search being polled', 20_000);
  // one replica polls (whichever took the wait's lease first)
  expect(new Set(polls().map((r) => r.keyId)).size).toBe(1);
  const [lease] = await redis.keys(`${prefix}lock:wait:*`);
  const token = await redis.get(lease!);
  expect(token).toBeTruthy();

  // Redis stalls for longer than the lease: when it answers again, the holder's lease has run out
  const pauser = new Redis(REDIS_URL);
  cleanup.push(() => pauser.quit());
  const stalled = Date.now();
  await pauser.call('CLIENT', 'PAUSE', String(STALL_MS), 'ALL');
  // this connection's commands wait out the pause like every replica's
  expect(await redis.ping()).toBe('PONG');
  expect(Date.now() - stalled).toBeGreaterThanOrEqual(STALL_MS - 100);
  // the holder's token is no longer the lease's: it ran out during the stall (another replica may hold it now)
  expect(await redis.get(lease!)).not.toBe(token);
  sim.setTaskDuration(0);

  const parent = await waitFor(() => slack.channelMessages('C1').find((m) => !m.threadTs || m.threadTs === m.ts), 'the thread');
  const reports = () => slack.threadMessages('C1', parent.ts).filter((m) => textOf(m).includes('Design search report'));
  await waitFor(() => reports().length > 0, 'the report', 20_000);
  // both replicas had every chance to act: several leases and polls later, still one of each
  const settled = Date.now() + 4 * LEASE_MS;
  await waitFor(() => Date.now() > settled, 'four leases to pass');
  expect(reports()).toHaveLength(1);
  expect(slack.files.uploads()).toHaveLength(1);
  expect(slack.callsTo('files.getUploadURLExternal')).toHaveLength(1);
  expect(slack.callsTo('files.completeUploadExternal')).toHaveLength(1);
  expect(sim.requests.filter((r) => r.operation === 'AI39-1')).toHaveLength(1);
  expect(await redis.keys(`${prefix}lock:wait:*`)).toEqual([]);
});
