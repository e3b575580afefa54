/**
 * Real redis-server processes for tests, on free loopback ports, and what the topologies built of them share: a
 * scratch folder per process (removed by removeRedisScratch) and one topology per test file (`sharedTopology`).
 * Topologies: redis-topologies.ts (Sentinel, cluster); redis-tls.ts (TLS with certificates made by openssl).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import { Redis } from 'ioredis';

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
export const scratch = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'iip-redis-'));
  dirs.push(dir);
  return dir;
};

/** Starts `redis-server` with these arguments (or a config file first) and waits until it answers PING. */
export async function startRedisProcess(args: string[], ping: (port: number) => Promise<void> = pingOnce): Promise<RedisProcess> {
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

/**
 * Starts `redis-server` on a free port, with the arguments `argsFor` gives for it; tried again on another port (up
 * to five times) when the one chosen was taken before the server bound it (a cluster node also binds the port
 * 10000 above, which nothing checked; another test's client may take a port in the moment after `freePort`).
 */
export async function startOnFreePort(argsFor: (port: number) => string[]): Promise<RedisProcess> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await startRedisProcess(argsFor(await freePort()));
    } catch (error) {
      if (tries >= 5 || !String(error).includes('Address already in use')) throw error;
    }
  }
}

/** One PING on a fresh connection that never retries (`tls`: the client side of a TLS server). */
export async function pingOnce(port: number, tls?: ConnectionOptions): Promise<void> {
  const probe = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    ...(tls ? { tls } : {}),
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } finally {
    probe.disconnect();
  }
}

/** Removes the scratch folders (config files, certificates) of every topology started. */
export function removeRedisScratch(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** One topology for a whole test file, started by its first user; `stop` it in the file's afterAll. */
export function sharedTopology<T extends { stop(): Promise<void> }>(start: () => Promise<T>): { get(): Promise<T>; stop(): Promise<void> } {
  let started: Promise<T> | undefined;
  return {
    get: () => (started ??= start()),
    async stop() {
      const topology = started;
      started = undefined;
      await (await topology)?.stop();
      removeRedisScratch();
    },
  };
}
