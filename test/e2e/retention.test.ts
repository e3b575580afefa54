/**
 * STATE_RETENTION_DAYS is applied by the running bot: a finished thread older than the retention is gone once
 * the bot has started (its file, or its Redis key and set entries, with it); open threads and recent finished
 * ones are kept. On the lowdb files and on Redis.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, expect, test } from 'vitest';
import { startBot } from '../../src/bot.js';
import { loadConfig } from '../../src/config.js';
import type { StateStore } from '../../src/core/state.js';
import { silentLogger } from '../../src/log.js';
import { LowdbStateStore } from '../../src/state/lowdb-store.js';
import { RedisStateStore } from '../../src/state/redis-store.js';
import { threadFilePath } from '../../src/state/thread-files.js';
import { manualClock, newThread, recordInput } from '../state/helpers.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const DAY_MS = 86_400_000;

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Threads written as if over the last weeks: finished 40 and 20 days ago, and open (untouched) for 40 days. */
async function seed(open: (clock: () => number) => Promise<StateStore>) {
  const clock = manualClock(Date.now() - 40 * DAY_MS);
  const store = await open(clock);
  const [doneOld, failedOld, openOld, doneRecent] = [newThread(), newThread(), newThread(), newThread()];
  await store.compareAndSet(doneOld, 0, recordInput(doneOld, { workflow: 'chat', data: { lastQuestion: 'a confidential idea' } }));
  await store.compareAndSet(doneOld, 1, recordInput(doneOld, { workflow: 'chat', status: 'done' }));
  await store.compareAndSet(failedOld, 0, recordInput(failedOld, { status: 'failed' }));
  await store.compareAndSet(openOld, 0, recordInput(openOld, { status: 'active' }));
  clock.now = Date.now() - 20 * DAY_MS;
  await store.compareAndSet(doneRecent, 0, recordInput(doneRecent, { status: 'cancelled' }));
  await store.close();
  return { doneOld, failedOld, openOld, doneRecent };
}

async function startWith(env: Record<string, string>) {
  const config = loadConfig({ IIP_API_KEY: 'sk-retention-test', IIP_BASE_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent', ...env });
  const bot = await startBot({ config, logger: silentLogger });
  cleanup.push(() => bot.stop(1_000));
  return bot;
}

test('lowdb: a finished thread past STATE_RETENTION_DAYS is gone after start, its file too; open and recent ones stay', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'iip-retention-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const stateFile = join(dir, 'state.json');
  const threads = await seed((clock) => LowdbStateStore.open({ stateFile, clock }));
  const fileOf = (thread: string) => threadFilePath(join(dir, 'state.threads'), thread);
  expect(existsSync(fileOf(threads.doneOld))).toBe(true);

  const bot = await startWith({ STATE_FILE: stateFile, STATE_RETENTION_DAYS: '30' });
  expect(await bot.state.get(threads.doneOld)).toBeUndefined();
  expect(await bot.state.get(threads.failedOld)).toBeUndefined();
  expect(existsSync(fileOf(threads.doneOld))).toBe(false);
  expect(existsSync(fileOf(threads.failedOld))).toBe(false);
  expect(await bot.state.get(threads.openOld)).toMatchObject({ status: 'active' });
  expect(await bot.state.get(threads.doneRecent)).toMatchObject({ status: 'cancelled' });
  expect(existsSync(fileOf(threads.doneRecent))).toBe(true);
});

test('Redis: a finished thread past STATE_RETENTION_DAYS is gone after start, with its set entries; open and recent ones stay', async () => {
  const keyPrefix = `iip-test-retention-${randomUUID()}:`;
  const admin = new Redis(REDIS_URL);
  cleanup.push(async () => {
    const keys = await admin.keys(`${keyPrefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });
  const threads = await seed((clock) => RedisStateStore.connect(REDIS_URL, { keyPrefix, clock, retentionMs: 30 * DAY_MS }));
  expect(await admin.zcard(`${keyPrefix}finished`)).toBe(3);

  const bot = await startWith({ REDIS_URL, REDIS_KEY_PREFIX: keyPrefix, STATE_RETENTION_DAYS: '30' });
  expect(await bot.state.get(threads.doneOld)).toBeUndefined();
  expect(await bot.state.get(threads.failedOld)).toBeUndefined();
  expect(await admin.exists(`${keyPrefix}thread:${threads.doneOld}`, `${keyPrefix}thread:${threads.failedOld}`)).toBe(0);
  expect(await admin.zrange(`${keyPrefix}finished`, '0', '-1')).toEqual([threads.doneRecent]);
  expect(await bot.state.get(threads.openOld)).toMatchObject({ status: 'active' });
  expect(await bot.state.get(threads.doneRecent)).toMatchObject({ status: 'cancelled' });
});
