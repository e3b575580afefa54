/** The MONITOR helper on the real Redis: lines sharing a packet with +OK are commands, quoted words come back unescaped. */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, test } from 'vitest';
import { monitorArgs, monitorRedis, monitorSource } from './redis-monitor.js';

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

test('monitorSource reads when Redis ran a command and who sent it: a client, or a script (lua)', () => {
  expect(monitorSource('+1800000000.250001 [0 127.0.0.1:5000] "GET" "k"')).toEqual({ at: 1_800_000_000_250.001, source: '127.0.0.1:5000' });
  expect(monitorSource('+1800000000.5 [3 lua] "GET" "k"')).toEqual({ at: 1_800_000_000_500, source: 'lua' });
});

test("tells a script's own commands from the client's", async () => {
  const key = `iip-test-monitor-${randomUUID()}:scripted`;
  const seen: string[] = [];
  const feed = await monitorRedis(REDIS_URL, (args, { source }) => {
    if (args.includes(key)) seen.push(`${args[0]?.toLowerCase()} from ${source === 'lua' ? 'lua' : 'a client'}`);
  });
  await client.eval("return redis.call('get', KEYS[1])", 1, key);
  await expect.poll(() => seen, { timeout: 5_000 }).toEqual(['eval from a client', 'get from lua']);
  feed.close();
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
