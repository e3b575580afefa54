/**
 * `key`: through the whole bot in the terminal (the console's user administers its own workspace), against
 * the simulator with a revoked key, and a real lowdb state file that must never hold a key in clear.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, expect, test } from 'vitest';
import { createConsoleAdapter } from '../../src/adapters/console/index.js';
import { startBot, type RunningBot } from '../../src/bot.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import { simulatorKeyId, startSimulator } from '../../src/platform/simulator/index.js';
import type { RunningSimulator } from '../../src/platform/simulator/types.js';
import { waitFor } from '../helpers/slack-bot-harness.js';

const BOT_KEY = 'sk-bot-default-0001';
const TEAM_KEY = 'sk-team-own-key-7777';
const REVOKED_KEY = 'sk-revoked-key-9999';
const SECRET = 'iip-secret-for-tests-123';

let bot: RunningBot | undefined;
let sim: RunningSimulator | undefined;
let dir: string | undefined;
afterEach(async () => {
  await bot?.stop(1000);
  await sim?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  bot = sim = dir = undefined;
});

async function startTerminalBot(env: Record<string, string>) {
  sim = await startSimulator({ revokedKeys: [REVOKED_KEY] });
  dir = mkdtempSync(join(tmpdir(), 'iip-key-'));
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  const config = loadConfig({ IIP_API_KEY: BOT_KEY, IIP_BASE_URL: sim.url, STATE_FILE: join(dir, 'state.json'), LOG_LEVEL: 'silent', ...env });
  bot = await startBot({
    config,
    logger: silentLogger,
    extraAdapters: (verbs) => [createConsoleAdapter({ input, output, interactive: false, color: false, verbs, user: { id: 'u1', name: 'Ada' } })],
  });
  const type = (line: string) => input.write(`${line}\n`);
  return { type, printed: () => printed };
}

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('an admin sets the workspace key; it is checked, used for every call, and stored only sealed', async () => {
  const term = await startTerminalBot({ IIP_SECRET: SECRET });
  term.type('key status');
  await waitFor(() => term.printed().includes("bot's default key"), 'the default-key status');

  term.type('key');
  await waitFor(() => term.printed().includes('API key for this workspace'), 'the form');
  term.type(REVOKED_KEY);
  await waitFor(() => term.printed().includes('The platform rejected the key sk-…9999. Nothing was changed.'), 'the refusal');

  term.type('key');
  await waitFor(() => term.printed().split('Answer each field').length === 3, 'the form again');
  term.type('not a key');
  await waitFor(() => term.printed().includes('That is not a platform API key'), 'the shape check');

  term.type('key');
  await waitFor(() => term.printed().split('Answer each field').length === 4, 'the form a third time').catch((e) => {
    throw new Error(`${(e as Error).message}\n${term.printed()}`);
  });
  term.type(TEAM_KEY);
  await waitFor(() => term.printed().includes('Saved. Every call from this workspace now uses sk-…7777.'), 'the saved note');

  term.type('ask What is a continuation-in-part?');
  // piped output prints a message once it is final, at the next line typed: wait on the platform instead
  await waitFor(() => sim!.requests.some((r) => r.operation === 'AI07'), 'the question to reach the platform');
  const asked = sim!.requests.filter((r) => r.operation === 'AI07');
  expect(asked.map((r) => r.keyId)).toEqual([simulatorKeyId(TEAM_KEY)]);

  term.type('key status');
  await waitFor(() => term.printed().includes('its own key sk-…7777'), 'the masked status');
  expect(term.printed()).not.toContain(TEAM_KEY);

  await bot!.stop(1000);
  for (const file of filesUnder(dir!)) {
    const content = readFileSync(file, 'utf8');
    expect(content, file).not.toContain(TEAM_KEY);
    expect(content, file).not.toContain(REVOKED_KEY);
    expect(content, file).not.toContain(BOT_KEY);
  }
});

test('key remove goes back to the default key; without IIP_SECRET the feature says it is off', async () => {
  const term = await startTerminalBot({});
  term.type('key');
  await waitFor(() => term.printed().includes('Workspace keys are off'), 'the off note');
  term.type('ask What is a divisional application?');
  await waitFor(() => sim!.requests.some((r) => r.operation === 'AI07'), 'the question to reach the platform');
  expect(sim!.requests.filter((r) => r.operation === 'AI07').map((r) => r.keyId)).toEqual([simulatorKeyId(BOT_KEY)]);
});
