/**
 * A replica killed while its workflow request is out and restarted within the send's lease: the restarted replica
 * finds the lease still held by its dead self and leaves the send, so only the rescan can end it. Every phase,
 * `send` included, is resumed by the rescan of any replica once the dead holder's lease has run out: the thread
 * gets the interrupted step with Retry within a lease or two, once, and the platform got the step once.
 * Replica A is the real entry point in its own process (SIGKILLed); B, and A once it is back, are bots in this
 * process (their start is quick, so A is back well within its lease); all on one Redis, one simulator and one
 * fake Slack Web API.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, expect, test } from 'vitest';
import { startBot } from '../../src/bot.js';
import { silentLogger } from '../../src/log.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import { startFakeSlackApi, type FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { BOT_TOKEN, waitFor } from '../helpers/slack-bot-harness.js';
import { inProcessConfig, startBotProcess, type BotProcess } from './crash-bot-process.js';
import { buttonsOf, IDEA, textOf } from './slack-novelty-steps.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
/** long enough that the killed replica is back before its own lease runs out */
const LEASE_MS = 8_000;

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

test('the replica that sent a step is killed and restarted within its lease: a rescan offers Retry, the step went out once', {
  timeout: 120_000,
}, async () => {
  const sim = await startSimulator();
  cleanup.push(() => sim.close());
  const slack = await startFakeSlackApi({ token: BOT_TOKEN });
  cleanup.push(() => slack.close());
  const prefix = `iip-test-replicas-killed-send-${randomUUID()}:`;
  const redis = new Redis(REDIS_URL);
  cleanup.push(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, WAIT_LEASE_MS: String(LEASE_MS) };
  const dir = mkdtempSync(join(tmpdir(), 'iip-replicas-killed-send-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const processes: BotProcess[] = [];
  cleanup.push(() => {
    for (const p of processes) p.child.kill('SIGKILL');
  });
  const a = await startBotProcess(dir, sim.url, slack, env);
  processes.push(a);
  const config = inProcessConfig(sim.url, slack, env);
  const startInProcess = async () => {
    const bot = await startBot({ config, logger: silentLogger });
    cleanup.push(() => bot.stop(1_000));
    return bot;
  };
  const b = await startInProcess();

  expect((await a.command(`novelty ${IDEA}`)).status).toBe(200);
  const parent = await waitFor(() => slack.channelMessages('C1').find((m) => !m.threadTs || m.threadTs === m.ts), 'the thread');
  const replies = () => slack.threadMessages('C1', parent.ts).filter((m) => m.ts !== parent.ts);
  const step = (title: string) => waitFor(() => replies().find((m) => textOf(m).includes(title) && buttonsOf(m).length > 0), `"${title}"`, 20_000);
  const confirm = (m: FakeSlackMessage) => a.click(buttonsOf(m).find((c) => c.label === 'Confirm')!, { messageTs: m.ts, threadTs: parent.ts });
  await confirm(await step('Step 1 of 5'));
  const features = await step('Step 2 of 5');

  // the feature confirmation (AI35-5) is held on the platform while its sender is killed
  sim.inject({ kind: 'slow-headers', delayMs: 2_000, operation: 'AI35-5', times: 1 });
  await confirm(features);
  await waitFor(() => sim.requests.some((r) => r.operation === 'AI35-5'), 'the confirmation to be out');
  const [sending] = await b.state.listWaiting();
  expect(sending?.data.flow).toMatchObject({ phase: 'send' });
  const lease = `${prefix}lock:send:${sending!.thread}:v${sending!.version}`;
  expect(await redis.pttl(lease)).toBeGreaterThan(0);
  await a.kill('SIGKILL');
  const killedAt = Date.now();

  // back on the same state, within its dead self's lease: its start leaves the send to the lease's holder
  await startInProcess();
  expect(await redis.pttl(lease)).toBeGreaterThan(0);

  const retried = await waitFor(
    () => replies().find((m) => textOf(m).includes('was interrupted by a restart') && buttonsOf(m).some((c) => c.label === 'Retry')),
    'the interrupted step with Retry',
    4 * LEASE_MS,
  );
  // the lease had to run out first, then one rescan (half a lease) took it
  expect(Date.now() - killedAt).toBeLessThan(3 * LEASE_MS);
  expect(buttonsOf(retried).map((c) => c.label)).toEqual(['Retry', 'Cancel']);
  // a lease later, still one such message (two replicas rescan) and the step went to the platform once
  const settled = Date.now() + LEASE_MS;
  await waitFor(() => Date.now() > settled, 'a lease to pass');
  expect(replies().filter((m) => textOf(m).includes('was interrupted by a restart'))).toHaveLength(1);
  expect(sim.requests.filter((r) => r.operation === 'AI35-5')).toHaveLength(1);
  expect(await b.state.get(sending!.thread)).toMatchObject({ data: { flow: { phase: 'failed' } } });
});
