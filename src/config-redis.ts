/**
 * The Redis variables beyond REDIS_URL: a master found through Sentinel, a cluster's seed nodes, TLS files and the
 * credentials those modes take; checked together (one topology at a time) and resolved into a RedisConnection.
 */
import { z } from 'zod';
import { optionalText } from './config-fields.js';
import { parseNodes, type RedisConnection, type RedisNode } from './lib/redis-connection.js';

const yes = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((v) => v === '1' || v === 'true');

export const REDIS_ENV_FIELDS = {
  REDIS_SENTINELS: optionalText,
  REDIS_SENTINEL_NAME: optionalText,
  REDIS_SENTINEL_USERNAME: optionalText,
  REDIS_SENTINEL_PASSWORD: optionalText,
  REDIS_SENTINEL_TLS: yes,
  REDIS_CLUSTER_NODES: optionalText,
  REDIS_USERNAME: optionalText,
  REDIS_PASSWORD: optionalText,
  REDIS_TLS_CA_FILE: optionalText,
  REDIS_TLS_CERT_FILE: optionalText,
  REDIS_TLS_KEY_FILE: optionalText,
};

type RedisEnv = { REDIS_URL?: string | undefined } & { [K in keyof typeof REDIS_ENV_FIELDS]?: z.infer<(typeof REDIS_ENV_FIELDS)[K]> };

/** What is wrong with the Redis variables together, one line each. */
export function redisProblems(e: RedisEnv): string[] {
  const problems: string[] = [];
  if (e.REDIS_URL && e.REDIS_SENTINELS)
    problems.push('REDIS_URL and REDIS_SENTINELS: set one of them (one server, or a master found through Sentinel)');
  if (e.REDIS_URL && !/^rediss?:\/\//.test(e.REDIS_URL)) problems.push('REDIS_URL: must start with redis:// or rediss:// (TLS)');
  if (e.REDIS_SENTINELS) {
    const nodes = parseNodes(e.REDIS_SENTINELS, 26_379);
    if (typeof nodes === 'string') problems.push(`REDIS_SENTINELS: ${nodes} (a list such as sentinel-1:26379,sentinel-2:26379)`);
    if (!e.REDIS_SENTINEL_NAME) problems.push("REDIS_SENTINEL_NAME: required with REDIS_SENTINELS (the master's name in Sentinel, e.g. mymaster)");
  } else if (e.REDIS_SENTINEL_NAME) problems.push('REDIS_SENTINEL_NAME: set REDIS_SENTINELS too (the Sentinels to ask for the master)');
  if (Boolean(e.REDIS_TLS_CERT_FILE) !== Boolean(e.REDIS_TLS_KEY_FILE))
    problems.push('REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE: give both (a client certificate and its key) or neither');
  return problems;
}

/** The connection the variables describe, or undefined when Redis is not configured (checked by redisProblems first). */
export function redisConnection(e: RedisEnv): RedisConnection | undefined {
  const tlsFiles = {
    ...(e.REDIS_TLS_CA_FILE ? { caFile: e.REDIS_TLS_CA_FILE } : {}),
    ...(e.REDIS_TLS_CERT_FILE ? { certFile: e.REDIS_TLS_CERT_FILE } : {}),
    ...(e.REDIS_TLS_KEY_FILE ? { keyFile: e.REDIS_TLS_KEY_FILE } : {}),
  };
  const tls = Object.keys(tlsFiles).length > 0 || e.REDIS_URL?.startsWith('rediss://') ? { tls: tlsFiles } : {};
  const credentials = e.REDIS_USERNAME || e.REDIS_PASSWORD ? { url: credentialUrl(e.REDIS_USERNAME, e.REDIS_PASSWORD) } : {};
  if (e.REDIS_SENTINELS && e.REDIS_SENTINEL_NAME) {
    const sentinel = {
      nodes: nodesOf(e.REDIS_SENTINELS, 26_379),
      name: e.REDIS_SENTINEL_NAME,
      tls: e.REDIS_SENTINEL_TLS === true,
      ...(e.REDIS_SENTINEL_USERNAME ? { username: e.REDIS_SENTINEL_USERNAME } : {}),
      ...(e.REDIS_SENTINEL_PASSWORD ? { password: e.REDIS_SENTINEL_PASSWORD } : {}),
    };
    return { ...credentials, sentinel, ...tls };
  }
  if (e.REDIS_CLUSTER_NODES) return { ...credentials, cluster: { nodes: nodesOf(e.REDIS_CLUSTER_NODES, 6_379) }, ...tls };
  return e.REDIS_URL ? { url: e.REDIS_URL, ...tls } : undefined;
}

function nodesOf(list: string, defaultPort: number): RedisNode[] {
  const nodes = parseNodes(list, defaultPort);
  if (typeof nodes === 'string') throw new Error(`not a node list: ${nodes}`);
  return nodes;
}

/** Credentials carried as a URL's user and password, the one form every mode reads them from. */
function credentialUrl(username: string | undefined, password: string | undefined): string {
  const url = new URL('redis://localhost');
  if (username) url.username = username;
  if (password) url.password = password;
  return url.toString();
}
