/**
 * A lock's hold is its fencing token: on Redis the lock's value, vouched for by the command that set or extended
 * it until most of its TTL has passed and asked of Redis by `held()` after that, lost (its signal aborted) once it
 * ran out before it was extended, and a record write fenced by a lost hold is refused in the same script that
 * writes. An in-process lock (memory, lowdb) cannot be lost while its holder runs.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MemoryStateStore } from '../../src/state/memory-store.js';
import { RedisStateStore } from '../../src/state/redis-store.js';
import { DEFAULT_LOCK_TTL_MS } from '../../src/state/options.js';
import { monitorRedis } from '../helpers/redis-monitor.js';
import { eventually, newThread, recordInput } from './helpers.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `iip-test-fence:${randomUUID()}:`;
const admin = new Redis(REDIS_URL);
const open: RedisStateStore[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length > 0) await admin.del(...keys);
  await admin.quit();
});

describe('the hold of a Redis lock', () => {
  const replica = async (lockClock?: () => number) => {
    const store = await RedisStateStore.connect(REDIS_URL, { keyPrefix: prefix, lockClock });
    open.push(store);
    return store;
  };

  it("is the lock's value while held; once the lock is gone it is lost, and a fenced write is refused", async () => {
    let now = 0;
    const [holder, other] = [await replica(() => now), await replica()];
    const thread = newThread();
    const first = await holder.compareAndSet(thread, 0, recordInput(thread));
    await holder.withLock('wait:fenced', async (hold) => {
      expect(await admin.get(`${prefix}lock:wait:fenced`)).toBe(hold.token);
      expect(await hold.held()).toBe(true);
      const written = await holder.compareAndSet(thread, 1, { ...recordInput(thread), step: 'two' }, hold);
      expect(written?.version).toBe(2);

      // the lock runs out under the holder (as after a stall longer than its TTL) and another replica takes it
      await admin.del(`${prefix}lock:wait:fenced`);
      now += DEFAULT_LOCK_TTL_MS;
      await other.withLock(
        'wait:fenced',
        async () => {
          expect(await hold.held()).toBe(false);
          expect(hold.lost.aborted).toBe(true);
          expect(await holder.compareAndSet(thread, 2, { ...recordInput(thread), step: 'three' }, hold)).toBeUndefined();
          expect((await other.get(thread))?.step).toBe('two');
        },
        { waitMs: 0 },
      );
    });
    expect(first?.version).toBe(1);
  });

  it('is vouched for by the command that set it: no round trip until most of its TTL has passed, then Redis is asked', async () => {
    let now = 0;
    const holder = await replica(() => now);
    const asked: string[] = [];
    const feed = await monitorRedis(REDIS_URL, (args) => {
      if (String(args[1]).startsWith(prefix)) asked.push(`${String(args[0]).toLowerCase()} ${String(args[1]).slice(prefix.length)}`);
    });
    // a command the test makes itself: once MONITOR shows it, every command sent before it has been seen
    const seenUpTo = async (mark: string) => {
      await admin.get(`${prefix}mark:${mark}`);
      await eventually(async () => asked.includes(`get mark:${mark}`), 2_000);
      return asked.splice(0).filter((c) => !c.startsWith('get mark:'));
    };
    try {
      await holder.withLock('wait:vouched', async (hold) => {
        await seenUpTo('taken');
        now += DEFAULT_LOCK_TTL_MS * 0.89;
        for (let i = 0; i < 5; i += 1) expect(await hold.held()).toBe(true);
        expect(await seenUpTo('within')).toEqual([]);
        now += DEFAULT_LOCK_TTL_MS * 0.02;
        expect(await hold.held()).toBe(true);
        expect(await seenUpTo('past')).toEqual(['get lock:wait:vouched']);
      });
    } finally {
      feed.close();
    }
  });

  it('is lost by the extension that finds the lock gone, without anyone asking', async () => {
    const holder = await replica();
    await holder.withLock(
      'wait:extended',
      async (hold) => {
        await admin.del(`${prefix}lock:wait:extended`);
        await eventually(async () => hold.lost.aborted, 2_000);
      },
      { ttlMs: 300 },
    );
  });

  it('a write fenced by a lock that was never taken is refused; unfenced writes are as before', async () => {
    const store = await replica();
    const thread = newThread();
    const stranger = { key: 'wait:nobody', token: randomUUID(), lost: new AbortController().signal, held: async () => true };
    expect(await store.compareAndSet(thread, 0, recordInput(thread), stranger)).toBeUndefined();
    expect((await store.compareAndSet(thread, 0, recordInput(thread)))?.version).toBe(1);
  });
});

describe('the hold of an in-process lock', () => {
  it('is held until its holder ends, and never lost', async () => {
    const store = new MemoryStateStore();
    let kept: { held(): Promise<boolean>; lost: AbortSignal } | undefined;
    await store.withLock('wait:local', async (hold) => {
      kept = hold;
      expect(await hold.held()).toBe(true);
    });
    expect(await kept!.held()).toBe(false);
    expect(kept!.lost.aborted).toBe(false);
  });
});
