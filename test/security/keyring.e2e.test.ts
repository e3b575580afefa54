/**
 * The keyring: keys kept apart per chat (a Slack team and a Teams tenant with one id), keys stored before
 * they were scoped still used by their Slack team, and a key removed or replaced on one replica seen by the
 * others at their very next call (two keyrings, each with its own connection to one real Redis).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { StateStore } from '../../src/core/state.js';
import { silentLogger } from '../../src/log.js';
import { PlatformClient } from '../../src/platform/client.js';
import { simulatorKeyId, startSimulator } from '../../src/platform/simulator/index.js';
import type { RunningSimulator } from '../../src/platform/simulator/types.js';
import { Keyring } from '../../src/security/keyring.js';
import { SecretBox } from '../../src/security/secret-box.js';
import { MemoryStateStore, RedisStateStore } from '../../src/state/index.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `iip-test:keyring:${randomUUID()}:`;
const SECRET = 'keyring-test-secret-0123';
const BOT_KEY = 'sk-bot-default-key-0001';
const TEAM_KEY = 'sk-team-own-key-7777';
const NEXT_KEY = 'sk-team-next-key-8888';

let sim: RunningSimulator;
const open: Array<{ close(): Promise<void> }> = [];
beforeAll(async () => {
  sim = await startSimulator();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});
afterAll(async () => {
  await sim.close();
  const admin = new Redis(REDIS_URL);
  const keys = await admin.keys(`${PREFIX}*`);
  if (keys.length > 0) await admin.del(...keys);
  await admin.quit();
});

/** A replica's keyring: its own state store (connection) and platform client. */
function keyringOn(state: StateStore): Keyring {
  const client = new PlatformClient({ baseUrl: sim.url, apiKey: BOT_KEY, logger: silentLogger });
  open.push(client);
  return new Keyring(state, new SecretBox(SECRET), client, silentLogger);
}

/** One platform call as a workspace makes it; returns the id of the key the platform saw. */
async function keyUsed(keyring: Keyring, chat: 'slack' | 'teams', workspaceId: string): Promise<string | undefined> {
  const before = sim.requests.length;
  // a read that creates nothing (the key check's probe); its "not found" answer does not matter here
  await keyring
    .platformFor(chat, workspaceId)
    .call('AI34-3', { report_id: 'keyring-probe' })
    .catch(() => undefined);
  return sim.requests.slice(before).find((r) => r.operation === 'AI34-3')?.keyId;
}

test('a key removed or replaced on one replica is seen by another at its very next call (one Redis)', async () => {
  const prefix = `${PREFIX}${randomUUID()}:`;
  const [storeA, storeB] = await Promise.all([
    RedisStateStore.connect(REDIS_URL, { keyPrefix: prefix }),
    RedisStateStore.connect(REDIS_URL, { keyPrefix: prefix }),
  ]);
  open.push(storeA, storeB);
  const a = keyringOn(storeA);
  const b = keyringOn(storeB);

  expect(await keyUsed(b, 'slack', 'T1')).toBe(simulatorKeyId(BOT_KEY));
  await a.setKey('slack', 'T1', TEAM_KEY);
  expect(await keyUsed(b, 'slack', 'T1')).toBe(simulatorKeyId(TEAM_KEY));
  expect(await keyUsed(b, 'slack', 'T1')).toBe(simulatorKeyId(TEAM_KEY));

  await a.setKey('slack', 'T1', NEXT_KEY);
  expect(await keyUsed(b, 'slack', 'T1')).toBe(simulatorKeyId(NEXT_KEY));
  expect(await b.describe('slack', 'T1')).toBe('sk-…8888');

  await a.removeKey('slack', 'T1');
  expect(await keyUsed(b, 'slack', 'T1')).toBe(simulatorKeyId(BOT_KEY));
  expect(await b.describe('slack', 'T1')).toBeUndefined();
});

test("keys are kept apart per chat: a Teams tenant named like a Slack team never gets the team's key", async () => {
  const keyring = keyringOn(new MemoryStateStore());
  await keyring.setKey('slack', 'T1', TEAM_KEY);
  expect(await keyUsed(keyring, 'slack', 'T1')).toBe(simulatorKeyId(TEAM_KEY));
  expect(await keyUsed(keyring, 'teams', 'T1')).toBe(simulatorKeyId(BOT_KEY));
  expect(await keyring.describe('teams', 'T1')).toBeUndefined();

  await keyring.setKey('teams', 'T1', NEXT_KEY);
  expect(await keyUsed(keyring, 'teams', 'T1')).toBe(simulatorKeyId(NEXT_KEY));
  expect(await keyUsed(keyring, 'slack', 'T1')).toBe(simulatorKeyId(TEAM_KEY));
  await keyring.removeKey('teams', 'T1');
  expect(await keyUsed(keyring, 'slack', 'T1')).toBe(simulatorKeyId(TEAM_KEY));
});

test("a key sealed before keys were scoped (`apikey:T1`, always a Slack admin's) still serves that Slack team only", async () => {
  const state = new MemoryStateStore();
  await state.putSetting('apikey:T1', new SecretBox(SECRET).seal(TEAM_KEY, 'apikey:T1'));
  const keyring = keyringOn(state);
  expect(await keyUsed(keyring, 'slack', 'T1')).toBe(simulatorKeyId(TEAM_KEY));
  expect(await keyUsed(keyring, 'teams', 'T1')).toBe(simulatorKeyId(BOT_KEY));
  await keyring.removeKey('slack', 'T1');
  expect(await state.getSetting('apikey:T1')).toBeUndefined();
  expect(await keyUsed(keyring, 'slack', 'T1')).toBe(simulatorKeyId(BOT_KEY));
});

test("a value moved to another chat's setting does not open there (the setting is its associated data)", async () => {
  const state = new MemoryStateStore();
  const keyring = keyringOn(state);
  await keyring.setKey('slack', 'T1', TEAM_KEY);
  await state.putSetting('apikey:teams:T1', await state.getSetting('apikey:T1'));
  expect(await keyUsed(keyring, 'teams', 'T1')).toBe(simulatorKeyId(BOT_KEY));
});
