/** The inboxes (core/inbox.ts: memory, file, Redis, a Redis Cluster, Redis through Sentinel) behave alike: record once per id, dedupe while done, list what is pending, survive a reopen. */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { Inbox, InboxEntry } from '../../src/core/inbox.js';
import { FileInbox } from '../../src/state/inbox-file.js';
import { MemoryInbox } from '../../src/state/inbox-memory.js';
import { RedisInbox } from '../../src/state/inbox-redis.js';
import { clusterKeyPrefix } from '../../src/lib/redis-connection.js';
import {
  clusterConnection,
  sentinelConnection,
  sharedRedisCluster,
  sharedSentinelPair,
  stopSharedRedisCluster,
  stopSharedSentinelPair,
} from '../helpers/redis-topologies.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  await stopSharedSentinelPair();
  await stopSharedRedisCluster();
});

const entry = (id: string, receivedAt = Date.now() - 5_000): InboxEntry => ({
  id,
  chat: 'slack',
  receivedAt,
  incoming: { kind: 'command', eventId: id, text: 'ask x', user: { id: 'U1' }, workspaceId: 'T1', conversation: 'slack:T1:C1' as never },
});

interface Opened {
  inbox: Inbox;
  reopen?: () => Promise<Inbox>;
}

const kinds: Array<[string, () => Promise<Opened>]> = [
  ['memory', async () => ({ inbox: new MemoryInbox(1_000) })],
  [
    'file',
    async () => {
      const dir = join(mkdtempSync(join(tmpdir(), 'iip-inbox-')), 'state.inbox');
      cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
      return { inbox: await FileInbox.open(dir, { keepDoneMs: 1_000 }), reopen: () => FileInbox.open(dir, { keepDoneMs: 1_000 }) };
    },
  ],
  [
    'redis',
    async () => {
      const keyPrefix = `iip-test-inbox-${randomUUID()}:`;
      const admin = new Redis(REDIS_URL);
      cleanup.push(async () => {
        const keys = await admin.keys(`${keyPrefix}*`);
        if (keys.length > 0) await admin.del(...keys);
        await admin.quit();
      });
      const open = () => RedisInbox.connect(REDIS_URL, { keyPrefix, keepDoneMs: 1_000 });
      return { inbox: await open(), reopen: open };
    },
  ],
  [
    'redis cluster',
    async () => {
      const keyPrefix = clusterKeyPrefix(`iip-test-inbox-${randomUUID()}:`);
      const connection = clusterConnection(await sharedRedisCluster());
      const open = () => RedisInbox.connect(connection, { keyPrefix, keepDoneMs: 1_000 });
      return { inbox: await open(), reopen: open };
    },
  ],
  [
    'redis via sentinel',
    async () => {
      const keyPrefix = `iip-test-inbox-${randomUUID()}:`;
      const connection = sentinelConnection(await sharedSentinelPair());
      const open = () => RedisInbox.connect(connection, { keyPrefix, keepDoneMs: 1_000 });
      return { inbox: await open(), reopen: open };
    },
  ],
];

describe.each(kinds)('%s inbox', (_name, open) => {
  it('records an id once, notes a handover, lists what is pending, dedupes a done id for the keep time', async () => {
    const { inbox, reopen } = await open();
    expect(await inbox.record(entry('slack:Ev1'))).toBe(true);
    expect(await inbox.record(entry('slack:Ev1'))).toBe(false);
    expect(await inbox.record(entry('slack:Ev2', Date.now()))).toBe(true);
    await inbox.handingOver('slack:Ev1', { thread: 'slack:T1:C1:1.2', version: 0 });
    expect((await inbox.pendingEntry('slack:Ev1'))?.handover).toEqual({ thread: 'slack:T1:C1:1.2', version: 0 });
    expect((await inbox.pending(1_000)).map((e) => e.id)).toEqual(['slack:Ev1']);
    expect((await inbox.pending(0)).map((e) => e.id)).toEqual(['slack:Ev1', 'slack:Ev2']);

    if (reopen) {
      await inbox.close();
      const again = await reopen();
      expect((await again.pending(0)).map((e) => e.incoming)).toEqual([entry('slack:Ev1').incoming, entry('slack:Ev2').incoming]);
      await again.close();
    }
    const live = reopen ? await reopen() : inbox;
    await live.done('slack:Ev1');
    expect(await live.pendingEntry('slack:Ev1')).toBeUndefined();
    expect(await live.record(entry('slack:Ev1'))).toBe(false);
    expect((await live.pending(0)).map((e) => e.id)).toEqual(['slack:Ev2']);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await live.record(entry('slack:Ev1'))).toBe(true);
    await live.close();
    await expect(live.record(entry('slack:Ev3'))).rejects.toThrow();
  });
});

it('the file inbox keeps its folder 0700 and its files 0600', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'iip-inbox-')), 'state.inbox');
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const inbox = await FileInbox.open(dir);
  await inbox.record(entry('slack:EvMode'));
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  const files = readdirSync(dir);
  expect(files).toHaveLength(1);
  expect(statSync(join(dir, files[0]!)).mode & 0o777).toBe(0o600);
  await inbox.close();
});
