/** The MONITOR helper on the real Redis: lines sharing a packet with +OK are commands, quoted words come back unescaped. */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, test } from 'vitest';
import { monitorArgs, monitorRedis } from './redis-monitor.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const client = new Redis(REDIS_URL);
afterAll(() => client.quit());

test('monitorArgs reads the quoted words of a MONITOR line, escapes included', () => {
  expect(monitorArgs('+1800000000.000001 [0 127.0.0.1:5000] "SET" "k:1" "say \\"hi\\"" "PX" "2000"')).toEqual([
    'SET',
    'k:1',
    'say "hi"',
    'PX',
    '2000',
  ]);
});

test('sees every command sent after it started, while other clients keep the server busy', async () => {
  const prefix = `iip-test-monitor-${randomUUID()}:`;
  const busy = new Redis(REDIS_URL);
  let running = true;
  const noise = (async () => {
    while (running) await busy.set(`${prefix}noise`, 'x', 'PX', 2_000);
  })();
  const seen: string[] = [];
  const feed = await monitorRedis(REDIS_URL, (args) => {
    if (args[0]?.toLowerCase() === 'get' && args[1]?.startsWith(prefix)) seen.push(args[1].slice(prefix.length));
  });
  for (let i = 0; i < 20; i += 1) await client.get(`${prefix}mark:${i}`);
  await expect.poll(() => seen.length, { timeout: 5_000 }).toBe(20);
  expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => `mark:${i}`));
  feed.close();
  running = false;
  await noise;
  await busy.quit();
});
