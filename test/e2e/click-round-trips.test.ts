/**
 * What one click asks of Redis before the platform gets its confirmation (docs/click.md): Confirm on step 2 of a
 * novelty search, through the real Bolt app, the simulator and a real Redis, its commands read with MONITOR. The
 * count is the protocol's (a command added on this path is a round trip every click pays), so it is held here.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, expect, test } from 'vitest';
import { startSlackBot, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { IDEA, NoveltyThread } from './slack-novelty-steps.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let h: SlackBotHarness | undefined;
let monitor: Redis | undefined;
afterEach(async () => {
  await h?.close();
  monitor?.disconnect();
  h = undefined;
  monitor = undefined;
});

test('Confirm reaches the platform after 13 Redis commands: one read of the thread before the lock, no second dedupe claim', async () => {
  const prefix = `iip-click-trips-${randomUUID()}:`;
  // leases of 10 minutes: no rescan of the store runs while the click is counted
  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, SIMULATOR_TASK_MS: '0', WAIT_LEASE_MS: '600000' };
  h = await startSlackBot({ env, simulator: { taskDurationMs: 0 } });
  await h.command(`novelty ${IDEA}`);
  const t = await NoveltyThread.opened(h, 0);
  await t.press(await t.step('Step 1 of 5'), 'Confirm');
  const features = await t.step('Step 2 of 5');
  monitor = new Redis(REDIS_URL);
  const feed = await monitor.monitor();
  let commands: { name: string; key: string; at: number }[] = [];
  // a script's own commands (source "lua") run inside Redis: not round trips
  feed.on('monitor', (time: string, args: string[], source: string) => {
    const key = args.find((a) => a.includes(prefix));
    if (source !== 'lua' && key) commands.push({ name: String(args[0]).toLowerCase(), key: key.slice(prefix.length), at: Number(time) * 1_000 });
  });
  // the first step's own work is over (its wait's lease let go) once Redis has heard nothing from the bot for a while
  for (let heard = -1; heard !== commands.length; ) {
    heard = commands.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  commands = [];
  const pressed = Date.now();
  await t.press(features, 'Confirm');
  await t.step('Step 3 of 5');
  feed.disconnect();

  const sent = h.sim.requests.find((r) => r.operation === 'AI35-5' && r.at >= pressed)?.at;
  expect(sent).toBeDefined();
  // the usage counters are flushed in the background (src/state/usage-recorder.ts), on no click's path
  const before = commands.filter((c) => c.at <= sent! && !c.key.includes('usage:'));
  const trace = before.map((c) => `${c.name} ${c.key}`).join('\n');
  expect(before.length, trace).toBeLessThanOrEqual(13);
  // the inbox entry is the event's dedupe: no `event:` key is claimed beside it
  expect(
    before.filter((c) => c.key.includes('event:')),
    trace,
  ).toEqual([]);
  // read once by the router (with the user's language, in the same round trip) and once by the send's guard
  expect(
    before.filter((c) => c.name === 'get' && c.key.startsWith('thread:')),
    trace,
  ).toHaveLength(2);
});
