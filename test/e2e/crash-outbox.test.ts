/**
 * SIGKILL while a chat write is out, then a start on the same store (issue 24, one way out to the chat): the
 * write was journaled before Slack was called, and the process that takes the conversation over finishes it once.
 * The step's transition was saved before its message went out, so that process also polls on and shows the next
 * step in place of that message, and the platform gets the confirmation once.
 * A post Slack took but whose answer never came is found by its write id (conversations.replies, the id in the
 * message's metadata), not posted again; a post Slack never took is posted, once. With the state in lowdb files
 * (the restarted process finishes it at start) and in Redis (once the killed replica's heartbeat has expired).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, expect, test } from 'vitest';
import { startSimulator } from '../../src/platform/simulator/index.js';
import { startFakeSlackApi, type FakeSlackApi } from '../helpers/fake-slack-api.js';
import { BOT_TOKEN, waitFor } from '../helpers/slack-bot-harness.js';
import { IDEA } from './slack-novelty-steps.js';
import { startBotProcess, type BotProcess } from './crash-bot-process.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROGRESS = '⏳ Summarising the technical solution…';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** The thread the novelty search opened in C1: its replies, and the posts the bot made with `text`. */
function threadOf(slack: FakeSlackApi) {
  const parent = slack.channelMessages('C1').find((m) => m.threadTs === undefined);
  const replies = parent ? slack.threadMessages('C1', parent.ts).filter((m) => m.ts !== parent.ts) : [];
  const posts = (text: string) => slack.callsTo('chat.postMessage').filter((c) => String(c.args.text).startsWith(text));
  const threadPosts = () => slack.callsTo('chat.postMessage').filter((c) => parent && c.args.thread_ts === parent.ts);
  return { parent, replies, posts, threadPosts };
}

async function killMidPost(mode: 'taken' | 'untaken', env: Record<string, string>) {
  const sim = await startSimulator({ taskDurationMs: 200 });
  cleanup.push(() => sim.close());
  const slack = await startFakeSlackApi({ token: BOT_TOKEN });
  cleanup.push(() => slack.close());
  const dir = mkdtempSync(join(tmpdir(), 'iip-crash-outbox-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const bots: BotProcess[] = [];
  cleanup.push(() => {
    for (const bot of bots) bot.child.kill('SIGKILL');
  });
  // the step's first message in the thread gets no answer: the bot is killed while it waits for one
  slack.holdNext('chat.postMessage', mode, (args) => args.thread_ts !== undefined && String(args.text).startsWith(PROGRESS));
  const first = await startBotProcess(dir, sim.url, slack, env);
  bots.push(first);
  expect((await first.command(`novelty ${IDEA}`)).status).toBe(200);
  await waitFor(
    () =>
      threadOf(slack)
        .posts(PROGRESS)
        .some((c) => c.error === 'held'),
    'the held post',
  );
  expect(await first.kill('SIGKILL')).toBe('SIGKILL');
  const left = threadOf(slack).replies;
  expect(left.filter((m) => m.text.startsWith(PROGRESS))).toHaveLength(mode === 'taken' ? 1 : 0);

  const second = await startBotProcess(dir, sim.url, slack, env);
  bots.push(second);
  // the transition to the poll was saved before its message went out: the process that takes over polls on and
  // shows step 1, and the platform got the confirmation once (no Retry that would send it again)
  const review = (m: { text: string }) => m.text.includes('Step 1 of 5');
  const shown = await waitFor(
    () => {
      const { replies } = threadOf(slack);
      return replies.some(review) ? replies : undefined;
    },
    'step 1 shown by the process that took over',
    30_000,
  );
  // step 1 took the place of the progress message the killed process was posting (found by its write id)
  expect(shown).toHaveLength(1);
  expect(shown[0]!.text).toContain('Step 1 of 5');
  expect(shown.some((m) => m.text.includes('interrupted by a restart'))).toBe(false);
  expect(sim.requests.filter((r) => r.operation === 'AI35-1')).toHaveLength(1);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(second.output()).not.toMatch(/"level":(50|60)/);
  await second.kill('SIGTERM');
  return { slack, leftTs: left[0]?.ts };
}

const lowdb = {};
const redis = () => {
  const keyPrefix = `iip-test-crash-outbox-${randomUUID()}:`;
  cleanup.push(async () => {
    const client = new Redis(REDIS_URL);
    const keys = await client.keys(`${keyPrefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });
  // a short lease: the killed replica's heartbeat and locks run out within a second
  return { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix, WAIT_LEASE_MS: '1000' };
};

test.each([
  ['lowdb', () => lowdb],
  ['Redis', redis],
] as const)(
  '%s: a post Slack took whose answer was lost with the killed process is found by its write id, not posted twice',
  async (_, env) => {
    const { slack, leftTs } = await killMidPost('taken', env());
    const thread = threadOf(slack);
    // the message the killed process posted is the thread's one reply, now showing step 1: nothing posted again
    expect(thread.replies.map((m) => m.ts)).toEqual([leftTs]);
    expect(thread.threadPosts()).toHaveLength(1);
    // the restarted process looked the write up in the thread instead of posting it again
    expect(slack.callsTo('conversations.replies').length).toBeGreaterThanOrEqual(1);
  },
  60_000,
);

test.each([
  ['lowdb', () => lowdb],
  ['Redis', redis],
] as const)(
  '%s: a post Slack never took before the process was killed is made by the process that takes over, once',
  async (_, env) => {
    const { slack } = await killMidPost('untaken', env());
    const thread = threadOf(slack);
    expect(thread.replies).toHaveLength(1);
    expect(thread.replies[0]!.metadata).toMatchObject({ event_type: 'iip_write' });
    // the held attempt and the finishing one (the outbox's recovery or step 1's show, whichever came first, and the
    // other found it by its write id): the first never reached the thread
    expect(thread.threadPosts()).toHaveLength(2);
  },
  60_000,
);
