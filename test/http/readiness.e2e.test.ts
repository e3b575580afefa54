import { afterEach, expect, test } from 'vitest';
import { createHttpServer } from '../../src/http/server.js';
import { readinessHandler } from '../../src/http/readiness.js';
import { silentLogger } from '../../src/log.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LowdbStateStore, MemoryStateStore, type StateStore } from '../../src/state/index.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serve(platformUrl: string, state: StateStore = new MemoryStateStore(), cacheMs = 0) {
  const server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
  server.route('/readyz', readinessHandler({ state, platformUrl, timeoutMs: 500, cacheMs }));
  const { url } = await server.listen();
  closers.push(() => server.close());
  return url;
}

test('ready when the state store answers and the platform can be reached', async () => {
  const sim = await startSimulator();
  closers.push(() => sim.close());
  const url = await serve(sim.url);
  const response = await fetch(`${url}/readyz`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
  expect(sim.requests.filter((r) => r.operation !== 'unknown')).toHaveLength(0);
});

test('503 naming the platform when it cannot be reached, and the state store when it is closed, without addresses or errors', async () => {
  const state = new MemoryStateStore();
  const url = await serve('http://127.0.0.1:9', state);
  const response = await fetch(`${url}/readyz`);
  expect(response.status).toBe(503);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ ok: false, failing: ['platform'] });
  expect(text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|:9\b/);

  const dir = mkdtempSync(join(tmpdir(), 'iip-ready-'));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  const closed = await LowdbStateStore.open({ stateFile: join(dir, 'state.json'), logger: silentLogger });
  await closed.close();
  const url2 = await serve('http://127.0.0.1:9', closed);
  expect(await (await fetch(`${url2}/readyz`)).json()).toEqual({ ok: false, failing: ['platform', 'state'] });
});

test('a verdict is reused for the cache period: 20 probes call the platform gateway once', async () => {
  const sim = await startSimulator();
  closers.push(() => sim.close());
  const url = await serve(sim.url, new MemoryStateStore(), 60_000);
  const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await fetch(`${url}/readyz`)).status));
  expect(statuses.every((s) => s === 200)).toBe(true);
  expect((await fetch(`${url}/readyz`)).status).toBe(200);
  expect(sim.requests).toHaveLength(1);
});

test('/healthz answers whatever the dependencies do', async () => {
  const url = await serve('http://127.0.0.1:9');
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
});
