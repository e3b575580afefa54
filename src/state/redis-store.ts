/**
 * StateStore on Redis, for several bot replicas sharing state. Keys under a prefix (default `iip:`):
 * - `thread:<id>`  the record as JSON; finished records carry a PEXPIRE of the retention
 * - `waiting`      set of threads with a recorded wait
 * - `open:<len>:<workspace>:<user>` sorted set of that user's open threads, scored by updatedAt
 * - `finished`     sorted set of finished threads by updatedAt, which `expire()` works from
 * - `seen:<key>`   dedupe keys (SET NX PX), `lock:<key>` locks (see redis-lock.ts)
 * - `corrupt:<id>:<ms>` a record that could not be read (truncated JSON, a foreign shape), moved aside and out
 *   of the indexes with one warning, kept for the retention for a look by hand; the thread then has no record
 * compareAndSet is one Lua script that checks the stored version and keeps every index in step with the record.
 * `expire()` (run at start and hourly, see retention.ts) drops finished records past the retention and their
 * entries in `waiting` and `finished`; the list queries drop ids whose record is gone from the sets they read.
 */
import { silentLogger, type Logger } from '../log.js';
import type { ChatKind, ThreadId } from '../core/thread-id.js';
import {
  DEFAULT_LOCK_TTL_MS,
  DEFAULT_LOCK_WAIT_MS,
  DEFAULT_RETENTION_MS,
  parseRecord,
  newestFirst,
  stampRecord,
  type CommonStoreOptions,
} from './options.js';
import { withRedisLock } from './redis-lock.js';
import { compareAndSetScript, expireBatchScript, openKeyOf, setAsideScript } from './redis-scripts.js';
import type { LockHold, StateStore, ThreadRecord, ThreadRecordInput } from '../core/state.js';
import { isFinished } from '../core/state.js';
import { connectRedis, type RedisClient, type RedisTarget } from './redis-connect.js';
import { forgetRedisWorkspace } from './redis-forget.js';

export const DEFAULT_KEY_PREFIX = 'iip:';
const BATCH = 500;

export interface RedisStoreOptions extends CommonStoreOptions {
  keyPrefix?: string;
  /** the monotonic clock (ms) a lock's hold times its confirmations by; tests move it to model a stall */
  lockClock?: () => number;
}

export class RedisStateStore implements StateStore {
  readonly #prefix: string;
  readonly #retentionMs: number;
  readonly #logger: Logger;
  readonly #clock: () => number;
  readonly #lockClock: (() => number) | undefined;

  /**
   * Connects to `target` and fails fast when Redis cannot be reached (rejecting with the connection's own error,
   * e.g. ECONNREFUSED, not ioredis' "Connection is closed"); the store closes the connection.
   */
  static async connect(target: RedisTarget, options: RedisStoreOptions = {}): Promise<RedisStateStore> {
    const redis = await connectRedis(target, 'state', options.logger);
    return new RedisStateStore(redis, options, true);
  }

  constructor(
    private readonly redis: RedisClient,
    options: RedisStoreOptions = {},
    private readonly ownsConnection = false,
  ) {
    this.#prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.#retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
    this.#logger = options.logger ?? silentLogger;
    this.#clock = options.clock ?? Date.now;
    this.#lockClock = options.lockClock;
  }

  async get(thread: ThreadId): Promise<ThreadRecord | undefined> {
    return this.#read(thread, await this.redis.get(this.#threadKey(thread)));
  }

  async compareAndSet(thread: ThreadId, expectedVersion: number, next: ThreadRecordInput, fence?: LockHold): Promise<ThreadRecord | undefined> {
    const record = stampRecord(thread, expectedVersion, next, this.#clock());
    const keys = [
      this.#threadKey(thread),
      this.#key('waiting'),
      this.#key('finished'),
      openKeyOf(this.#prefix, record.workspaceId, record.startedBy),
    ];
    const written = await compareAndSetScript.run(this.redis, fence ? [...keys, this.#lockKey(fence.key)] : keys, [
      expectedVersion,
      JSON.stringify(record),
      thread,
      record.updatedAt,
      record.wait === undefined ? 0 : 1,
      isFinished(record.status) ? 1 : 0,
      Math.max(1, Math.ceil(this.#retentionMs)),
      this.#prefix,
      ...(fence ? [fence.token] : []),
    ]);
    return written === 1 ? record : undefined;
  }

  async setIfNotExists(key: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.#key(`seen:${key}`), '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK';
  }

  async getSetting(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.#key(`setting:${key}`))) ?? undefined;
  }

  async putSetting(key: string, value: string | undefined): Promise<void> {
    if (value === undefined) await this.redis.del(this.#key(`setting:${key}`));
    else await this.redis.set(this.#key(`setting:${key}`), value);
  }

  withLock<T>(key: string, fn: (hold: LockHold) => Promise<T>, options: { ttlMs?: number; waitMs?: number } = {}): Promise<T> {
    const lock = {
      key: this.#lockKey(key),
      name: key,
      ttlMs: options.ttlMs ?? DEFAULT_LOCK_TTL_MS,
      waitMs: options.waitMs ?? DEFAULT_LOCK_WAIT_MS,
    };
    return withRedisLock(this.redis, lock, fn, this.#logger, this.#lockClock);
  }

  async listWaiting(): Promise<ThreadRecord[]> {
    const threads = (await this.redis.smembers(this.#key('waiting'))) as ThreadId[];
    const records = await this.#getMany(threads);
    // a finished record that expired by its PEXPIRE leaves its id behind
    const gone = threads.filter((_, i) => records[i] === undefined);
    if (gone.length > 0) await this.redis.srem(this.#key('waiting'), ...gone);
    return records.filter((r): r is ThreadRecord => r?.wait !== undefined);
  }

  async listOpenByUser(workspaceId: string, userId: string): Promise<ThreadRecord[]> {
    const openKey = openKeyOf(this.#prefix, workspaceId, userId);
    const threads = (await this.redis.zrevrange(openKey, 0, -1)) as ThreadId[];
    const records = await this.#getMany(threads);
    // a record set aside as unreadable leaves its id behind
    const gone = threads.filter((_, i) => records[i] === undefined);
    if (gone.length > 0) await this.redis.zrem(openKey, ...gone);
    return records.filter((r): r is ThreadRecord => r !== undefined && !isFinished(r.status)).sort(newestFirst);
  }

  async expire(now: number = this.#clock()): Promise<number> {
    const cutoff = now - this.#retentionMs;
    let dropped = 0;
    for (;;) {
      const [seen, deleted] = (await expireBatchScript.run(
        this.redis,
        [this.#key('finished'), this.#key('waiting')],
        [cutoff, BATCH, this.#prefix],
      )) as [number, number];
      dropped += deleted;
      if (seen < BATCH) return dropped;
    }
  }

  forgetWorkspace(chat: ChatKind, workspaceId: string): Promise<number> {
    return forgetRedisWorkspace(this.redis, this.#prefix, chat, workspaceId);
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit();
  }

  async #getMany(threads: ThreadId[]): Promise<Array<ThreadRecord | undefined>> {
    const records: Array<ThreadRecord | undefined> = [];
    for (let i = 0; i < threads.length; i += BATCH) {
      const chunk = threads.slice(i, i + BATCH);
      const texts = await this.redis.mget(chunk.map((t) => this.#threadKey(t)));
      for (const [j, thread] of chunk.entries()) records.push(await this.#read(thread, texts[j] ?? null));
    }
    return records;
  }

  /** The record in `text`; one that cannot be read is moved aside (and logged), and the thread has none. */
  async #read(thread: ThreadId, text: string | null): Promise<ThreadRecord | undefined> {
    if (text === null) return undefined;
    const parsed = parseRecord(thread, text);
    if ('record' in parsed) return parsed.record;
    const { reason } = parsed;
    const movedTo = this.#key(`corrupt:${thread}:${this.#clock()}`);
    const moved = await setAsideScript.run(
      this.redis,
      [this.#threadKey(thread), movedTo, this.#key('waiting'), this.#key('finished')],
      [text, thread, Math.max(1, Math.ceil(this.#retentionMs))],
    );
    // replaced meanwhile by a replica: read what is there now
    if (moved !== 1) return this.#read(thread, await this.redis.get(this.#threadKey(thread)));
    this.#logger.warn({ thread, movedTo, reason }, 'state: unreadable record moved aside, going on without it');
    return undefined;
  }

  #key(name: string): string {
    return `${this.#prefix}${name}`;
  }

  #lockKey(name: string): string {
    return this.#key(`lock:${name}`);
  }

  #threadKey(thread: ThreadId): string {
    return this.#key(`thread:${thread}`);
  }
}
