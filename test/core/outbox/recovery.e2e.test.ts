/**
 * Finishing the writes a dead replica left (core/outbox/recovery.ts) with the real Redis store and journal: two
 * replicas rescanning at once finish each left write exactly once; a post is looked up by its write id where the
 * chat can (a message that carries it is not posted again); only the latest edit of a message is applied; a post
 * a chat cannot look up (Teams), a form and a write an event's replay makes again are settled, not made; a 5xx
 * leaves the conversation's writes in order for the next rescan.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, test } from 'vitest';
import type { MessageRef, PostOptions } from '../../../src/core/adapter.js';
import { ChatError } from '../../../src/core/chat-errors.js';
import type { OutgoingMessage } from '../../../src/core/message.js';
import type { WriteEntry } from '../../../src/core/outbox/journal.js';
import { finishLeftWrites } from '../../../src/core/outbox/recovery.js';
import { conversationOf, threadId, type ThreadId } from '../../../src/core/thread-id.js';
import { silentLogger } from '../../../src/log.js';
import { RedisStateStore } from '../../../src/state/redis-store.js';
import { RedisWriteJournal } from '../../../src/state/write-journal-redis.js';
import { FakeChatAdapter } from '../../helpers/fake-adapter.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Slack's rule as the adapter meets it: a retried post with a write id is found in the thread, not posted again. */
class LookingUpAdapter extends FakeChatAdapter {
  readonly dedupesPosts = true;
  readonly written = new Map<string, MessageRef>();
  override async post(thread: ThreadId, message: OutgoingMessage, options?: PostOptions): Promise<MessageRef> {
    const found = options?.retry && options.writeId ? this.written.get(options.writeId) : undefined;
    if (found) return found;
    const ref = await super.post(thread, message);
    if (options?.writeId) this.written.set(options.writeId, ref);
    return ref;
  }
}

class ChatUnavailable extends ChatError {
  readonly kind = 'call-failed';
  constructor() {
    super('the chat answered 503', 'slack', true);
  }
}

const slackThread = threadId('slack', 'T1', 'C1', '1800000000.000100');
const teamsThread = threadId('teams', 'tenant', '19:abc@thread.tacv2', '1800000000100');

async function replicas(count: number) {
  const keyPrefix = `iip-test-recovery-${randomUUID()}:`;
  cleanup.push(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  const open = async () => {
    const state = await RedisStateStore.connect(REDIS_URL, { keyPrefix });
    const journal = await RedisWriteJournal.connect(REDIS_URL, { keyPrefix, ownerTtlMs: 2_000 });
    cleanup.push(
      () => journal.close(),
      () => state.close(),
    );
    return { state, journal };
  };
  const dead = await open();
  const live = await Promise.all(Array.from({ length: count }, open));
  return { dead: dead.journal, live };
}

let queued = Date.now();
const entry = (thread: ThreadId, what: string, change: Partial<WriteEntry> = {}): WriteEntry => ({
  id: randomUUID(),
  conversation: conversationOf(thread),
  thread,
  kind: what === 'edit' ? 'edit' : 'post',
  what,
  state: 'pending',
  attempts: 1,
  queuedAt: (queued += 1),
  ...change,
});

test('two replicas rescanning at once finish each left write once: the lost post found, the latest edit applied, the rest settled', async () => {
  const { dead, live } = await replicas(2);
  const slack = new LookingUpAdapter();
  const teams = new FakeChatAdapter({ chat: 'teams' });
  // what the dead replica had shown already: the message its edits change, and the post Slack took before it died
  const shown = await slack.post(slackThread, { text: 'Step 1 · working…' });
  const taken = entry(slackThread, 'post', { payload: { message: { text: 'Step 2 · review' } } });
  slack.written.set(taken.id, await slack.post(slackThread, { text: 'Step 2 · review' }));
  const left = [
    taken,
    entry(slackThread, 'post', { payload: { message: { text: 'Step 2 · picture note' } } }),
    entry(slackThread, 'edit', { payload: { message: { text: 'Step 1 · draft' }, messageId: shown.messageId } }),
    entry(slackThread, 'edit', { payload: { message: { text: 'Step 1 · final' }, messageId: shown.messageId } }),
    entry(slackThread, 'openForm'),
    entry(slackThread, 'post'), // a write the inbox's replay makes again: journaled without payload
    entry(teamsThread, 'post', { payload: { message: { text: 'may have arrived' } } }),
  ];
  for (const e of left) await dead.record({ ...e, owner: dead.owner });
  await dead.close();
  const callsBefore = slack.calls.length;

  const deps = live.map(({ state, journal }) => ({ journal, state, adapters: [slack, teams], logger: silentLogger, leaseMs: 2_000 }));
  const settled = await Promise.all(deps.map((d) => finishLeftWrites(d)));
  expect(settled.reduce((a, b) => a + b, 0)).toBe(left.length);

  const made = slack.calls.slice(callsBefore).map((c) => `${c.kind}:${c.message?.text}`);
  expect(made).toEqual(['post:Step 2 · picture note', 'edit:Step 1 · final']);
  expect(slack.messagesIn(slackThread).map((m) => m.content.text)).toEqual(['Step 1 · final', 'Step 2 · review', 'Step 2 · picture note']);
  expect(teams.calls).toEqual([]);
  expect(await live[0]!.journal.pending()).toEqual([]);
  const outcome = new Map((await live[0]!.journal.recent()).map((e) => [e.id, e]));
  expect(left.map((e) => outcome.get(e.id)?.state)).toEqual(['sent', 'sent', 'failed', 'sent', 'failed', 'failed', 'failed']);
  expect(outcome.get(left[2]!.id)?.error).toMatch(/superseded/);
  expect(outcome.get(left[6]!.id)?.error).toMatch(/cannot look a post up/);
}, 15_000);

test("a 5xx while finishing leaves the conversation's writes, in order, for the next rescan", async () => {
  const { dead, live } = await replicas(1);
  const slack = new LookingUpAdapter();
  const first = entry(slackThread, 'post', { payload: { message: { text: 'first' } } });
  const second = entry(slackThread, 'post', { payload: { message: { text: 'second' } } });
  for (const e of [first, second]) await dead.record({ ...e, owner: dead.owner });
  await dead.close();
  const deps = { ...live[0]!, adapters: [slack], logger: silentLogger, leaseMs: 2_000 };
  slack.failNext('post', 1, () => new ChatUnavailable());
  expect(await finishLeftWrites(deps)).toBe(0);
  expect((await live[0]!.journal.left()).map((e) => e.id)).toEqual([first.id, second.id]);
  expect(await finishLeftWrites(deps)).toBe(2);
  expect(slack.messagesIn(slackThread).map((m) => m.content.text)).toEqual(['first', 'second']);
}, 15_000);
