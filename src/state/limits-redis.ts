/**
 * WorkLimits shared by every replica on one Redis. Per scope a sorted set of slot ids scored by their expiry
 * (ms, Redis' own clock, so replicas' clocks do not matter):
 * - `<prefix>limits:{<chat>:<len>:<workspace>}:<kind>:workspace`
 * - `<prefix>limits:{<chat>:<len>:<workspace>}:<kind>:user:<user>`
 * (the braces put both keys of a workspace in one cluster hash slot). One Lua script drops the expired members,
 * checks both counts and adds to both sets, so simultaneous acquires on any replicas never over-admit. A set's
 * key expires with its last slot.
 */
import type { Logger } from '../log.js';
import { DEFAULT_LIMITS, limitsOf, type Admission, type LimitSettings, type WorkKind, type WorkLimits, type WorkScope } from '../core/limits.js';
import { LuaScript } from './redis-scripts.js';
import { DEFAULT_KEY_PREFIX } from './redis-store.js';
import { connectRedis, type RedisClient, type RedisTarget } from './redis-connect.js';

const NOW_AND_PRUNE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local expires = now + tonumber(ARGV[2])
local function add()
  for _, key in ipairs(KEYS) do
    redis.call('ZADD', key, 'GT', expires, ARGV[1])
    local ttl = redis.call('PTTL', key)
    if ttl < tonumber(ARGV[2]) then redis.call('PEXPIRE', key, ARGV[2]) end
  end
end
`;

/**
 * KEYS: user set, workspace set. ARGV: id, ttl ms, user limit, workspace limit (0: none).
 * Returns 'ok', or 'user' / 'workspace' for the limit that refused.
 */
const acquireScript = new LuaScript(`${NOW_AND_PRUNE}
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  local userLimit, workspaceLimit = tonumber(ARGV[3]), tonumber(ARGV[4])
  if userLimit > 0 and redis.call('ZCARD', KEYS[1]) >= userLimit then return 'user' end
  if workspaceLimit > 0 and redis.call('ZCARD', KEYS[2]) >= workspaceLimit then return 'workspace' end
end
add()
return 'ok'
`);

/** KEYS: user set, workspace set. ARGV: id, ttl ms. Counts the id until at least now + ttl, unchecked. */
const renewScript = new LuaScript(`${NOW_AND_PRUNE}
add()
return 'ok'
`);

export interface RedisLimitsOptions {
  settings?: LimitSettings;
  /** the same prefix as the state store's (REDIS_KEY_PREFIX) */
  keyPrefix?: string;
  logger?: Logger;
}

export class RedisWorkLimits implements WorkLimits {
  readonly settings: LimitSettings;
  readonly #prefix: string;

  /** Connects to `target` (its own connection, closed by `close()`); rejects when Redis cannot be reached. */
  static async connect(target: RedisTarget, options: RedisLimitsOptions = {}): Promise<RedisWorkLimits> {
    const redis = await connectRedis(target, 'limits', options.logger);
    return new RedisWorkLimits(redis, options, true);
  }

  constructor(
    private readonly redis: RedisClient,
    options: RedisLimitsOptions = {},
    private readonly ownsConnection = false,
  ) {
    this.settings = options.settings ?? DEFAULT_LIMITS;
    this.#prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  }

  async acquire(scope: WorkScope, kind: WorkKind, id: string, ttlMs: number): Promise<Admission> {
    const limits = limitsOf(this.settings, kind);
    const verdict = await acquireScript.run(this.redis, this.#keys(scope, kind), [id, ttlOf(ttlMs), limits.user, limits.workspace]);
    if (verdict === 'user') return { ok: false, reason: 'user', limit: limits.user };
    if (verdict === 'workspace') return { ok: false, reason: 'workspace', limit: limits.workspace };
    return { ok: true, release: () => this.release(scope, kind, id) };
  }

  async renew(scope: WorkScope, kind: WorkKind, id: string, ttlMs: number): Promise<void> {
    await renewScript.run(this.redis, this.#keys(scope, kind), [id, ttlOf(ttlMs)]);
  }

  async release(scope: WorkScope, kind: WorkKind, id: string): Promise<void> {
    const [user, workspace] = this.#keys(scope, kind);
    await this.redis.multi().zrem(user, id).zrem(workspace, id).exec();
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }

  #keys(scope: WorkScope, kind: WorkKind): [string, string] {
    const base = `${this.#prefix}limits:{${scope.chat}:${Buffer.byteLength(scope.workspaceId)}:${scope.workspaceId}}:${kind}`;
    return [`${base}:user:${scope.userId}`, `${base}:workspace`];
  }
}

const ttlOf = (ttlMs: number): number => Math.max(1, Math.ceil(ttlMs));
