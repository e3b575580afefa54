/**
 * What an event asks of Redis before the platform gets its request (docs/click.md), through the real Bolt app, the
 * simulator and a real Redis, its commands read with MONITOR: Confirm on step 2 of a novelty search, and a reply
 * that continues a chat. The counts are the protocol's (a command added on these paths is a round trip every
 * click or reply pays), so they are held here.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, expect, test } from 'vitest';
import { monitorRedis, type RedisMonitor } from '../helpers/redis-monitor.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { hasFooter } from './faults-chat-thread.js';
import { IDEA, NoveltyThread } from './slack-novelty-steps.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let h: SlackBotHarness | undefined;
let monitor: RedisMonitor | undefined;
afterEach(async () => {
  await h?.close();
  monitor?.close();
  h = undefined;
  monitor = undefined;
});

interface Command {
  name: string;
  key: string;
  at: number;
}

/** A bot on Redis under its own prefix; leases of 10 minutes, so no rescan of the store runs while an event is counted. */
async function botOnRedis(): Promise<{ h: SlackBotHarness; prefix: string }> {
  const prefix = `iip-event-trips-${randomUUID()}:`;
  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, SIMULATOR_TASK_MS: '0', WAIT_LEASE_MS: '600000' };
  h = await startSlackBot({ env, simulator: { taskDurationMs: 0 } });
  return { h, prefix };
}

/** Every command under `prefix` Redis runs from now on (MONITOR over a plain socket: test/helpers/redis-monitor.ts). */
async function watchRedis(prefix: string): Promise<{ commands: Command[] }> {
  const watched = { commands: [] as Command[] };
  // a script's own commands (source "lua") run inside Redis: not round trips
  monitor = await monitorRedis(REDIS_URL, (args, { at, source }) => {
    const key = args.find((a) => a.includes(prefix));
    if (source !== 'lua' && key) watched.commands.push({ name: String(args[0]).toLowerCase(), key: key.slice(prefix.length), at });
  });
  return watched;
}

/** The commands `act` makes Redis run, counted once the bot's earlier work is over (Redis heard nothing for a while). */
async function commandsOf(watched: { commands: Command[] }, act: () => Promise<void>): Promise<Command[]> {
  for (let heard = -1; heard !== watched.commands.length; ) {
    heard = watched.commands.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const from = watched.commands.length;
  await act();
  // the usage counters are flushed in the background (src/state/usage-recorder.ts), on no event's path
  return watched.commands.slice(from).filter((c) => !c.key.includes('usage:'));
}

const listed = (commands: Command[]): string => commands.map((c) => `${c.name} ${c.key}`).join('\n');
const recordReads = (commands: Command[]): Command[] => commands.filter((c) => c.name === 'get' && c.key.startsWith('thread:'));

test('Confirm reaches the platform after 12 Redis commands: one read of the thread before the lock, no second dedupe claim, no hand-over note', async () => {
  const { h, prefix } = await botOnRedis();
  const watched = await watchRedis(prefix);
  await h.command(`novelty ${IDEA}`);
  const t = await NoveltyThread.opened(h, 0);
  await t.press(await t.step('Step 1 of 5'), 'Confirm');
  const features = await t.step('Step 2 of 5');

  let pressed = 0;
  const commands = await commandsOf(watched, async () => {
    pressed = Date.now();
    await t.press(features, 'Confirm');
    await t.step('Step 3 of 5');
  });
  const sent = h.sim.requests.find((r) => r.operation === 'AI35-5' && r.at >= pressed)?.at;
  expect(sent).toBeDefined();
  const before = commands.filter((c) => c.at <= sent!);
  expect(before.length, listed(before)).toBeLessThanOrEqual(12);
  // the inbox entry is written twice, recorded and marked done: the click's thread needs no note, the record's
  // compare-and-set stamps the entry's id
  expect(
    before.filter((c) => c.key.startsWith('inbox:e:')).map((c) => c.name),
    listed(before),
  ).toHaveLength(2);
  // the inbox entry is the event's dedupe: no `event:` key is claimed beside it
  expect(
    before.filter((c) => c.key.includes('event:')),
    listed(before),
  ).toEqual([]);
  // read once by the router (with the user's language, in the same round trip) and once by the send's guard
  expect(recordReads(before), listed(before)).toHaveLength(2);
});

test("a reply that continues a chat reads the thread's record once on its way to the router: the chatter check's read routes it", async () => {
  const { h, prefix } = await botOnRedis();
  const watched = await watchRedis(prefix);
  await h.command('ask What is CRISPR?');
  const thread = await waitFor(() => {
    const latest = h.latestThread();
    return latest?.replies.some(hasFooter) ? latest : undefined;
  }, 'the first answer');

  let replied = 0;
  const commands = await commandsOf(watched, async () => {
    replied = Date.now();
    const followUp = { type: 'message', channel: 'C1', user: 'U1', text: 'And base editing?', ts: '1800000200.000100', thread_ts: thread.parent.ts };
    expect((await h.event({ ...followUp, channel_type: 'channel' }, 'EvTripsFollowUp')).status).toBe(200);
    await waitFor(() => h.latestThread()!.replies.filter(hasFooter).length === 2, 'the follow-up answer');
  });
  const asked = h.sim.requests.find((r) => r.operation === 'AI07' && r.at >= replied)?.at;
  expect(asked).toBeDefined();
  const before = commands.filter((c) => c.at <= asked!);
  // the intake reads it to tell the reply from channel chatter, and the router takes that read; the chat turn
  // reads it once more under its own lock
  const locked = before.findIndex((c) => c.key.startsWith('lock:chat:'));
  expect(locked, listed(before)).toBeGreaterThan(0);
  const beforeLock = before.slice(0, locked);
  expect(beforeLock.length, listed(before)).toBeGreaterThan(0);
  expect(recordReads(beforeLock), listed(before)).toHaveLength(1);
});
