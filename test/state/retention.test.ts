/** The retention sweep the bot runs: once at start, then periodically until the bot stops; failures are logged. */
import { expect, it } from 'vitest';
import type { StateStore } from '../../src/core/state.js';
import { MemoryStateStore } from '../../src/state/memory-store.js';
import { keepRetention, RETENTION_SWEEP_MS } from '../../src/state/retention.js';
import { capturedLogger, eventually, manualClock, newThread, recordInput } from './helpers.js';

it('sweeps at once, then again every period, and stops sweeping when the bot stops', async () => {
  expect(RETENTION_SWEEP_MS).toBe(3_600_000);
  const clock = manualClock(100_000_000);
  const store = new MemoryStateStore({ clock, retentionMs: 60_000 });
  const [first, second, third] = [newThread(), newThread(), newThread()];
  await store.compareAndSet(first, 0, recordInput(first, { status: 'done' }));
  clock.now += 100_000;
  const stop = new AbortController();
  const { logger } = capturedLogger();
  let sweeps = 0;
  const counted: StateStore = Object.assign(Object.create(store) as StateStore, {
    expire: (now?: number) => {
      sweeps += 1;
      return store.expire(now);
    },
  });

  await keepRetention(counted, logger, stop.signal, 20);
  expect(sweeps).toBe(1);
  expect(await store.get(first)).toBeUndefined();

  await store.compareAndSet(second, 0, recordInput(second, { status: 'failed' }));
  clock.now += 100_000;
  await eventually(async () => (await store.get(second)) === undefined, 5_000);
  expect(sweeps).toBeGreaterThanOrEqual(2);

  stop.abort();
  const after = sweeps;
  await store.compareAndSet(third, 0, recordInput(third, { status: 'cancelled' }));
  clock.now += 100_000;
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(sweeps).toBe(after);
  expect(await store.get(third)).toMatchObject({ status: 'cancelled' });
});

it('logs a failed sweep and goes on sweeping', async () => {
  const stop = new AbortController();
  const { logger, lines } = capturedLogger();
  let calls = 0;
  const failing = {
    expire: async () => {
      calls += 1;
      throw new Error('disk on fire');
    },
  } as unknown as StateStore;
  await keepRetention(failing, logger, stop.signal, 10);
  await eventually(async () => calls >= 3, 5_000);
  stop.abort();
  expect(lines().filter((l) => l.level === 'warn' && l.msg === 'state: the retention sweep failed').length).toBeGreaterThanOrEqual(3);
});
