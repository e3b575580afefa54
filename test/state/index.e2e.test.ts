import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { createStateStore, LowdbStateStore, RedisStateStore } from '../../src/state/index.js';
import { newThread, recordInput, withTempDir } from './helpers.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

it('uses lowdb files at the given state file when no Redis URL is set', async () => {
  const { dir, cleanup } = await withTempDir();
  cleanups.push(cleanup);
  const stateFile = path.join(dir, 'state.json');
  const store = await createStateStore({ stateFile });
  expect(store).toBeInstanceOf(LowdbStateStore);
  const thread = newThread();
  await store.compareAndSet(thread, 0, recordInput(thread));
  await store.setIfNotExists('event', 1_000);
  await store.close();
  await access(stateFile);
  await access(path.join(dir, 'state.threads'));
});

it('uses Redis under the given key prefix when a Redis URL is set', async () => {
  const keyPrefix = `iip-test:${randomUUID()}:`;
  const store = await createStateStore({ redis: REDIS_URL, keyPrefix, stateFile: '/nonexistent/state.json' });
  expect(store).toBeInstanceOf(RedisStateStore);
  const thread = newThread();
  await store.compareAndSet(thread, 0, recordInput(thread));
  await store.close();
  const admin = new Redis(REDIS_URL);
  cleanups.push(async () => {
    await admin.del(`${keyPrefix}thread:${thread}`, `${keyPrefix}open:${'slack:T1'.length}:slack:T1:U1`);
    await admin.quit();
  });
  expect(JSON.parse((await admin.get(`${keyPrefix}thread:${thread}`)) ?? 'null')).toMatchObject({ thread, version: 1 });
});

it('fails at start when Redis cannot be reached', async () => {
  await expect(createStateStore({ redis: 'redis://127.0.0.1:1' })).rejects.toThrow();
});
