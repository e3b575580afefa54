/** Contract: dedupe keys and locks. */
import { expect, it } from 'vitest';
import { LockTimeoutError } from '../../src/core/state.js';
import type { StoreFactory } from './contract.js';
import { deferred, eventually } from './helpers.js';

const uniqueKey = (name: string) => `${name}:${process.pid}:${Math.random()}`;

export function coordinationContract(create: StoreFactory): void {
  it('answers setIfNotExists true once, then false until the TTL has passed', async () => {
    const store = await create({});
    const [key, other] = [uniqueKey('event'), uniqueKey('event')];
    const ttlMs = 150;
    const start = Date.now();
    expect(await store.setIfNotExists(key, ttlMs)).toBe(true);
    expect(await store.setIfNotExists(key, ttlMs)).toBe(false);
    expect(await store.setIfNotExists(other, ttlMs)).toBe(true);
    await eventually(() => store.setIfNotExists(key, ttlMs));
    expect(Date.now() - start).toBeGreaterThanOrEqual(ttlMs);
  });

  it('gives setIfNotExists to exactly one of many concurrent callers', async () => {
    const store = await create({});
    const key = uniqueKey('click');
    const answers = await Promise.all(Array.from({ length: 30 }, () => store.setIfNotExists(key, 60_000)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('runs withLock holders one at a time', async () => {
    const store = await create({});
    const key = uniqueKey('lock');
    let counter = 0;
    let inside = 0;
    let maxInside = 0;
    const increment = () =>
      store.withLock(key, async () => {
        inside += 1;
        maxInside = Math.max(maxInside, inside);
        const read = counter;
        await new Promise((resolve) => setTimeout(resolve, 1));
        counter = read + 1;
        inside -= 1;
        return read;
      });
    const results = await Promise.all(Array.from({ length: 20 }, increment));
    expect(counter).toBe(20);
    expect(maxInside).toBe(1);
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('fails with LockTimeoutError when the lock is not free within waitMs, and frees it after', async () => {
    const store = await create({});
    const key = uniqueKey('lock');
    const hold = deferred();
    const entered = deferred();
    const holder = store.withLock(key, async () => {
      entered.resolve();
      await hold.promise;
      return 'held';
    });
    await entered.promise;
    const error = await store.withLock(key, async () => 'never', { waitMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LockTimeoutError);
    expect((error as LockTimeoutError).key).toBe(key);
    hold.resolve();
    expect(await holder).toBe('held');
    expect(await store.withLock(key, async () => 'next', { waitMs: 1_000 })).toBe('next');
  });

  it('lets a lock go so that the next holder of the same store takes it without waiting', async () => {
    const store = await create({});
    const key = uniqueKey('lock');
    // on Redis the release is not awaited: it goes out on the store's connection before the next SET, in order
    for (let i = 0; i < 10; i += 1) expect(await store.withLock(key, async () => i, { waitMs: 0 })).toBe(i);
  });

  it('releases the lock when the holder throws', async () => {
    const store = await create({});
    const key = uniqueKey('lock');
    await expect(
      store.withLock(key, async () => {
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect(await store.withLock(key, async () => 'free again', { waitMs: 200 })).toBe('free again');
  });
}
