import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RedisStateStore } from '../../src/state/redis-store.js';
import { LockTimeoutError } from '../../src/core/state.js';
import { stateStoreContract } from './contract.js';
import { openKeyOf } from '../../src/state/redis-scripts.js';
import { capturedLogger, deferred, eventually, manualClock, newThread, recordInput } from './helpers.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const filePrefix = `iip-test:${randomUUID()}:`;
let storeCounter = 0;
const admin = new Redis(REDIS_URL);

afterAll(async () => {
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${filePrefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await admin.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await admin.quit();
});

stateStoreContract('redis', (options) => RedisStateStore.connect(REDIS_URL, { ...options, keyPrefix: `${filePrefix}${++storeCounter}:` }));

describe('redis store across replicas', () => {
  const open: RedisStateStore[] = [];
  /** One "replica": its own connection, sharing the key prefix with the others of the same test. */
  const replica = async (keyPrefix: string, retentionMs?: number) => {
    const store = await RedisStateStore.connect(REDIS_URL, { keyPrefix, retentionMs });
    open.push(store);
    return store;
  };
  const freshPrefix = () => `${filePrefix}${++storeCounter}:`;
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it('keeps extending a lock while its holder runs past the TTL, so a contender cannot take it', async () => {
    const prefix = freshPrefix();
    const [a, b] = [await replica(prefix), await replica(prefix)];
    const entered = deferred();
    const finish = deferred();
    const holder = a.withLock(
      'thread-1',
      async () => {
        entered.resolve();
        await finish.promise;
        return 'done';
      },
      // extended every third of the TTL: a 200 ms TTL lapsed in a full CI run, an extension more than 133 ms late
      { ttlMs: 1_000 },
    );
    await entered.promise;
    // waits through more than two TTLs: only the extensions keep the lock from the contender
    await expect(b.withLock('thread-1', async () => 'stolen', { ttlMs: 1_000, waitMs: 2_500 })).rejects.toBeInstanceOf(LockTimeoutError);
    expect(await admin.pttl(`${prefix}lock:thread-1`)).toBeGreaterThan(0);
    finish.resolve();
    expect(await holder).toBe('done');
    expect(await admin.exists(`${prefix}lock:thread-1`)).toBe(0);
    expect(await b.withLock('thread-1', async () => 'mine', { waitMs: 100 })).toBe('mine');
  });

  it('lets a contender take a lock whose holder died, once its TTL has run out', async () => {
    const prefix = freshPrefix();
    const store = await replica(prefix);
    const ttlMs = 200;
    expect(await admin.set(`${prefix}lock:thread-2`, 'token-of-a-dead-replica', 'PX', ttlMs, 'NX')).toBe('OK');
    const start = Date.now();
    expect(await store.withLock('thread-2', async () => 'taken over', { waitMs: 2_000 })).toBe('taken over');
    expect(Date.now() - start).toBeGreaterThanOrEqual(ttlMs - 20);
  });

  it('gives exactly one winner when two replicas race on compare-and-set and setIfNotExists', async () => {
    const prefix = freshPrefix();
    const [a, b] = [await replica(prefix), await replica(prefix)];
    const thread = newThread();
    await a.compareAndSet(thread, 0, recordInput(thread));
    const racers = Array.from({ length: 40 }, (_, i) =>
      (i % 2 === 0 ? a : b).compareAndSet(thread, 1, recordInput(thread, { step: `replica-${i % 2}-${i}` })),
    );
    const winners = (await Promise.all(racers)).filter((r) => r !== undefined);
    expect(winners).toHaveLength(1);
    expect(await b.get(thread)).toEqual(winners[0]);
    const claims = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).setIfNotExists('click-1', 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('gives finished records a TTL of the retention and clears it when a thread reopens', async () => {
    const prefix = freshPrefix();
    const store = await replica(prefix, 60_000);
    const thread = newThread();
    await store.compareAndSet(thread, 0, recordInput(thread));
    expect(await admin.pttl(`${prefix}thread:${thread}`)).toBe(-1);
    await store.compareAndSet(thread, 1, recordInput(thread, { status: 'done' }));
    const ttl = await admin.pttl(`${prefix}thread:${thread}`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await store.compareAndSet(thread, 2, recordInput(thread, { status: 'active' }));
    expect(await admin.pttl(`${prefix}thread:${thread}`)).toBe(-1);
    expect(await admin.zscore(`${prefix}finished`, thread)).toBeNull();
  });

  it('forgets a waiting thread whose finished record Redis expired by itself', async () => {
    const prefix = freshPrefix();
    const store = await replica(prefix, 100);
    const thread = newThread();
    await store.compareAndSet(thread, 0, recordInput(thread, { status: 'failed', wait: { operation: 'AI35-8', step: 'poll', since: 1 } }));
    await eventually(async () => (await store.get(thread)) === undefined);
    expect(await store.listWaiting()).toEqual([]);
    expect(await admin.sismember(`${prefix}waiting`, thread)).toBe(0);
  });

  it('moves a thread between owners when its starter changes', async () => {
    const prefix = freshPrefix();
    const store = await replica(prefix);
    const thread = newThread();
    await store.compareAndSet(thread, 0, recordInput(thread, { startedBy: 'U1' }));
    await store.compareAndSet(thread, 1, recordInput(thread, { startedBy: 'U2' }));
    expect(await store.listOpenByUser('slack:T1', 'U1')).toEqual([]);
    expect((await store.listOpenByUser('slack:T1', 'U2')).map((r) => r.thread)).toEqual([thread]);
  });
});

describe('redis store: unreadable records and retention', () => {
  const open: RedisStateStore[] = [];
  const freshPrefix = () => `${filePrefix}${++storeCounter}:`;
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  const wait = { operation: 'AI35-8', step: 'poll', since: 1 };

  it('sets one unreadable record aside (truncated JSON, a foreign shape), logs it once, and lists the other waits', async () => {
    const prefix = freshPrefix();
    const { logger, lines } = capturedLogger();
    const store = await RedisStateStore.connect(REDIS_URL, { keyPrefix: prefix, logger, retentionMs: 60_000 });
    open.push(store);
    const [good, truncated, foreign] = [newThread(), newThread(), newThread()];
    for (const thread of [good, truncated, foreign]) await store.compareAndSet(thread, 0, recordInput(thread, { status: 'waiting', wait }));
    const full = (await admin.get(`${prefix}thread:${truncated}`))!;
    const cut = full.slice(0, Math.floor(full.length / 2));
    await admin.set(`${prefix}thread:${truncated}`, cut);
    await admin.set(`${prefix}thread:${foreign}`, JSON.stringify({ schema: 'someone else', thread: foreign }));

    expect((await store.listWaiting()).map((r) => r.thread)).toEqual([good]);
    const warnings = () => lines().filter((l) => l.level === 'warn');
    expect(
      warnings()
        .map((w) => w.thread)
        .sort(),
    ).toEqual([truncated, foreign].sort());
    expect(await admin.smembers(`${prefix}waiting`)).toEqual([good]);
    const aside = await admin.keys(`${prefix}corrupt:*`);
    expect(aside.sort()).toEqual(
      warnings()
        .map((w) => String(w.movedTo))
        .sort(),
    );
    expect(aside.find((key) => key.includes(truncated)) && (await admin.get(aside.find((key) => key.includes(truncated))!))).toBe(cut);
    for (const key of aside) {
      const ttl = await admin.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }

    // the threads have no record now: the lists go on without them and without warning again
    expect((await store.listWaiting()).map((r) => r.thread)).toEqual([good]);
    expect(await store.get(truncated)).toBeUndefined();
    expect((await store.listOpenByUser('slack:T1', 'U1')).map((r) => r.thread)).toEqual([good]);
    expect(await admin.zrange(openKeyOf(prefix, 'slack:T1', 'U1'), '0', '-1')).toEqual([good]);
    expect(warnings()).toHaveLength(2);
    expect(await store.compareAndSet(truncated, 0, recordInput(truncated))).toMatchObject({ version: 1 });
  });

  it('sets an unreadable record aside when it is read by itself, too', async () => {
    const prefix = freshPrefix();
    const { logger, lines } = capturedLogger();
    const store = await RedisStateStore.connect(REDIS_URL, { keyPrefix: prefix, logger });
    open.push(store);
    const thread = newThread();
    await admin.set(`${prefix}thread:${thread}`, '{"thread":"');
    expect(await store.get(thread)).toBeUndefined();
    expect(lines().filter((l) => l.level === 'warn')).toMatchObject([{ thread, movedTo: expect.stringContaining(`${prefix}corrupt:`) }]);
    expect(await admin.exists(`${prefix}thread:${thread}`)).toBe(0);
  });

  it('expire drops finished threads past the retention from the records and from every set', async () => {
    const prefix = freshPrefix();
    const clock = manualClock(50_000_000);
    const store = await RedisStateStore.connect(REDIS_URL, { keyPrefix: prefix, retentionMs: 60_000, clock });
    open.push(store);
    const [doneOld, failedOld, openOld] = [newThread(), newThread(), newThread()];
    await store.compareAndSet(doneOld, 0, recordInput(doneOld));
    await store.compareAndSet(doneOld, 1, recordInput(doneOld, { status: 'done' }));
    await store.compareAndSet(failedOld, 0, recordInput(failedOld, { status: 'failed', wait }));
    await store.compareAndSet(openOld, 0, recordInput(openOld, { status: 'waiting', wait }));
    expect(await admin.zcard(`${prefix}finished`)).toBe(2);
    expect(await store.expire(clock.now + 100_000)).toBe(2);
    expect(await admin.exists(`${prefix}thread:${doneOld}`, `${prefix}thread:${failedOld}`)).toBe(0);
    expect(await admin.zcard(`${prefix}finished`)).toBe(0);
    expect(await admin.smembers(`${prefix}waiting`)).toEqual([openOld]);
    expect(await admin.zrange(openKeyOf(prefix, 'slack:T1', 'U1'), '0', '-1')).toEqual([openOld]);
  });
});
