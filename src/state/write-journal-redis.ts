/**
 * The outbox's write journal (core/outbox/journal.ts) shared by every replica on one Redis:
 * - `<prefix>outbox:w:<id>`: the entry's JSON, kept a day while pending (in case nobody ever settles it), then,
 *   settled and without its payload, for `keepSettledMs`;
 * - `<prefix>outbox:pending`: a sorted set of pending ids scored by queue time, for the recovery's scans;
 * - `<prefix>outbox:settled`: the latest settled ids, capped at KEEP_SETTLED;
 * - `<prefix>outbox:owner:<owner>`: a replica's heartbeat (PX `ownerTtlMs`): a pending write whose owner's
 *   heartbeat is gone was left by a dead replica.
 * A write costs one round trip: one script records the entry, refreshes the heartbeat and stores the settlements
 * waiting since the last one (settlements wait at most SETTLE_FLUSH_MS for a record to travel with).
 */
import { randomUUID } from 'node:crypto';
import { KEEP_SETTLED, oldestFirst, type DurableJournal, type WriteEntry, type WriteSettlement } from '../core/outbox/journal.js';
import { silentLogger, type Logger } from '../log.js';
import { connectRedis, type RedisClient, type RedisTarget } from './redis-connect.js';
import { writeScript } from './write-journal-scripts.js';
import { DEFAULT_KEY_PREFIX } from './redis-store.js';

const PENDING_TTL_MS = 24 * 60 * 60_000;
const KEEP_SETTLED_MS = 60 * 60_000;
/** how long a settlement waits for the next record to go with it */
export const SETTLE_FLUSH_MS = 200;

export interface RedisWriteJournalOptions {
  keyPrefix?: string;
  logger?: Logger;
  /** how long a replica counts as alive after its last heartbeat (WAIT_LEASE_MS) */
  ownerTtlMs: number;
  keepSettledMs?: number;
}

export class RedisWriteJournal implements DurableJournal {
  readonly owner = randomUUID();
  readonly #prefix: string;
  readonly #logger: Logger;
  readonly #ownerTtlMs: number;
  readonly #keepSettledMs: number;
  readonly #heartbeat: NodeJS.Timeout;
  /** settlements not stored yet, and who waits for them */
  #settling: Array<[string, string]> = [];
  #waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  #flushTimer: NodeJS.Timeout | undefined;

  static async connect(target: RedisTarget, options: RedisWriteJournalOptions): Promise<RedisWriteJournal> {
    const redis = await connectRedis(target, 'outbox', options.logger ?? silentLogger);
    const journal = new RedisWriteJournal(redis, options, true);
    await journal.#beat();
    return journal;
  }

  constructor(
    private readonly redis: RedisClient,
    options: RedisWriteJournalOptions,
    private readonly ownsConnection = false,
  ) {
    this.#prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.#logger = options.logger ?? silentLogger;
    this.#ownerTtlMs = options.ownerTtlMs;
    this.#keepSettledMs = options.keepSettledMs ?? KEEP_SETTLED_MS;
    this.#heartbeat = setInterval(
      () => {
        this.#beat().catch((error: unknown) => this.#logger.warn({ err: error }, 'outbox journal: the heartbeat failed'));
      },
      Math.max(50, Math.floor(this.#ownerTtlMs / 3)),
    );
    this.#heartbeat.unref();
  }

  record(entry: WriteEntry): Promise<void> {
    return this.#run(entry);
  }

  attempted(): void {
    // attempts are not stored: a recovering replica looks a post up whatever the count
  }

  settle(id: string, settlement: WriteSettlement, options: { now?: boolean } = {}): Promise<void> {
    this.#settling.push([id, JSON.stringify(settlement)]);
    const stored = new Promise<void>((resolve, reject) => this.#waiting.push({ resolve, reject }));
    if (options.now) void this.#run().catch(() => undefined);
    else this.#flushTimer ??= setTimeout(() => void this.#run().catch(() => undefined), SETTLE_FLUSH_MS);
    return stored;
  }

  async pending(): Promise<WriteEntry[]> {
    const ids = await this.redis.zrangebyscore(this.#key('outbox:pending'), '-inf', '+inf');
    return this.#entries(ids, true);
  }

  async recent(): Promise<WriteEntry[]> {
    const settled = await this.redis.lrange(this.#key('outbox:settled'), 0, -1);
    return [...(await this.#entries(settled, false)), ...(await this.pending())].sort((a, b) => a.queuedAt - b.queuedAt);
  }

  async left(): Promise<WriteEntry[]> {
    const pending = (await this.pending()).filter((e) => e.owner !== this.owner);
    const owners = [...new Set(pending.map((e) => e.owner ?? ''))];
    if (owners.length === 0) return [];
    const beats = await this.redis.mget(owners.map((o) => this.#key(`outbox:owner:${o}`)));
    const alive = new Set(owners.filter((_, i) => beats[i] !== null));
    return pending.filter((e) => !alive.has(e.owner ?? ''));
  }

  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    if (this.#settling.length > 0) await this.#run().catch(() => undefined);
    await this.redis.del(this.#key(`outbox:owner:${this.owner}`)).catch(() => undefined);
    if (this.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** One script: the entry (if any), the heartbeat, and every settlement waiting. */
  async #run(entry?: WriteEntry): Promise<void> {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    const settling = this.#settling.flat();
    const waiting = this.#waiting;
    this.#settling = [];
    this.#waiting = [];
    const ownerKey = this.#key(`outbox:owner:${this.owner}`);
    const keys = [this.#key('outbox:pending'), this.#key('outbox:settled'), ownerKey];
    const args = [
      this.#prefix,
      this.#ownerTtlMs,
      PENDING_TTL_MS,
      this.#keepSettledMs,
      KEEP_SETTLED,
      entry?.id ?? '',
      entry ? JSON.stringify(entry) : '',
    ];
    try {
      await writeScript.run(this.redis, keys, [...args, entry?.queuedAt ?? 0, ...settling]);
      for (const w of waiting) w.resolve();
    } catch (error) {
      for (const w of waiting) w.reject(error);
      throw error;
    }
  }

  async #beat(): Promise<void> {
    await this.redis.set(this.#key(`outbox:owner:${this.owner}`), '1', 'PX', this.#ownerTtlMs);
  }

  async #entries(ids: string[], pending: boolean): Promise<WriteEntry[]> {
    if (ids.length === 0) return [];
    const values = await this.redis.mget(ids.map((id) => this.#key(`outbox:w:${id}`)));
    const entries: WriteEntry[] = [];
    const gone = ids.filter((_, i) => values[i] === null);
    // a pending entry past its day, never settled: out of the set as well
    if (pending && gone.length > 0) await this.redis.zrem(this.#key('outbox:pending'), ...gone);
    for (const value of values) {
      if (value === null) continue;
      try {
        const entry = JSON.parse(value) as WriteEntry;
        if ((entry.state === 'pending') === pending) entries.push(entry);
      } catch (error) {
        this.#logger.warn({ err: error }, 'outbox journal: an unreadable entry was skipped');
      }
    }
    return oldestFirst(entries);
  }

  #key(name: string): string {
    return `${this.#prefix}${name}`;
  }
}
