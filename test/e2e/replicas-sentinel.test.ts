/**
 * Two replicas of the bot on a Sentinel-managed Redis (a master, its replica and a Sentinel, all real redis-server
 * processes started here) while an answer streams and a workflow waits on a platform poll: the master is SIGKILLed,
 * the Sentinel promotes the replica, and the bots follow it without a restart. The answer completes once and whole,
 * the workflow moves on once, and a mention that arrives while the master is down is answered once (Slack delivers
 * an event again until it is acknowledged).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, expect, test } from 'vitest';
import { startBot } from '../../src/bot.js';
import { inProcessConfig } from './crash-bot-process.js';
import { silentLogger } from '../../src/log.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import { startSentinelPair } from '../helpers/redis-topologies.js';
import { eventCallback, sendEvent, sendSlashCommand } from '../helpers/slack-requests.js';
import { BOT_TOKEN, SIGNING_SECRET, waitFor } from '../helpers/slack-bot-harness.js';
import { ChatThread, hasFooter, markdownOf, parentsIn } from './faults-chat-thread.js';
import { buttonsOf, IDEA, textOf } from './slack-novelty-steps.js';

const LEASE_MS = 8_000;
const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

let commands = 0;

test('the master dies mid-answer and mid-wait: both replicas follow the promoted replica, nothing is lost or done twice', {
  timeout: 120_000,
}, async () => {
  const pair = await startSentinelPair();
  cleanup.push(() => pair.stop());
  const sim = await startSimulator({ streamChunkDelayMs: 20, minAnswerChars: 2_500 });
  cleanup.push(() => sim.close());
  const slack = await startFakeSlackApi({ token: BOT_TOKEN });
  cleanup.push(() => slack.close());
  const config = inProcessConfig(sim.url, slack, {
    RELAY_MIN_EDIT_INTERVAL_MS: '100',
    REDIS_SENTINELS: `127.0.0.1:${pair.sentinel.port}`,
    REDIS_SENTINEL_NAME: pair.name,
    REDIS_KEY_PREFIX: `iip-test-sentinel-${randomUUID()}:`,
    WAIT_LEASE_MS: String(LEASE_MS),
  });
  const [a, b] = await Promise.all([startBot({ config, logger: silentLogger }), startBot({ config, logger: silentLogger })]);
  cleanup.push(() => Promise.all([a.stop(1_000), b.stop(1_000)]));
  const command = (bot: typeof a, text: string) =>
    sendSlashCommand(`${bot.httpUrl!}/slack/events`, SIGNING_SECRET, { text, trigger_id: `${++commands}.${Date.now()}.t` });

  // a workflow waiting on the platform (its first step's task runs for seconds), started through A
  sim.setTaskDuration(6_000);
  expect((await command(a, `novelty ${IDEA}`)).status).toBe(200);
  const novelty = await waitFor(() => parentsIn(slack)[0], 'the novelty thread');
  await waitFor(() => sim.requests.filter((r) => r.operation === 'AI35-2').length >= 2, 'the first step being polled', 20_000);
  // an answer streaming, started through B
  const question = 'Map the patent landscape of solid-state electrolytes';
  expect((await command(b, `ask ${question}`)).status).toBe(200);
  const chat = await ChatThread.nth(slack, 1);
  await chat.reply((m) => m.edits > 0 || (m.stream?.appends.length ?? 0) > 0, 'the answer to be streaming');

  // Redis replicates asynchronously: what the master acknowledged after the replica's last copy is lost with it
  // (docs/redis.md, What a failover can lose). Here everything written so far has reached the replica.
  const master = new Redis({ port: pair.master.port, host: '127.0.0.1' });
  expect(await master.call('WAIT', '1', '2000')).toBe(1);
  master.disconnect();
  await pair.master.kill();

  // while the Sentinel fails over, a mention arrives: Slack delivers it again until it is acknowledged (an event
  // not recorded within Slack's 3 s is not acknowledged), and it is answered once
  const mention = { type: 'app_mention', channel: 'C1', user: 'U2', text: '<@UBOT> ask What is a patent family?', ts: '1800000000.000900' };
  const delivered = (async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const ack = await sendEvent(`${a.httpUrl!}/slack/events`, SIGNING_SECRET, eventCallback(mention, { eventId: 'EvDuringFailover' }));
      if (ack.status === 200) return attempt + 1;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    return 0;
  })();
  await pair.promoted();
  expect(await delivered).toBeGreaterThan(0);

  // the answer completes once and whole, in the message it started in
  const answered = await chat.reply(hasFooter, 'the whole answer', 0, 30_000);
  expect(markdownOf(answered)).toBe(sim.expectedStreamText('AI07', { prompt: question, stream: true }));
  expect(chat.replies().filter(hasFooter)).toHaveLength(1);
  // the workflow moves on once its task is done: one review, polled by one replica at a time
  sim.setTaskDuration(0);
  const replies = () => slack.threadMessages('C1', novelty.ts).filter((m) => m.ts !== novelty.ts);
  await waitFor(() => replies().find((m) => textOf(m).includes('Step 1 of 5') && buttonsOf(m).length > 0), 'the first review', 30_000);
  expect(sim.requests.filter((r) => r.operation === 'AI35-1')).toHaveLength(1);
  // the mention delivered during the failover is answered once, in its own thread
  const mentionReplies = () => slack.threadMessages('C1', mention.ts).filter((m) => m.ts !== mention.ts);
  await waitFor(() => mentionReplies().find(hasFooter), 'the answer to the mention sent during the failover', 30_000);
  expect(sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(2);
  await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
  expect(replies().filter((m) => textOf(m).includes('Step 1 of 5'))).toHaveLength(1);
  expect(mentionReplies().filter(hasFooter)).toHaveLength(1);
});
