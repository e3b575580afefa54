/**
 * Where the bot's Redis is and how to reach it: one server (`REDIS_URL`, `redis://` or `rediss://` for TLS), a
 * master found through Sentinel (`REDIS_SENTINELS`, `REDIS_SENTINEL_NAME`), or a cluster (`REDIS_CLUSTER_NODES`);
 * TLS files by path. Plain data: config.ts builds it, state/redis-connect.ts opens it.
 */

export interface RedisNode {
  host: string;
  port: number;
}

/** Paths of PEM files, read when the connection opens (so a rotated certificate is taken at the next start). */
export interface RedisTlsFiles {
  caFile?: string;
  certFile?: string;
  keyFile?: string;
}

export interface RedisConnection {
  /** one server: its URL; with Sentinel or a cluster, only the data nodes' user and password are read from it */
  url?: string;
  /** the Sentinels to ask, the master's name there, their own credentials, and whether they speak TLS */
  sentinel?: { nodes: RedisNode[]; name: string; username?: string; password?: string; tls: boolean };
  /** a cluster's seed nodes: ioredis learns the rest and follows slot moves and failovers */
  cluster?: { nodes: RedisNode[] };
  /** TLS towards the data nodes: on with `rediss://` or any file given */
  tls?: RedisTlsFiles;
}

/** `host:port,host:port` (IPv6 as `[::1]:26379`) as nodes; the reason when an entry is not one. */
export function parseNodes(list: string, defaultPort: number): RedisNode[] | string {
  const nodes: RedisNode[] = [];
  for (const entry of list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s[\]]+))(?::(\d{1,5}))?$/.exec(entry);
    const port = match?.[3] === undefined ? defaultPort : Number(match[3]);
    if (!match || port < 1 || port > 65_535) return `"${entry}" is not host:port`;
    nodes.push({ host: match[1] ?? match[2]!, port });
  }
  return nodes.length > 0 ? nodes : 'names no host';
}

const shownNode = (node: RedisNode): string => `${node.host.includes(':') ? `[${node.host}]` : node.host}:${node.port}`;

/** Where the connection goes, as a start-up error may show it: never a user or password. */
export function describeRedis(connection: RedisConnection): string {
  if (connection.sentinel) return `sentinel ${connection.sentinel.name} at ${connection.sentinel.nodes.map(shownNode).join(',')}`;
  if (connection.cluster) return `cluster at ${connection.cluster.nodes.map(shownNode).join(',')}`;
  try {
    const url = new URL(connection.url ?? '');
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return '(not a URL)';
  }
}

/**
 * The key prefix on a cluster: every key of the bot in one hash slot, so that the scripts and transactions that
 * touch a thread's record with the bot-wide indexes (waiting, finished, a user's open threads) run on one node.
 * A prefix that already holds a hash tag (`{iip}:`) is kept; `iip:` becomes `{iip}:`.
 */
export function clusterKeyPrefix(prefix: string): string {
  return /\{[^{}]+\}/.test(prefix) ? prefix : `{${prefix.replace(/:$/, '')}}:`;
}
