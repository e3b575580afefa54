/**
 * The Lua scripts that make multi-key updates of the Redis store atomic. Keys built inside a script (the previous
 * owner's index, the thread keys found by expire) use the store's prefix, so on a cluster every key must be in the
 * prefix's hash slot (`{iip}:`, lib/redis-connection.ts clusterKeyPrefix), which REDIS_CLUSTER_NODES arranges.
 */
import { createHash } from 'node:crypto';
import type { RedisClient } from './redis-connect.js';

/** A script run by EVALSHA, loaded with EVAL the first time a server has not seen it. */
export class LuaScript {
  readonly #sha: string;
  constructor(readonly source: string) {
    this.#sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: RedisClient, keys: string[], args: Array<string | number>): Promise<unknown> {
    try {
      return await redis.evalsha(this.#sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }

  /**
   * Runs it by its source: never answered NOSCRIPT (as `run` is after Redis restarted, then tried again later), so
   * it keeps its place among its connection's commands, for a caller that does not wait for its answer.
   */
  runInOrder(redis: RedisClient, keys: string[], args: Array<string | number>): Promise<unknown> {
    return redis.eval(this.source, keys.length, ...keys, ...args);
  }
}

/** The open-threads index key of one user; the length prefix keeps it unambiguous (bytes, as Lua counts). */
export const openKeyOf = (prefix: string, workspaceId: string, userId: string): string =>
  `${prefix}open:${Buffer.byteLength(workspaceId)}:${workspaceId}:${userId}`;

/**
 * KEYS: thread record, waiting set, finished zset, the new owner's open zset, optionally a lock (the fence).
 * ARGV: expected version, record JSON, thread id, updatedAt, has wait (1/0), finished (1/0), retention ms, prefix,
 * optionally the fencing token. Returns 1 when written, 0 when the stored version differs from the expected one
 * or the fence's lock no longer holds the token.
 */
export const compareAndSetScript = new LuaScript(`
if KEYS[5] and redis.call('GET', KEYS[5]) ~= ARGV[9] then return 0 end
local current = redis.call('GET', KEYS[1])
local version = 0
local old
if current then
  old = cjson.decode(current)
  version = tonumber(old.version)
end
if version ~= tonumber(ARGV[1]) then return 0 end
if old then
  local ws, user = tostring(old.workspaceId), tostring(old.startedBy)
  redis.call('ZREM', ARGV[8] .. 'open:' .. string.len(ws) .. ':' .. ws .. ':' .. user, ARGV[3])
end
redis.call('SET', KEYS[1], ARGV[2])
if ARGV[5] == '1' then redis.call('SADD', KEYS[2], ARGV[3]) else redis.call('SREM', KEYS[2], ARGV[3]) end
if ARGV[6] == '1' then
  redis.call('ZADD', KEYS[3], ARGV[4], ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[7])
else
  redis.call('ZREM', KEYS[3], ARGV[3])
  redis.call('ZADD', KEYS[4], ARGV[4], ARGV[3])
end
return 1
`);

/**
 * KEYS: finished zset, waiting set. ARGV: cutoff (records updated strictly before it go), batch size, prefix.
 * Returns { finished entries processed, records deleted } for one batch.
 */
export const expireBatchScript = new LuaScript(`
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local dropped = 0
for _, id in ipairs(ids) do
  dropped = dropped + redis.call('DEL', ARGV[3] .. 'thread:' .. id)
  redis.call('SREM', KEYS[2], id)
  redis.call('ZREM', KEYS[1], id)
end
return { #ids, dropped }
`);

/**
 * KEYS: thread record, where it goes aside, waiting set, finished zset. ARGV: the unreadable text as it was read,
 * thread id, how long the set-aside copy is kept (ms). Moves the record aside and out of the indexes, only if it
 * still holds that text (a replica may have replaced it meanwhile); 1 when moved.
 */
export const setAsideScript = new LuaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('RENAME', KEYS[1], KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('SREM', KEYS[3], ARGV[2])
redis.call('ZREM', KEYS[4], ARGV[2])
return 1
`);

/** KEYS: lock. ARGV: token, ttl ms. Extends the lock only if we still hold it; 1 if extended. */
export const extendLockScript = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`);

/** KEYS: lock. ARGV: token. Deletes the lock only if we still hold it, never a successor's. */
export const releaseLockScript = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);
