/**
 * The WorkLimits contract on memory and on the real Redis (a unique key prefix per store): slots up to the
 * limits, refusals past them, release and expiry free a slot, the answer queue past the workspace limit (its
 * order, bound and leases), and no over-admission under simultaneous acquires (on Redis across two stores, as two replicas); on one Redis, a Sentinel-managed master and a Redis Cluster.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { DEFAULT_LIMITS, type LimitSettings, type WorkLimits, type WorkScope } from '../../src/core/limits.js';
import { MemoryWorkLimits } from '../../src/state/limits-memory.js';
import { RedisWorkLimits } from '../../src/state/limits-redis.js';
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
const runPrefix = `iip-test:limits:${randomUUID()}:`;
const admin = new Redis(REDIS_URL);
let prefixes = 0;

afterAll(async () => {
  const keys = await admin.keys(`${runPrefix}*`);
  if (keys.length > 0) await admin.del(...keys);
  await admin.quit();
  await stopSharedSentinelPair();
  await stopSharedRedisCluster();
});

const HOUR = 3_600_000;
const settings = (overrides: Partial<LimitSettings> = {}): LimitSettings => ({
  ...DEFAULT_LIMITS,
  answersPerUser: 2,
  answersPerWorkspace: 3,
  workflowsPerUser: 1,
  workflowsPerWorkspace: 2,
  ...overrides,
});
const alice: WorkScope = { chat: 'slack', workspaceId: 'T1', userId: 'U1' };
const bob: WorkScope = { chat: 'slack', workspaceId: 'T1', userId: 'U2' };
const carol: WorkScope = { chat: 'slack', workspaceId: 'T1', userId: 'U3' };

/** A factory of stores; `shared` stores of one call see one another's slots (one Redis prefix, or one process). */
type Factory = (settings: LimitSettings) => Promise<{ make(): Promise<WorkLimits> }>;

function limitsContract(name: string, factory: Factory): void {
  describe(`work limits on ${name}`, () => {
    const open: WorkLimits[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((l) => l.close?.()));
    });
    const store = async (overrides: Partial<LimitSettings> = {}) => {
      const limits = await (await factory(settings(overrides))).make();
      open.push(limits);
      return limits;
    };

    test('admits up to the user limit, refuses past it, and a release frees a slot', async () => {
      const limits = await store();
      const first = await limits.acquire(alice, 'answer', 'a1', HOUR);
      expect(first.ok).toBe(true);
      expect((await limits.acquire(alice, 'answer', 'a2', HOUR)).ok).toBe(true);
      expect(await limits.acquire(alice, 'answer', 'a3', HOUR)).toEqual({ ok: false, reason: 'user', limit: 2 });
      // another kind of work has its own count
      expect((await limits.acquire(alice, 'workflow', 'w1', HOUR)).ok).toBe(true);
      if (first.ok) await first.release();
      expect((await limits.acquire(alice, 'answer', 'a3', HOUR)).ok).toBe(true);
      expect((await limits.acquire(alice, 'answer', 'a4', HOUR)).ok).toBe(false);
      await limits.release(alice, 'answer', 'a2');
      expect((await limits.acquire(alice, 'answer', 'a4', HOUR)).ok).toBe(true);
    });

    test('the workspace limit counts every user of the workspace; other workspaces and chats are apart', async () => {
      const limits = await store();
      expect((await limits.acquire(alice, 'answer', 'a1', HOUR)).ok).toBe(true);
      expect((await limits.acquire(alice, 'answer', 'a2', HOUR)).ok).toBe(true);
      expect((await limits.acquire(bob, 'answer', 'b1', HOUR)).ok).toBe(true);
      expect(await limits.acquire(carol, 'answer', 'c1', HOUR)).toEqual({ ok: false, reason: 'workspace', limit: 3 });
      expect((await limits.acquire({ ...carol, workspaceId: 'T2' }, 'answer', 'c1', HOUR)).ok).toBe(true);
      expect((await limits.acquire({ ...carol, chat: 'teams' }, 'answer', 'c2', HOUR)).ok).toBe(true);
      await limits.release(bob, 'answer', 'b1');
      expect((await limits.acquire(carol, 'answer', 'c3', HOUR)).ok).toBe(true);
    });

    test('an expired slot frees itself; a renewal keeps it; acquiring a counted id again is never refused', async () => {
      const limits = await store();
      expect((await limits.acquire(alice, 'workflow', 'w1', 500)).ok).toBe(true);
      expect((await limits.acquire(alice, 'workflow', 'w1', 500)).ok).toBe(true);
      expect((await limits.acquire(alice, 'workflow', 'w2', HOUR)).ok).toBe(false);
      await sleep(700);
      expect((await limits.acquire(alice, 'workflow', 'w2', 500)).ok).toBe(true);
      await limits.renew(alice, 'workflow', 'w2', HOUR);
      await sleep(700);
      expect(await limits.acquire(alice, 'workflow', 'w3', HOUR)).toEqual({ ok: false, reason: 'user', limit: 1 });
      // a renewal never shortens a slot
      await limits.renew(alice, 'workflow', 'w2', 50);
      await sleep(150);
      expect((await limits.acquire(alice, 'workflow', 'w3', HOUR)).ok).toBe(false);
    });

    test('a limit of 0 admits everything', async () => {
      const limits = await store({ answersPerUser: 0, answersPerWorkspace: 0 });
      const admitted = await Promise.all(Array.from({ length: 50 }, (_, i) => limits.acquire(alice, 'answer', `a${i}`, HOUR)));
      expect(admitted.every((a) => a.ok)).toBe(true);
    });

    test('past the workspace limit questions queue in arrival order across stores, served as slots free', async () => {
      const shared = await factory(settings({ answersPerUser: 5, answersPerWorkspace: 2, answerQueuePerWorkspace: 3 }));
      const [a, b] = [await shared.make(), await shared.make()];
      open.push(a, b);
      const first = await a.acquireOrQueue(alice, 'answer', 'a1', HOUR, HOUR);
      expect((await b.acquireOrQueue(bob, 'answer', 'b1', HOUR, HOUR)).ok).toBe(true);
      expect(await a.acquireOrQueue(carol, 'answer', 'c1', HOUR, HOUR)).toEqual({ ok: false, reason: 'queued', ahead: 0 });
      expect(await b.acquireOrQueue(bob, 'answer', 'b2', HOUR, HOUR)).toEqual({ ok: false, reason: 'queued', ahead: 1 });
      expect(await a.acquireOrQueue(alice, 'answer', 'a2', HOUR, HOUR)).toEqual({ ok: false, reason: 'queued', ahead: 2 });
      expect(await b.acquireOrQueue(alice, 'answer', 'a3', HOUR, HOUR)).toEqual({ ok: false, reason: 'queue', limit: 3 });
      // looking again keeps the place; a slot freed on one store goes to the head, not to the second in line
      expect(await b.acquireOrQueue(bob, 'answer', 'b2', HOUR, HOUR)).toEqual({ ok: false, reason: 'queued', ahead: 1 });
      if (first.ok) await first.release();
      expect(await b.acquireOrQueue(bob, 'answer', 'b2', HOUR, HOUR)).toEqual({ ok: false, reason: 'queued', ahead: 1 });
      expect((await b.acquireOrQueue(carol, 'answer', 'c1', HOUR, HOUR)).ok).toBe(true);
      expect(await a.acquireOrQueue(bob, 'answer', 'b2', HOUR, HOUR)).toEqual({ ok: false, reason: 'queued', ahead: 0 });
      // a release takes a question off the queue (cancel, deadline)
      await a.release(bob, 'answer', 'b2');
      expect(await a.acquireOrQueue(alice, 'answer', 'a2', HOUR, HOUR)).toEqual({ ok: false, reason: 'queued', ahead: 0 });
      // admitted questions are counted as acquired ones: plain acquires see the workspace full
      expect(await b.acquire({ ...carol, userId: 'U9' }, 'answer', 'x', HOUR)).toEqual({ ok: false, reason: 'workspace', limit: 2 });
    });

    test('a queued place whose waiter stopped looking frees itself after its lease', async () => {
      const limits = await store({ answersPerWorkspace: 1, answerQueuePerWorkspace: 1 });
      expect((await limits.acquireOrQueue(alice, 'answer', 'a1', HOUR, 400)).ok).toBe(true);
      expect(await limits.acquireOrQueue(bob, 'answer', 'dead', HOUR, 400)).toEqual({ ok: false, reason: 'queued', ahead: 0 });
      expect(await limits.acquireOrQueue(carol, 'answer', 'c1', HOUR, 400)).toEqual({ ok: false, reason: 'queue', limit: 1 });
      await sleep(600);
      expect(await limits.acquireOrQueue(carol, 'answer', 'c1', HOUR, 400)).toEqual({ ok: false, reason: 'queued', ahead: 0 });
    });

    test('20 simultaneous askers on two stores: the workspace limit admitted, the rest queued in distinct places', async () => {
      const shared = await factory(settings({ answersPerUser: 0, answersPerWorkspace: 4, answerQueuePerWorkspace: 10 }));
      const [a, b] = [await shared.make(), await shared.make()];
      open.push(a, b);
      const verdicts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).acquireOrQueue({ ...alice, userId: `U-${i}` }, 'answer', `q-${i}`, HOUR, HOUR)),
      );
      expect(verdicts.filter((v) => v.ok)).toHaveLength(4);
      const places = verdicts.flatMap((v) => (!v.ok && v.reason === 'queued' ? [v.ahead] : []));
      expect(places.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(verdicts.filter((v) => !v.ok && v.reason === 'queue')).toHaveLength(6);
    });

    test('20 simultaneous acquires on two stores sharing the count admit exactly the limit', async () => {
      const shared = await factory(settings({ answersPerUser: 5, answersPerWorkspace: 7 }));
      const [a, b] = [await shared.make(), await shared.make()];
      open.push(a, b);
      const mine = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).acquire(alice, 'answer', `mine-${i}`, HOUR)));
      expect(mine.filter((r) => r.ok)).toHaveLength(5);
      expect(mine.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'user')).toBe(true);
      // 20 users at once: only the workspace's 2 remaining slots go
      const users = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).acquire({ ...alice, userId: `U-${i}` }, 'answer', `theirs-${i}`, HOUR)),
      );
      expect(users.filter((r) => r.ok)).toHaveLength(2);
      expect(users.find((r) => !r.ok)).toEqual({ ok: false, reason: 'workspace', limit: 7 });
    });
  });
}

limitsContract('memory', async (s) => {
  const limits = new MemoryWorkLimits(s);
  return { make: async () => limits };
});

limitsContract('redis', async (s) => {
  const keyPrefix = `${runPrefix}${++prefixes}:`;
  return { make: () => RedisWorkLimits.connect(REDIS_URL, { settings: s, keyPrefix }) };
});

limitsContract('redis cluster', async (s) => {
  const keyPrefix = clusterKeyPrefix(`${runPrefix}${++prefixes}:`);
  const connection = clusterConnection(await sharedRedisCluster());
  return { make: () => RedisWorkLimits.connect(connection, { settings: s, keyPrefix }) };
});

limitsContract('redis via sentinel', async (s) => {
  const keyPrefix = `${runPrefix}${++prefixes}:`;
  const connection = sentinelConnection(await sharedSentinelPair());
  return { make: () => RedisWorkLimits.connect(connection, { settings: s, keyPrefix }) };
});

describe('redis work limits', () => {
  test('keys carry the prefix and expire with their last slot', async () => {
    const keyPrefix = `${runPrefix}${++prefixes}:`;
    const limits = await RedisWorkLimits.connect(REDIS_URL, { settings: settings(), keyPrefix });
    try {
      await limits.acquire(alice, 'answer', 'a1', 5_000);
      const keys = (await admin.keys(`${keyPrefix}*`)).sort();
      expect(keys).toEqual([`${keyPrefix}limits:{slack:2:T1}:answer:user:U1`, `${keyPrefix}limits:{slack:2:T1}:answer:workspace`]);
      for (const key of keys) expect(await admin.pttl(key)).toBeGreaterThan(4_000);
      await limits.release(alice, 'answer', 'a1');
      expect(await admin.zcard(keys[0]!)).toBe(0);
    } finally {
      await limits.close();
    }
  });
});
