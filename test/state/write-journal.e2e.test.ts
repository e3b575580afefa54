/**
 * The outbox's durable write journals (lowdb file, Redis) behave alike: a write is stored with its payload before
 * the chat is called, a settled one loses its payload and leaves the pending list, settled entries are bounded, and
 * a journal opened afresh (a restarted process, another replica) finds what a closed or dead owner left, while a
 * live replica's pending writes (its heartbeat fresh) are not left.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { DurableJournal, WriteEntry } from '../../src/core/outbox/journal.js';
import { FileWriteJournal } from '../../src/state/write-journal-file.js';
import { RedisWriteJournal } from '../../src/state/write-journal-redis.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const post = (journal: DurableJournal, text: string, queuedAt = Date.now()): WriteEntry => ({
  id: randomUUID(),
  conversation: 'slack:T1:C1',
  thread: 'slack:T1:C1:1800000000.000100',
  kind: 'post',
  what: 'post',
  state: 'pending',
  attempts: 0,
  queuedAt,
  owner: journal.owner,
  payload: {
    message: {
      text,
      blocks: [
        { type: 'markdown', text },
        { type: 'actions', buttons: [] },
      ],
    },
  },
});

interface Store {
  name: string;
  /** a journal on the same store, as another process opens it */
  open(keepSettled?: number): Promise<DurableJournal>;
  /** what the store holds, to see that settled payloads are gone */
  raw(): Promise<string>;
  file?: string;
  keyPrefix?: string;
}

const fileStore = (): Store => {
  const dir = mkdtempSync(join(tmpdir(), 'iip-journal-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'state.outbox.json');
  return {
    name: 'lowdb file',
    file,
    open: (keepSettled) => FileWriteJournal.open(file, { keepSettled }),
    raw: async () => readFileSync(file, 'utf8'),
  };
};

const redisStore = (): Store => {
  const keyPrefix = `iip-test-journal-${randomUUID()}:`;
  const redis = new Redis(REDIS_URL);
  cleanup.push(async () => {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  return {
    name: 'Redis',
    keyPrefix,
    open: async () => RedisWriteJournal.connect(REDIS_URL, { keyPrefix, ownerTtlMs: 600 }),
    raw: async () => {
      const keys = await redis.keys(`${keyPrefix}outbox:w:*`);
      return keys.length === 0 ? '' : (await redis.mget(keys)).join('\n');
    },
  };
};

describe.each([fileStore, redisStore])('write journal', (make) => {
  const store = make();

  it(`${store.name}: stores a write with its payload at once, settles it without the payload, and another opening sees both`, async () => {
    const journal = await store.open();
    const entry = post(journal, 'Step 2 of 5');
    await journal.record(entry);
    const other = await store.open();
    expect(await other.pending()).toEqual([entry]);
    await journal.settle(entry.id, { state: 'sent', settledAt: Date.now() });
    expect(await journal.pending()).toEqual([]);
    const [settled] = (await journal.recent()).filter((e) => e.id === entry.id);
    expect(settled).toMatchObject({ id: entry.id, state: 'sent' });
    expect(settled!.payload).toBeUndefined();
    expect(await store.raw()).not.toContain('Step 2 of 5');
    await other.close();
    await journal.close();
  });

  it(`${store.name}: the writes a closed owner left are left to the next opening, oldest first, until settled`, async () => {
    const dead = await store.open();
    const first = post(dead, 'first', Date.now() - 2);
    const second = post(dead, 'second', Date.now() - 1);
    await dead.record(second);
    await dead.record(first);
    await dead.close();
    const next = await store.open();
    const left = (await next.left()).map((e) => e.payload?.message.text);
    expect(left).toEqual(['first', 'second']);
    await next.settle(first.id, { state: 'sent', settledAt: Date.now() });
    await next.settle(second.id, { state: 'failed', settledAt: Date.now(), error: 'the message is gone' });
    expect(await next.left()).toEqual([]);
    const third = await store.open();
    expect(await third.left()).toEqual([]);
    await third.close();
    await next.close();
  });
});

it('lowdb file: settled writes are bounded and the file is 0600', async () => {
  const store = fileStore();
  const journal = await store.open(3);
  const entries = Array.from({ length: 6 }, (_, i) => post(journal, `m${i}`, Date.now() + i));
  await Promise.all(entries.map((e) => journal.record(e)));
  await Promise.all(entries.map((e) => journal.settle(e.id, { state: 'sent', settledAt: Date.now() })));
  const reopened = await store.open(3);
  expect((await reopened.recent()).map((e) => e.payload)).toEqual([undefined, undefined, undefined]);
  expect((JSON.parse(await store.raw()) as { entries: WriteEntry[] }).entries).toHaveLength(3);
  expect(statSync(store.file!).mode & 0o777).toBe(0o600);
});

it('lowdb file: a garbled journal is moved aside and the journal starts empty', async () => {
  const store = fileStore();
  writeFileSync(store.file!, '{"entries":[{"id":"trunc');
  const journal = await store.open();
  expect(await journal.pending()).toEqual([]);
  expect(readdirSync(dirname(store.file!)).some((name) => name.startsWith('state.outbox.json.corrupt-'))).toBe(true);
});

it('Redis: a replica killed (no close, its connection gone) is dead once its heartbeat expires; its write is then left', async () => {
  const store = redisStore();
  const connection = new Redis(REDIS_URL);
  const killed = new RedisWriteJournal(connection, { keyPrefix: store.keyPrefix, ownerTtlMs: 600 });
  const entry = post(killed, 'lost answer');
  await killed.record(entry);
  const other = await store.open();
  // the killed replica's heartbeat is still fresh: its write is in flight as far as anyone can tell
  expect(await other.left()).toEqual([]);
  connection.disconnect();
  await new Promise((resolve) => setTimeout(resolve, 900));
  expect((await other.left()).map((e) => e.id)).toEqual([entry.id]);
  await killed.close();
  await other.close();
}, 10_000);
