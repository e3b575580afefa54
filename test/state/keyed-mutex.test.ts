import { expect, it } from 'vitest';
import { KeyedMutex } from '../../src/state/keyed-mutex.js';
import { LockTimeoutError } from '../../src/core/state.js';

it('grants a key to waiters in arrival order and keeps different keys independent', async () => {
  const mutex = new KeyedMutex();
  const order: string[] = [];
  const release = await mutex.acquire('a');
  const waiters = ['first', 'second', 'third'].map((name) => mutex.run('a', async () => void order.push(name)));
  await mutex.run('b', async () => void order.push('other key'));
  release();
  await Promise.all(waiters);
  expect(order).toEqual(['other key', 'first', 'second', 'third']);
});

it('drops a waiter that timed out from the queue, so the next one still gets the key', async () => {
  const mutex = new KeyedMutex();
  const release = await mutex.acquire('a');
  const impatient = mutex.acquire('a', 20);
  const patient = mutex.acquire('a', 5_000);
  await expect(impatient).rejects.toBeInstanceOf(LockTimeoutError);
  release();
  release();
  const releasePatient = await patient;
  releasePatient();
  expect(await mutex.run('a', async () => 'free', 10)).toBe('free');
});
