/**
 * A chat answer on Redis belongs to the live replica that streams it (it holds the answer's lease); the periodic
 * rescan of every replica covers chat answers too. Replica A (the real entry point in its own process) streams
 * an answer while replica B (a bot in this process) rescans: B leaves the live answer alone. A is SIGKILLed
 * mid-answer: B marks the cut answer interrupted within a few leases, with no replica starting, and its Retry
 * answers the question whole.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, expect, test } from 'vitest';
import { startBot } from '../../src/bot.js';
import { RESTART_NOTE } from '../../src/handlers/chat/restart.js';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/log.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import { blockActionsPayload, sendInteraction } from '../helpers/slack-requests.js';
import { BOT_TOKEN, SIGNING_SECRET, waitFor } from '../helpers/slack-bot-harness.js';
import { inProcessConfig, startBotProcess, type BotProcess } from './crash-bot-process.js';
import { ChatThread, hasFooter, markdownOf, retryOf } from './faults-chat-thread.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
/**
 * Long enough for replica B, in this test's own busy process, to extend its leases in time: with 600 ms a loaded run
 * stalled B past its answer's lease, B's own rescan then rightly marked the retried answer interrupted, and the test
 * waited for an answer that had been cut.
 */
const LEASE_MS = 2_000;

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

test("a live answer on another replica is never marked; a killed replica's answer is marked by the rescan, with Retry", {
  timeout: 90_000,
}, async () => {
  // an answer of about 10 s: still streaming after the three leases the test waits while A holds it
  const sim = await startSimulator({ streamChunkDelayMs: 25, minAnswerChars: 10_000 });
  cleanup.push(() => sim.close());
  const slack = await startFakeSlackApi({ token: BOT_TOKEN });
  cleanup.push(() => slack.close());
  const prefix = `iip-test-replicas-answer-${randomUUID()}:`;
  const redis = new Redis(REDIS_URL);
  cleanup.push(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, WAIT_LEASE_MS: String(LEASE_MS) };
  const dir = mkdtempSync(join(tmpdir(), 'iip-replicas-answer-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));

  const bots: BotProcess[] = [];
  cleanup.push(() => {
    for (const bot of bots) bot.child.kill('SIGKILL');
  });
  const streamer = await startBotProcess(dir, sim.url, slack, env);
  bots.push(streamer);
  const config = inProcessConfig(sim.url, slack, {
    RELAY_MIN_EDIT_INTERVAL_MS: '50',
    ...env,
  });
  // B's warnings and errors, shown should the retried answer not come
  const logged: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const rescanner = await startBot({ config, logger: createLogger('warn', sink) });
  cleanup.push(() => rescanner.stop(1_000));

  const question = 'Map the patent landscape of sodium-ion battery cathodes';
  expect((await streamer.command(`ask ${question}`)).status).toBe(200);
  const thread = await ChatThread.nth(slack, 0);
  const partial = await thread.reply((m) => m.edits > 0 || (m.stream?.appends.length ?? 0) > 0, 'the answer to be streaming');
  // while A streams, B rescans six times (every half lease): the answer's lease is held, so B leaves it alone
  const streaming = await rescanner.state.get(thread.id);
  expect(await redis.pttl(`${prefix}lock:answer:${thread.id}:v${streaming?.version}`)).toBeGreaterThan(0);
  const rescanned = Date.now() + 3 * LEASE_MS;
  await waitFor(() => Date.now() > rescanned, 'three leases to pass');
  expect(thread.replies().some(hasFooter)).toBe(false);
  expect(thread.replies().map((m) => m.ts)).toEqual([partial.ts]);
  expect((await rescanner.state.get(thread.id))?.wait).toMatchObject({ step: 'answering' });

  expect(await streamer.kill('SIGKILL')).toBe('SIGKILL');
  const killedAt = Date.now();
  const note = await thread.reply((m) => markdownOf(m) === RESTART_NOTE, 'the interrupted note', 0, LEASE_MS * 10);
  // the dead holder's lease (and the thread's lock) had to run out first; no replica started meanwhile
  expect(Date.now() - killedAt).toBeLessThan(LEASE_MS * 10);
  expect(retryOf(note)).toBeDefined();
  // the note is posted before the wait is cleared
  let record = await rescanner.state.get(thread.id);
  for (const deadline = Date.now() + 5_000; record?.wait !== undefined && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    record = await rescanner.state.get(thread.id);
  }
  expect(record).toMatchObject({ status: 'active' });
  expect(record?.wait).toBeUndefined();
  expect(thread.replies().filter((m) => markdownOf(m) === RESTART_NOTE)).toHaveLength(1);

  const retry = retryOf(note)!;
  await sendInteraction(
    `${rescanner.httpUrl}/slack/events`,
    SIGNING_SECRET,
    blockActionsPayload({
      action: { type: 'button', action_ts: String(Date.now() / 1000), action_id: retry.action_id, value: retry.value },
      messageTs: note.ts,
      threadTs: thread.parent.ts,
      triggerId: `${randomUUID()}.c`,
    }),
  );
  const answered = await thread.reply(hasFooter, 'the retried answer', 0, 45_000).catch((error: unknown) => {
    const shown = thread.replies().map((m) => `${m.ts} ${markdownOf(m).slice(0, 80)}`);
    const told = slack.ephemerals.map((e) => JSON.stringify(e).slice(0, 200));
    throw new Error(`${String(error)}\nreplies:\n${shown.join('\n')}\nephemerals:\n${told.join('\n')}\nB logged:\n${logged.join('\n')}`);
  });
  expect(markdownOf(answered)).toBe(sim.expectedStreamText('AI07', { prompt: question, stream: true }));
  expect(sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(2);
  expect(thread.replies().filter((m) => markdownOf(m) === RESTART_NOTE)).toHaveLength(1);
});
