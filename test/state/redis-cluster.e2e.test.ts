/**
 * The state store on a Redis Cluster of three masters (started by the test): with every key of the bot in one hash
 * slot (the prefix's hash tag), the whole StateStore contract holds, scripts and transactions included, and the
 * keys land on the one master that serves that slot.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, test } from 'vitest';
import { clusterKeyPrefix } from '../../src/lib/redis-connection.js';
import { RedisStateStore } from '../../src/state/redis-store.js';
import { clusterConnection, sharedRedisCluster, stopSharedRedisCluster } from '../helpers/redis-topologies.js';
import { stateStoreContract } from './contract.js';
import { newThread, recordInput } from './helpers.js';

afterAll(stopSharedRedisCluster);

let stores = 0;
const prefix = () => clusterKeyPrefix(`iip-test-cluster-${randomUUID()}-${++stores}:`);

stateStoreContract('redis cluster', async (options) =>
  RedisStateStore.connect(clusterConnection(await sharedRedisCluster()), { ...options, keyPrefix: prefix() }),
);

test("a cluster keeps every key of one bot on one master: the prefix's hash tag", async () => {
  const cluster = await sharedRedisCluster();
  const keyPrefix = prefix();
  const store = await RedisStateStore.connect(clusterConnection(cluster), { keyPrefix });
  try {
    for (let i = 0; i < 5; i += 1) {
      const thread = newThread();
      await store.compareAndSet(
        thread,
        0,
        recordInput(thread, { status: i % 2 ? 'done' : 'waiting', wait: { operation: 'AI35-8', step: 's', since: 1 } }),
      );
    }
    const holding: number[] = [];
    for (const master of cluster.masters) {
      const node = new Redis({ port: master.port, host: '127.0.0.1' });
      const [, keys] = await node.scan('0', 'MATCH', `${keyPrefix.replace(/[{}]/g, '\\$&')}*`, 'COUNT', 1000);
      if (keys.length > 0) holding.push(master.port);
      node.disconnect();
    }
    expect(holding).toHaveLength(1);
    expect(clusterKeyPrefix('iip:')).toBe('{iip}:');
    expect(clusterKeyPrefix('{bot-a}:')).toBe('{bot-a}:');
  } finally {
    await store.close();
  }
});
