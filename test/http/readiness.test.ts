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

async function serve(platformUrl: string, state: StateStore = new MemoryStateStore()) {
  const server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
  server.route('/readyz', readinessHandler({ state, platformUrl, timeoutMs: 500 }));
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

test('503 naming the platform when it cannot be reached, and the state store when it is closed', async () => {
  const state = new MemoryStateStore();
  const url = await serve('http://127.0.0.1:9', state);
  const response = await fetch(`${url}/readyz`);
  expect(response.status).toBe(503);
  const body = (await response.json()) as { problems: Record<string, string> };
  expect(Object.keys(body.problems)).toEqual(['platform']);

  const dir = mkdtempSync(join(tmpdir(), 'iip-ready-'));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  const closed = await LowdbStateStore.open({ stateFile: join(dir, 'state.json'), logger: silentLogger });
  await closed.close();
  const url2 = await serve('http://127.0.0.1:9', closed);
  const body2 = (await (await fetch(`${url2}/readyz`)).json()) as { problems: Record<string, string> };
  expect(Object.keys(body2.problems).sort()).toEqual(['platform', 'state']);
});

test('/healthz answers whatever the dependencies do', async () => {
  const url = await serve('http://127.0.0.1:9');
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
});
