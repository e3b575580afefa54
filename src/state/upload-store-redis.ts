/**
 * The upload shelf's files on Redis (REDIS_URL), so every replica serves what any of them offered:
 * - `<prefix>upload:<key>`: a hash with the bytes (`data`, binary-safe), `type` and `owner`, expiring after the TTL
 * - `<prefix>uploads:{<owner>}:files` / `:bytes`: the owner's files, a sorted set scored by expiry (ms, Redis'
 *   own clock) and a hash of their sizes; both expire with the owner's newest file.
 * One Lua script drops the owner's expired entries, checks the caps and adds the entry, so simultaneous offers
 * on any replicas never pass the cap; the file itself is written next. The key is a hash of the URL's token.
 */
import type { ShelfRefusal, StoredUpload, UploadLimits, UploadStore } from '../core/services.js';
import type { Logger } from '../log.js';
import { LuaScript } from './redis-scripts.js';
import { DEFAULT_KEY_PREFIX } from './redis-store.js';
import { connectRedis, type RedisClient, type RedisTarget } from './redis-connect.js';

/**
 * KEYS: the owner's files zset, the owner's sizes hash. ARGV: key, bytes, ttl ms, file cap, byte cap.
 * Returns {'ok', 0}, or {'files' | 'bytes', held}.
 */
const admitScript = new LuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local gone = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
for _, member in ipairs(gone) do redis.call('HDEL', KEYS[2], member) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local files = redis.call('ZCARD', KEYS[1])
if files >= tonumber(ARGV[4]) then return {'files', files} end
local bytes = 0
for _, size in ipairs(redis.call('HVALS', KEYS[2])) do bytes = bytes + tonumber(size) end
if bytes + tonumber(ARGV[2]) > tonumber(ARGV[5]) then return {'bytes', bytes} end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return {'ok', 0}
`);

export interface RedisUploadStoreOptions {
  /** the same prefix as the state store's (REDIS_KEY_PREFIX) */
  keyPrefix?: string;
  logger?: Logger;
}

export class RedisUploadStore implements UploadStore {
  readonly #prefix: string;

  /** Connects to `target` (its own connection, closed by `close()`); rejects when Redis cannot be reached. */
  static async connect(target: RedisTarget, options: RedisUploadStoreOptions = {}): Promise<RedisUploadStore> {
    const redis = await connectRedis(target, 'uploads', options.logger);
    return new RedisUploadStore(redis, options, true);
  }

  constructor(
    private readonly redis: RedisClient,
    options: RedisUploadStoreOptions = {},
    private readonly ownsConnection = false,
  ) {
    this.#prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  }

  async add(key: string, file: StoredUpload, ttlMs: number, limits: UploadLimits): Promise<{ ok: true } | ShelfRefusal> {
    const ttl = Math.max(1, Math.ceil(ttlMs));
    const [files, sizes] = this.#ownerKeys(file.owner);
    const [verdict, held] = (await admitScript.run(this.redis, [files, sizes], [key, file.data.length, ttl, limits.files, limits.bytes])) as [
      string,
      number,
    ];
    if (verdict === 'files') return { refused: 'files', limit: limits.files, held: Number(held) };
    if (verdict === 'bytes') return { refused: 'bytes', limit: limits.bytes, held: Number(held) };
    try {
      await this.redis
        .multi()
        .hset(this.#fileKey(key), { data: file.data, type: file.mimeType, owner: file.owner })
        .pexpire(this.#fileKey(key), ttl)
        .exec();
    } catch (error) {
      await this.redis
        .multi()
        .zrem(files, key)
        .hdel(sizes, key)
        .exec()
        .catch(() => undefined);
      throw error;
    }
    return { ok: true };
  }

  async get(key: string): Promise<StoredUpload | undefined> {
    const [data, type, owner] = await this.redis.hmgetBuffer(this.#fileKey(key), 'data', 'type', 'owner');
    if (!data || !type || !owner) return undefined;
    return { data, mimeType: type.toString('utf8'), owner: owner.toString('utf8') };
  }

  async has(key: string): Promise<boolean> {
    return (await this.redis.exists(this.#fileKey(key))) === 1;
  }

  async remove(key: string): Promise<void> {
    const owner = await this.redis.hget(this.#fileKey(key), 'owner');
    const removing = this.redis.multi().del(this.#fileKey(key));
    if (owner !== null) {
      const [files, sizes] = this.#ownerKeys(owner);
      removing.zrem(files, key).hdel(sizes, key);
    }
    await removing.exec();
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }

  #fileKey(key: string): string {
    return `${this.#prefix}upload:${key}`;
  }

  #ownerKeys(owner: string): [string, string] {
    const base = `${this.#prefix}uploads:{${Buffer.byteLength(owner)}:${owner}}`;
    return [`${base}:files`, `${base}:bytes`];
  }
}
