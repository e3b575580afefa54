/**
 * Redis topologies for tests, from real redis-server processes (redis-servers.ts): a master with a replica watched by
 * a Sentinel, and a Redis Cluster of three masters; how the bot reaches each, and one of each per test file.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { RedisConnection } from '../../src/lib/redis-connection.js';
import { freePort, scratch, sharedTopology, startOnFreePort, startRedisProcess, type RedisProcess } from './redis-servers.js';

export interface SentinelPair {
  name: string;
  master: RedisProcess;
  replica: RedisProcess;
  sentinel: RedisProcess;
  /** Resolves once the Sentinel names the replica as the master (after the master died); rejects after 20 s. */
  promoted(): Promise<void>;
  stop(): Promise<void>;
}

/** A master, its replica and one Sentinel (quorum 1) that fails over a second after the master stops answering. */
export async function startSentinelPair(name = 'iipmaster'): Promise<SentinelPair> {
  const master = await startOnFreePort((port) => ['--port', String(port)]);
  const replica = await startOnFreePort((port) => ['--port', String(port), '--replicaof', '127.0.0.1', String(master.port)]);
  const sentinelPort = await freePort();
  const conf = join(scratch(), 'sentinel.conf');
  // Sentinel rewrites its config file as it learns the topology: it must be its own, writable
  writeFileSync(
    conf,
    [
      `port ${sentinelPort}`,
      'bind 127.0.0.1',
      `sentinel monitor ${name} 127.0.0.1 ${master.port} 1`,
      `sentinel down-after-milliseconds ${name} 1000`,
      `sentinel failover-timeout ${name} 3000`,
      `sentinel parallel-syncs ${name} 1`,
      '',
    ].join('\n'),
  );
  const sentinel = await startRedisProcess([conf, '--sentinel', '--port', String(sentinelPort)]);
  const ask = async (): Promise<number> => {
    const client = new Redis({ port: sentinel.port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
    try {
      const [, port] = (await client.call('SENTINEL', 'get-master-addr-by-name', name)) as [string, string];
      return Number(port);
    } finally {
      client.disconnect();
    }
  };
  // the replica must have synced before a failover can promote it
  const deadline = Date.now() + 10_000;
  const probe = new Redis({ port: replica.port, host: '127.0.0.1' });
  try {
    while (!/master_link_status:up/.test(await probe.info('replication'))) {
      if (Date.now() > deadline) throw new Error('the replica did not sync with its master');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    probe.disconnect();
  }
  return {
    name,
    master,
    replica,
    sentinel,
    async promoted() {
      for (const deadline = Date.now() + 20_000; (await ask()) !== replica.port; ) {
        if (Date.now() > deadline) throw new Error('the Sentinel did not promote the replica');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      await Promise.all([master.kill(), replica.kill(), sentinel.kill()]);
    },
  };
}

/** How the bot reaches a pair's master: through its Sentinel. */
export const sentinelConnection = (pair: SentinelPair): RedisConnection => ({
  sentinel: { nodes: [{ host: '127.0.0.1', port: pair.sentinel.port }], name: pair.name, tls: false },
});

export interface RedisClusterProcesses {
  masters: RedisProcess[];
  stop(): Promise<void>;
}

/** Three masters of a Redis Cluster (no replicas), the slots spread by `redis-cli --cluster create`. */
export async function startRedisCluster(size = 3): Promise<RedisClusterProcesses> {
  const masters: RedisProcess[] = [];
  for (let i = 0; i < size; i += 1) {
    const dir = scratch();
    masters.push(
      await startOnFreePort((port) => [
        '--port',
        String(port),
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        join(dir, 'nodes.conf'),
        '--cluster-node-timeout',
        '2000',
      ]),
    );
  }
  execFileSync('redis-cli', ['--cluster', 'create', ...masters.map((m) => `127.0.0.1:${m.port}`), '--cluster-replicas', '0', '--cluster-yes'], {
    stdio: 'pipe',
  });
  // every node must agree that all slots are served before a client can rely on the map
  const deadline = Date.now() + 20_000;
  for (const master of masters) {
    const probe = new Redis({ port: master.port, host: '127.0.0.1' });
    try {
      while (!/cluster_state:ok/.test(String(await probe.call('CLUSTER', 'INFO')))) {
        if (Date.now() > deadline) throw new Error('the cluster did not reach cluster_state:ok');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      probe.disconnect();
    }
  }
  return {
    masters,
    async stop() {
      await Promise.all(masters.map((m) => m.kill()));
    },
  };
}

/** How the bot reaches a cluster: its nodes as seeds. */
export const clusterConnection = (cluster: RedisClusterProcesses): RedisConnection => ({
  cluster: { nodes: cluster.masters.map((m) => ({ host: '127.0.0.1', port: m.port })) },
});

const sentinels = sharedTopology(() => startSentinelPair());
const clusters = sharedTopology(() => startRedisCluster());
export const sharedSentinelPair = sentinels.get;
export const stopSharedSentinelPair = sentinels.stop;
export const sharedRedisCluster = clusters.get;
export const stopSharedRedisCluster = clusters.stop;
