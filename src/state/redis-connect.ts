/** One Redis connection as every Redis-backed part of the bot opens it: fails fast, with the connection's own error. */
import { readFile } from 'node:fs/promises';
import type { ConnectionOptions } from 'node:tls';
import type { Cluster, ClusterOptions, Redis, RedisOptions } from 'ioredis';
import type { RedisConnection, RedisTlsFiles } from '../lib/redis-connection.js';
import { silentLogger, type Logger } from '../log.js';

/** A Redis to connect to: a `redis://` / `rediss://` URL, or the whole connection the configuration describes. */
export type RedisTarget = string | RedisConnection;

/** One server or a master through Sentinel (`Redis`), or a cluster: the stores use what both answer alike. */
export type RedisClient = Redis | Cluster;

export const isCluster = (redis: RedisClient): redis is Cluster => redis.isCluster;

/** Names the variable behind a TLS file that cannot be read, so a start-up error can say which one. */
export class RedisTlsFileError extends Error {
  constructor(
    readonly variable: string,
    readonly path: string,
    options: { cause: unknown },
  ) {
    super(`${variable} ${path} could not be read`, options);
    this.name = 'RedisTlsFileError';
  }
}

const BASE: RedisOptions = { lazyConnect: true, maxRetriesPerRequest: 3, connectTimeout: 5_000 };

/**
 * Connects to `target` and rejects when Redis cannot be reached, with the connection's own error (ECONNREFUSED, ...)
 * rather than ioredis' "Connection is closed". Later connection errors are logged (`what` names the user: `state`,
 * `limits`, `uploads`), and ioredis reconnects on its own; through Sentinel it asks for the master again.
 */
export async function connectRedis(target: RedisTarget, what: string, logger: Logger = silentLogger): Promise<RedisClient> {
  // ioredis (about 20 MB resident) loads only where Redis is configured
  const { Cluster, Redis } = await import('ioredis');
  const connection = typeof target === 'string' ? { url: target } : target;
  const options = await optionsFor(connection);
  const redis: RedisClient = connection.cluster
    ? new Cluster(connection.cluster.nodes, clusterOptions(options))
    : connection.sentinel
      ? new Redis(options)
      : new Redis(connection.url ?? '', options);
  let lastError: unknown;
  // without a listener ioredis prints every connection error itself
  redis.on('error', (error: Error) => {
    lastError = error;
    logger.warn({ err: error }, `${what}: Redis connection error`);
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw lastError ?? error;
  }
  return redis;
}

/** A cluster's options: each node connection as one server's, redirections and slot moves followed by ioredis. */
function clusterOptions(node: RedisOptions): ClusterOptions {
  const { lazyConnect, ...redisOptions } = node;
  return { lazyConnect, redisOptions };
}

async function optionsFor(connection: RedisConnection): Promise<RedisOptions> {
  const tls = connection.tls ? await tlsOptions(connection.tls) : undefined;
  const { sentinel } = connection;
  const master = connection.url ? new URL(connection.url) : undefined;
  const credentials = {
    ...(master?.username ? { username: decodeURIComponent(master.username) } : {}),
    ...(master?.password ? { password: decodeURIComponent(master.password) } : {}),
  };
  if (connection.cluster) return { ...BASE, ...credentials, ...(tls ? { tls } : {}) };
  if (!sentinel) return { ...BASE, ...(tls ? { tls } : {}) };
  return {
    ...BASE,
    sentinels: sentinel.nodes,
    name: sentinel.name,
    ...(sentinel.username ? { sentinelUsername: sentinel.username } : {}),
    ...(sentinel.password ? { sentinelPassword: sentinel.password } : {}),
    ...credentials,
    ...(tls ? { tls } : {}),
    ...(sentinel.tls ? { enableTLSForSentinelMode: true, sentinelTLS: tls ?? {} } : {}),
    // no failoverDetector: in ioredis 6 a +switch-master that arrives while it reconnects ends the connection for
    // good ("Connection is closed"); a dead or demoted master closes its clients, and the reconnect asks the Sentinels
    // a demoted master answers writes with READONLY until the connection moves: reconnect and send the command again
    reconnectOnError: (error: Error) => (error.message.startsWith('READONLY') ? 2 : false),
    // a failover takes a few seconds: commands wait for the new master instead of failing after three tries
    maxRetriesPerRequest: 20,
  };
}

async function tlsOptions(files: RedisTlsFiles): Promise<ConnectionOptions> {
  const read = async (variable: string, path: string | undefined) => {
    if (!path) return undefined;
    try {
      return await readFile(path);
    } catch (error) {
      throw new RedisTlsFileError(variable, path, { cause: error });
    }
  };
  const [ca, cert, key] = await Promise.all([
    read('REDIS_TLS_CA_FILE', files.caFile),
    read('REDIS_TLS_CERT_FILE', files.certFile),
    read('REDIS_TLS_KEY_FILE', files.keyFile),
  ]);
  return { ...(ca ? { ca } : {}), ...(cert ? { cert } : {}), ...(key ? { key } : {}) };
}
