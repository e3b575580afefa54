/**
 * The state store on a Sentinel-managed Redis (a master, its replica and a Sentinel, started by the test): the
 * whole StateStore contract holds through Sentinel, and when the master is killed the store follows the promoted
 * replica without a restart, keeping what was replicated and writing on.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RedisConnection } from '../../src/lib/redis-connection.js';
import { RedisStateStore } from '../../src/state/redis-store.js';
import { removeRedisScratch } from '../helpers/redis-servers.js';
import { startSentinelPair, type SentinelPair } from '../helpers/redis-topologies.js';
import { stateStoreContract } from './contract.js';
import { newThread, recordInput } from './helpers.js';

let pair: SentinelPair;
beforeAll(async () => {
  pair = await startSentinelPair();
}, 30_000);
afterAll(async () => {
  await pair?.stop();
  removeRedisScratch();
});

const viaSentinel = (): RedisConnection => ({ sentinel: { nodes: [{ host: '127.0.0.1', port: pair.sentinel.port }], name: pair.name, tls: false } });
let stores = 0;
const prefix = `iip-test-sentinel:${randomUUID()}:`;

stateStoreContract('redis via sentinel', (options) => RedisStateStore.connect(viaSentinel(), { ...options, keyPrefix: `${prefix}${++stores}:` }));

describe('a failover under the store', () => {
  test('the master is killed: the Sentinel promotes the replica, and the same store reads what was replicated and writes on', async () => {
    const store = await RedisStateStore.connect(viaSentinel(), { keyPrefix: `${prefix}failover:` });
    try {
      const before = newThread();
      const first = await store.compareAndSet(before, 0, recordInput(before));
      expect(first?.version).toBe(1);
      // acknowledged by the replica before the master dies (Redis replicates asynchronously: see docs/redis.md)
      const master = new Redis({ port: pair.master.port, host: '127.0.0.1' });
      expect(await master.call('WAIT', '1', '2000')).toBe(1);
      master.disconnect();

      await pair.master.kill();
      await pair.promoted();

      // the store was never told: it finds the new master itself
      const after = newThread();
      expect((await store.compareAndSet(after, 0, recordInput(after)))?.version).toBe(1);
      expect((await store.get(before))?.version).toBe(1);
      expect((await store.compareAndSet(before, 1, recordInput(before, { status: 'done' })))?.version).toBe(2);
      expect(await store.withLock('failover-lock', async () => 'held', { waitMs: 2_000 })).toBe('held');
    } finally {
      await store.close();
    }
  }, 40_000);
});
