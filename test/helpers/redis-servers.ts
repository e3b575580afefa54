/**
 * Real Redis topologies for tests, started on free loopback ports from the machine's redis-server: a plain server,
 * a master with a replica watched by a Sentinel, and a TLS server with certificates made here by openssl. Nothing
 * is kept on disk; every process is stopped by `stop()`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { RedisConnection } from '../../src/lib/redis-connection.js';

export interface RedisProcess {
  port: number;
  child: ChildProcess;
  /** SIGKILL: the process dies as a crashed server would */
  kill(): Promise<void>;
}

/** A port nobody listens on now (taken by the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const dirs: string[] = [];
const scratch = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'iip-redis-'));
  dirs.push(dir);
  return dir;
};

/** Starts `redis-server` with these arguments (or a config file first) and waits until it answers PING. */
export async function startRedisProcess(args: string[], ping: (port: number) => Promise<void> = pingPlain): Promise<RedisProcess> {
  const portIndex = args.indexOf('--port');
  const tlsIndex = args.indexOf('--tls-port');
  const port = Number(args[(tlsIndex >= 0 ? tlsIndex : portIndex) + 1]);
  const child = spawn('redis-server', [...args, '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1', '--dir', scratch()], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await ping(port);
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server on ${port} did not start: ${output.slice(-500)}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    port,
    child,
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

async function pingPlain(port: number): Promise<void> {
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } finally {
    probe.disconnect();
  }
}

export interface SentinelPair {
  name: string;
  master: RedisProcess;
  replica: RedisProcess;
  sentinel: RedisProcess;
  /** the port the Sentinel names as the master now */
  masterPort(): Promise<number>;
  stop(): Promise<void>;
}

/** A master, its replica and one Sentinel (quorum 1) that fails over a second after the master stops answering. */
export async function startSentinelPair(name = 'iipmaster'): Promise<SentinelPair> {
  const master = await startRedisProcess(['--port', String(await freePort())]);
  const replica = await startRedisProcess(['--port', String(await freePort()), '--replicaof', '127.0.0.1', String(master.port)]);
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
    masterPort: ask,
    async stop() {
      await Promise.all([master.kill(), replica.kill(), sentinel.kill()]);
    },
  };
}

export interface TlsFiles {
  dir: string;
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** a CA that signed none of these */
  otherCa: string;
}

/** A CA, a server certificate for 127.0.0.1 and a client certificate signed by it, and an unrelated CA. */
export function makeTlsFiles(): TlsFiles {
  const dir = scratch();
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ca = (name: string) => {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      at(`${name}.key`),
      '-out',
      at(`${name}.pem`),
    );
  };
  ca('ca');
  ca('other-ca');
  const signed = (name: string, ext: string) => {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${name}`, '-keyout', at(`${name}.key`), '-out', at(`${name}.csr`));
    writeFileSync(at(`${name}.ext`), ext);
    openssl(
      'x509',
      '-req',
      '-in',
      at(`${name}.csr`),
      '-CA',
      at('ca.pem'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      at(`${name}.ext`),
      '-out',
      at(`${name}.pem`),
    );
  };
  signed('server', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  signed('client', 'extendedKeyUsage=clientAuth\n');
  return {
    dir,
    ca: at('ca.pem'),
    serverCert: at('server.pem'),
    serverKey: at('server.key'),
    clientCert: at('client.pem'),
    clientKey: at('client.key'),
    otherCa: at('other-ca.pem'),
  };
}

/** A Redis that speaks only TLS; `clients: 'yes'` also requires a client certificate signed by the CA. */
export async function startTlsRedis(files: TlsFiles, clients: 'yes' | 'no'): Promise<RedisProcess> {
  const port = await freePort();
  return startRedisProcess(
    [
      '--port',
      '0',
      '--tls-port',
      String(port),
      '--tls-cert-file',
      files.serverCert,
      '--tls-key-file',
      files.serverKey,
      '--tls-ca-cert-file',
      files.ca,
      '--tls-auth-clients',
      clients,
    ],
    async (p) => {
      const probe = new Redis({
        port: p,
        host: '127.0.0.1',
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
        tls: { ca: readFileSync(files.ca), cert: readFileSync(files.clientCert), key: readFileSync(files.clientKey) },
      });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        await probe.ping();
      } finally {
        probe.disconnect();
      }
    },
  );
}

/** Removes the scratch folders (config files, certificates) of every topology started. */
export function removeRedisScratch(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

let shared: Promise<SentinelPair> | undefined;

/** One Sentinel-managed pair for a whole test file, started by its first user; stop it in the file's afterAll. */
export const sharedSentinelPair = (): Promise<SentinelPair> => (shared ??= startSentinelPair());

export async function stopSharedSentinelPair(): Promise<void> {
  const pair = shared;
  shared = undefined;
  await (await pair)?.stop();
  removeRedisScratch();
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
    const port = await freePort();
    masters.push(
      await startRedisProcess([
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

let sharedCluster: Promise<RedisClusterProcesses> | undefined;

/** One cluster for a whole test file, started by its first user; stop it in the file's afterAll. */
export const sharedRedisCluster = (): Promise<RedisClusterProcesses> => (sharedCluster ??= startRedisCluster());

export async function stopSharedRedisCluster(): Promise<void> {
  const cluster = sharedCluster;
  sharedCluster = undefined;
  await (await cluster)?.stop();
  removeRedisScratch();
}
