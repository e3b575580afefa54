/**
 * What the environment turns on: with Teams credentials the bot serves /api/messages (authenticated by
 * botbuilder), with Slack credentials /slack/events; both share one server with /healthz and /readyz.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { startBot, type RunningBot } from '../../src/bot.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import type { RunningSimulator } from '../../src/platform/simulator/types.js';

let bot: RunningBot | undefined;
let sim: RunningSimulator | undefined;
let dir: string | undefined;
afterEach(async () => {
  await bot?.stop(1000);
  await sim?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  bot = sim = dir = undefined;
});

async function start(env: Record<string, string>): Promise<string> {
  sim = await startSimulator();
  dir = mkdtempSync(join(tmpdir(), 'iip-wiring-'));
  const config = loadConfig({ IIP_API_KEY: 'sk-wiring-0001', IIP_BASE_URL: sim.url, PORT: '0', HOST: '127.0.0.1', STATE_FILE: join(dir, 'state.json'), ...env });
  bot = await startBot({ config, logger: silentLogger });
  return bot.httpUrl!;
}

test('Teams credentials serve /api/messages with botbuilder authentication, beside /healthz and /readyz', async () => {
  const url = await start({ MicrosoftAppId: '00000000-0000-0000-0000-000000000001', MicrosoftAppPassword: 'teams-app-password-1' });
  const unsigned = await fetch(`${url}/api/messages`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'message', text: 'ask hi', serviceUrl: 'http://127.0.0.1:9/', conversation: { id: 'c1' }, from: { id: 'u1' }, recipient: { id: 'b1' }, channelId: 'msteams' }),
  });
  expect(unsigned.status).toBe(401);
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  expect((await fetch(`${url}/readyz`)).status).toBe(200);
  expect((await fetch(`${url}/slack/events`, { method: 'POST' })).status).toBe(404);
  expect(sim!.requests.filter((r) => r.operation !== 'unknown')).toHaveLength(0);
});

test('TEAMS_ALLOW_UNAUTHENTICATED is ignored when an app id is set', () => {
  const config = loadConfig({ MicrosoftAppId: 'app', TEAMS_ALLOW_UNAUTHENTICATED: '1' });
  expect(config.teams?.allowUnauthenticated).toBe(false);
  expect(loadConfig({ TEAMS_ALLOW_UNAUTHENTICATED: '1' }).teams).toMatchObject({ appId: undefined, allowUnauthenticated: true });
});
