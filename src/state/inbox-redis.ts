/**
 * The inbox (core/inbox.ts) shared by every replica on one Redis:
 * - `<prefix>inbox:e:<id>`: the entry's JSON while pending (expiring after twice the keep time, in case nobody
 *   ever handles it), then `done` for the keep time (the id's dedupe);
 * - `<prefix>inbox:pending`: a sorted set of pending ids scored by their receipt (ms), for the rescans.
 * Recording and marking done are one Lua script each, so an entry and its place in the set never disagree.
 * Redis' own persistence (AOF, replicas) decides how durable "recorded" is, as for the thread records.
 */
import { connectRedis, type RedisClient, type RedisTarget } from './redis-connect.js';
import { INBOX_KEEP_DONE_MS, type Inbox, type InboxEntry } from '../core/inbox.js';
import { silentLogger, type Logger } from '../log.js';
import { LuaScript } from './redis-scripts.js';
import { DEFAULT_KEY_PREFIX } from './redis-store.js';

const DONE = 'done';

/** KEYS: entry, pending set. ARGV: entry JSON, receivedAt, id, entry ttl ms. 1 when recorded, 0 when the id is known. */
const recordScript = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
return 1
`);

/** KEYS: entry, pending set. ARGV: id, keep ms. */
const doneScript = new LuaScript(`
redis.call('SET', KEYS[1], '${DONE}', 'PX', ARGV[2])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
`);

/** KEYS: entry. ARGV: handover JSON. Adds the handover to a pending entry, keeping its expiry. */
const handoverScript = new LuaScript(`
local current = redis.call('GET', KEYS[1])
if not current or current == '${DONE}' then return 0 end
local entry = cjson.decode(current)
entry.handover = cjson.decode(ARGV[1])
redis.call('SET', KEYS[1], cjson.encode(entry), 'KEEPTTL')
return 1
`);

export interface RedisInboxOptions {
  /** the same prefix as the state store's (REDIS_KEY_PREFIX) */
  keyPrefix?: string;
  logger?: Logger;
  keepDoneMs?: number;
}

export class RedisInbox implements Inbox {
  readonly #prefix: string;
  readonly #keepDoneMs: number;
  readonly #logger: Logger;

  /** Connects to `target` (its own connection, closed by `close()`); rejects when Redis cannot be reached. */
  static async connect(target: RedisTarget, options: RedisInboxOptions = {}): Promise<RedisInbox> {
    const redis = await connectRedis(target, 'inbox', options.logger ?? silentLogger);
    return new RedisInbox(redis, options, true);
  }

  constructor(
    private readonly redis: RedisClient,
    options: RedisInboxOptions = {},
    private readonly ownsConnection = false,
  ) {
    this.#prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.#keepDoneMs = options.keepDoneMs ?? INBOX_KEEP_DONE_MS;
    this.#logger = options.logger ?? silentLogger;
  }

  async record(entry: InboxEntry): Promise<boolean> {
    const written = await recordScript.run(
      this.redis,
      [this.#entryKey(entry.id), this.#pendingKey],
      [JSON.stringify(entry), entry.receivedAt, entry.id, 2 * this.#keepDoneMs],
    );
    return written === 1;
  }

  async pendingEntry(id: string): Promise<InboxEntry | undefined> {
    const value = await this.redis.get(this.#entryKey(id));
    return value === null || value === DONE ? undefined : (JSON.parse(value) as InboxEntry);
  }

  async handingOver(id: string, handover: NonNullable<InboxEntry['handover']>): Promise<void> {
    await handoverScript.run(this.redis, [this.#entryKey(id)], [JSON.stringify(handover)]);
  }

  async done(id: string): Promise<void> {
    await doneScript.run(this.redis, [this.#entryKey(id), this.#pendingKey], [id, this.#keepDoneMs]);
  }

  async pending(olderThanMs: number): Promise<InboxEntry[]> {
    const ids = await this.redis.zrangebyscore(this.#pendingKey, '-inf', Date.now() - olderThanMs);
    if (ids.length === 0) return [];
    const values = await this.redis.mget(ids.map((id) => this.#entryKey(id)));
    const entries: InboxEntry[] = [];
    const gone: string[] = [];
    ids.forEach((id, i) => {
      const value = values[i];
      if (value === null || value === undefined || value === DONE) return void gone.push(id);
      try {
        entries.push(JSON.parse(value) as InboxEntry);
      } catch (error) {
        this.#logger.warn({ err: error, entry: id }, 'inbox: an unreadable entry was dropped');
        gone.push(id);
      }
    });
    if (gone.length > 0) await this.redis.zrem(this.#pendingKey, ...gone);
    return entries;
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }

  get #pendingKey(): string {
    return `${this.#prefix}inbox:pending`;
  }

  #entryKey(id: string): string {
    return `${this.#prefix}inbox:e:${id}`;
  }
}
