/**
 * What the environment turns on: with Teams credentials the bot serves /api/messages (authenticated by
 * botbuilder), with Slack credentials /slack/events; both share one server with /healthz and /readyz. The
 * unauthenticated Teams mode only on loopback without credentials, service URLs and allow-lists.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { startBot, type RunningBot } from '../../src/bot.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createLogger, silentLogger } from '../../src/log.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import { personalMessage, sendActivity } from '../helpers/teams-activities.js';
import { waitFor } from '../helpers/slack-bot-harness.js';
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
  const config = loadConfig({
    IIP_API_KEY: 'sk-wiring-0001',
    IIP_BASE_URL: sim.url,
    PORT: '0',
    HOST: '127.0.0.1',
    STATE_FILE: join(dir, 'state.json'),
    ...env,
  });
  bot = await startBot({ config, logger: silentLogger });
  return bot.httpUrl!;
}

test('Teams credentials serve /api/messages with botbuilder authentication, beside /healthz and /readyz', async () => {
  const url = await start({ MicrosoftAppId: '00000000-0000-0000-0000-000000000001', MicrosoftAppPassword: 'teams-app-password-1' });
  const unsigned = await fetch(`${url}/api/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'message',
      text: 'ask hi',
      serviceUrl: 'http://127.0.0.1:9/',
      conversation: { id: 'c1' },
      from: { id: 'u1' },
      recipient: { id: 'b1' },
      channelId: 'msteams',
    }),
  });
  expect(unsigned.status).toBe(401);
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  expect((await fetch(`${url}/readyz`)).status).toBe(200);
  expect((await fetch(`${url}/slack/events`, { method: 'POST' })).status).toBe(404);
  expect(sim!.requests.filter((r) => r.operation !== 'unknown')).toHaveLength(0);
});

/** The one problem a config refused with, or undefined when it loaded. */
function refusal(env: Record<string, string>): string | undefined {
  try {
    loadConfig(env);
    return undefined;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    expect(error.problems).toHaveLength(1);
    return error.problems[0];
  }
}

test('TEAMS_ALLOW_UNAUTHENTICATED refuses to start off loopback or beside any credential, in one line naming them', () => {
  const production = {
    TEAMS_ALLOW_UNAUTHENTICATED: '1',
    HOST: '0.0.0.0',
    SLACK_BOT_TOKEN: 'xoxb-prod-token-1',
    SLACK_SIGNING_SECRET: 'prod-signing-secret',
    IIP_API_KEY: 'sk-prod-key-0001',
  };
  const problem = refusal(production);
  expect(problem).toMatch(
    /^TEAMS_ALLOW_UNAUTHENTICATED: allowed only with HOST on loopback .*; found HOST=0\.0\.0\.0, SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET, IIP_API_KEY$/,
  );
  for (const secret of ['xoxb-prod-token-1', 'prod-signing-secret', 'sk-prod-key-0001']) expect(problem).not.toContain(secret);

  const loopback = { TEAMS_ALLOW_UNAUTHENTICATED: '1', HOST: '127.0.0.1' };
  expect(refusal({ TEAMS_ALLOW_UNAUTHENTICATED: '1' })).toMatch(/found HOST=0\.0\.0\.0$/);
  expect(refusal({ ...loopback, HOST: '192.168.1.10' })).toMatch(/found HOST=192\.168\.1\.10$/);
  expect(refusal({ ...loopback, IIP_API_KEY: 'sk-x-000001' })).toMatch(/found IIP_API_KEY$/);
  expect(refusal({ ...loopback, SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1' })).toMatch(/found SLACK_BOT_TOKEN, SLACK_APP_TOKEN$/);
  expect(refusal({ ...loopback, MicrosoftAppId: 'app', MicrosoftAppPassword: 'pw' })).toMatch(/found MicrosoftAppId, MicrosoftAppPassword$/);

  for (const host of ['127.0.0.1', '::1', 'localhost']) {
    expect(loadConfig({ ...loopback, HOST: host }).teams).toMatchObject({ appId: undefined, allowUnauthenticated: true });
  }
  expect(loadConfig({ MicrosoftAppId: 'app', TEAMS_ALLOW_UNAUTHENTICATED: '0' }).teams?.allowUnauthenticated).toBe(false);
});

test('TEAMS_SERVICE_URLS and the allow-lists: comma-separated, checked, unset means the defaults', () => {
  const config = loadConfig({
    MicrosoftAppId: 'app',
    TEAMS_SERVICE_URLS: ' https://smba.trafficmanager.net/ , https://*.botframework.com/ ,',
    ALLOWED_SLACK_TEAMS: 'T1, T2',
    ALLOWED_TEAMS_TENANTS: '72f988bf-0000',
  });
  expect(config.teams?.serviceUrls).toEqual(['https://smba.trafficmanager.net/', 'https://*.botframework.com/']);
  expect(config.access).toEqual({ slackTeams: ['T1', 'T2'], teamsTenants: ['72f988bf-0000'] });
  const defaults = loadConfig({ MicrosoftAppId: 'app', ALLOWED_SLACK_TEAMS: ' ' });
  expect(defaults.teams?.serviceUrls).toBeUndefined();
  expect(defaults.access).toEqual({});
  expect(refusal({ TEAMS_SERVICE_URLS: 'https://smba.trafficmanager.net/,ftp://internal.example/' })).toMatch(
    /^TEAMS_SERVICE_URLS: entry 2 is not an http\(s\) URL prefix/,
  );
  expect(refusal({ TEAMS_SERVICE_URLS: 'https://user:secret-pw@h.example/' })).not.toContain('secret-pw');
});

test('unauthenticated on loopback: the start warns that /api/messages is unauthenticated; only listed service URLs are answered', async () => {
  const fake = await startFakeBotConnector();
  const hits: string[] = [];
  const internal = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.end('{}');
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  const internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/`;
  let logs = '';
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        logs += String(chunk);
        done();
      },
    }),
  );
  try {
    dir = mkdtempSync(join(tmpdir(), 'iip-wiring-'));
    const config = loadConfig({
      TEAMS_ALLOW_UNAUTHENTICATED: '1',
      HOST: '127.0.0.1',
      PORT: '0',
      STATE_FILE: join(dir, 'state.json'),
      TEAMS_SERVICE_URLS: fake.url,
    });
    bot = await startBot({ config, logger });
    const warning = logs.split('\n').find((line) => line.includes('UNAUTHENTICATED'));
    expect(warning && JSON.parse(warning)).toMatchObject({ level: 'warn' });

    const messages = `${bot.httpUrl}/api/messages`;
    expect((await sendActivity(messages, personalMessage('help', { serviceUrl: internalUrl }))).status).toBe(403);
    expect((await sendActivity(messages, personalMessage('help', { serviceUrl: 'https://smba.trafficmanager.net/amer/' }))).status).toBe(403);
    expect((await sendActivity(messages, personalMessage('help', { serviceUrl: fake.url }))).status).toBe(200);
    await waitFor(() => fake.callsTo('send').length > 0, 'the help sent to the listed service URL');
    expect(hits).toEqual([]);
    expect(logs).toContain('Teams request refused: its channel or serviceUrl does not vouch for its tenant and user');
  } finally {
    await bot?.stop(1000);
    bot = undefined;
    await fake.close();
    await new Promise((resolve) => internal.close(resolve));
  }
});
