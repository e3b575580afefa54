/**
 * WorkLimits shared by every replica on one Redis. Per scope a sorted set of slot ids scored by their expiry
 * (ms, Redis' own clock, so replicas' clocks do not matter):
 * - `<prefix>limits:{<chat>:<len>:<workspace>}:<kind>:workspace`
 * - `<prefix>limits:{<chat>:<len>:<workspace>}:<kind>:user:<user>`
 * and the workspace's queue past its limit: `…:<kind>:queue` (ids scored by arrival, Redis' clock) with
 * `…:<kind>:queue-lease` (the same ids scored by the expiry of their place)
 * (the braces put every key of a workspace in one cluster hash slot). One Lua script drops the expired members,
 * checks the counts and the queue and adds to the sets, so simultaneous acquires on any replicas never
 * over-admit nor serve the queue out of order. A key expires with its last member.
 */
import type { Logger } from '../log.js';
import {
  DEFAULT_LIMITS,
  limitsOf,
  type Admission,
  type LimitSettings,
  type Queued,
  type Refusal,
  type WorkKind,
  type WorkLimits,
  type WorkScope,
} from '../core/limits.js';
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
  for _, key in ipairs({ KEYS[1], KEYS[2] }) do
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

/**
 * KEYS: user set, workspace set, queue, queue leases. ARGV: id, ttl ms, user limit, workspace limit, queue
 * limit, lease ms. Returns {'ok'}, {'user' | 'workspace' | 'queue'} for the limit that refused, or {'queued', ahead}.
 */
const acquireOrQueueScript = new LuaScript(`${NOW_AND_PRUNE}
local dead = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now)
for _, gone in ipairs(dead) do redis.call('ZREM', KEYS[3], gone) end
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
local id = ARGV[1]
local function admitted()
  redis.call('ZREM', KEYS[3], id)
  redis.call('ZREM', KEYS[4], id)
  add()
  return { 'ok' }
end
if redis.call('ZSCORE', KEYS[2], id) then return admitted() end
local userLimit, workspaceLimit, queueLimit = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local place = redis.call('ZRANK', KEYS[3], id)
if not place and not redis.call('ZSCORE', KEYS[1], id) and userLimit > 0 and redis.call('ZCARD', KEYS[1]) >= userLimit then
  return { 'user' }
end
local queued = redis.call('ZCARD', KEYS[3])
local ahead = place or queued
if workspaceLimit <= 0 or ahead < workspaceLimit - redis.call('ZCARD', KEYS[2]) then return admitted() end
if not place then
  if queued >= queueLimit then return { queueLimit > 0 and 'queue' or 'workspace' } end
  redis.call('ZADD', KEYS[3], tonumber(t[1]) * 1000000 + tonumber(t[2]), id)
end
local leaseMs = tonumber(ARGV[6])
redis.call('ZADD', KEYS[4], now + leaseMs, id)
redis.call('ZADD', KEYS[1], 'GT', now + leaseMs, id)
for _, key in ipairs({ KEYS[1], KEYS[3], KEYS[4] }) do
  if redis.call('PTTL', key) < leaseMs then redis.call('PEXPIRE', key, leaseMs) end
end
return { 'queued', ahead }
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

  async acquireOrQueue(scope: WorkScope, kind: WorkKind, id: string, ttlMs: number, leaseMs: number): Promise<Admission | Queued | Refusal> {
    const limits = limitsOf(this.settings, kind);
    const [verdict, ahead] = (await acquireOrQueueScript.run(
      this.redis,
      [...this.#keys(scope, kind), ...this.#queueKeys(scope, kind)],
      [id, ttlOf(ttlMs), limits.user, limits.workspace, limits.queue, ttlOf(leaseMs)],
    )) as [string, number?];
    if (verdict === 'queued') return { ok: false, reason: 'queued', ahead: Number(ahead) };
    if (verdict === 'user' || verdict === 'workspace' || verdict === 'queue') return { ok: false, reason: verdict, limit: limits[verdict] };
    return { ok: true, release: () => this.release(scope, kind, id) };
  }

  async release(scope: WorkScope, kind: WorkKind, id: string): Promise<void> {
    const [user, workspace] = this.#keys(scope, kind);
    const [queue, leases] = this.#queueKeys(scope, kind);
    await this.redis.multi().zrem(user, id).zrem(workspace, id).zrem(queue, id).zrem(leases, id).exec();
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }

  #keys(scope: WorkScope, kind: WorkKind): [string, string] {
    const base = this.#base(scope, kind);
    return [`${base}:user:${scope.userId}`, `${base}:workspace`];
  }

  #queueKeys(scope: WorkScope, kind: WorkKind): [string, string] {
    const base = this.#base(scope, kind);
    return [`${base}:queue`, `${base}:queue-lease`];
  }

  #base(scope: WorkScope, kind: WorkKind): string {
    return `${this.#prefix}limits:{${scope.chat}:${Buffer.byteLength(scope.workspaceId)}:${scope.workspaceId}}:${kind}`;
  }
}

const ttlOf = (ttlMs: number): number => Math.max(1, Math.ceil(ttlMs));
