/** Malformed, random and oversized requests to /api/messages (Teams, authenticated by botbuilder): all 4xx. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startBot, type RunningBot } from '../../src/bot.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import type { RunningSimulator } from '../../src/platform/simulator/types.js';

let bot: RunningBot;
let sim: RunningSimulator;
let dir: string;
beforeAll(async () => {
  sim = await startSimulator();
  dir = mkdtempSync(join(tmpdir(), 'iip-fuzz-teams-'));
  const config = loadConfig({
    IIP_API_KEY: 'sk-fuzz-0001',
    IIP_BASE_URL: sim.url,
    PORT: '0',
    HOST: '127.0.0.1',
    STATE_FILE: join(dir, 'state.json'),
    MicrosoftAppId: '00000000-0000-0000-0000-000000000002',
    MicrosoftAppPassword: 'fuzz-app-password',
  });
  bot = await startBot({ config, logger: silentLogger });
});
afterAll(async () => {
  await bot.stop(1000);
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const BODIES: Array<(i: number) => string> = [
  (i) => randomBytes(i % 1500).toString('latin1'),
  () => '{"type":"message",',
  () => JSON.stringify({ type: 'message', text: 42, conversation: null }),
  () => JSON.stringify([1, 2, 3]),
  () => JSON.stringify({ type: 'invoke', name: 'adaptiveCard/action', value: 'x' }),
  () => '',
];
const AUTH = ['', 'Bearer ', 'Bearer not.a.jwt', `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.e30.`];

test('1,000 malformed requests to /api/messages all get a 4xx; the process keeps serving', { timeout: 60_000 }, async () => {
  const url = `${bot.httpUrl}/api/messages`;
  const unexpected: Array<{ i: number; status: number }> = [];
  for (let batch = 0; batch < 20; batch += 1) {
    await Promise.all(
      Array.from({ length: 50 }, async (_, k) => {
        const i = batch * 50 + k;
        const headers: Record<string, string> = { 'content-type': i % 7 === 0 ? 'text/plain' : 'application/json' };
        const auth = AUTH[i % AUTH.length]!;
        if (auth) headers.authorization = auth;
        const response = await fetch(url, { method: 'POST', headers, body: BODIES[i % BODIES.length]!(i) });
        await response.arrayBuffer();
        if (response.status < 400 || response.status >= 500) unexpected.push({ i, status: response.status });
      }),
    );
  }
  expect(unexpected).toEqual([]);
  const huge = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(1024 * 1024 + 1) });
  expect(huge.status).toBe(413);
  expect((await fetch(`${bot.httpUrl}/healthz`)).status).toBe(200);
  expect(sim.requests.filter((r) => r.operation !== 'unknown')).toHaveLength(0);
});
