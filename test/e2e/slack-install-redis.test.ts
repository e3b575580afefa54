/**
 * Issue 13, installations in the shared store: with REDIS_URL, a workspace installed through one replica is
 * answered by another with its token (sealed in Redis, never in clear), and its uninstall on one replica is seen
 * by the other.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, expect, test } from 'vitest';
import { waitFor } from '../helpers/slack-bot-harness.js';
import { startInstallBot, type InstallBot } from './slack-install-bot.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `iip-test:install:${randomUUID()}:`;
const admin = new Redis(REDIS_URL);

let h: InstallBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});
afterAll(async () => {
  const keys = await admin.keys(`${PREFIX}*`);
  if (keys.length > 0) await admin.del(...keys);
  await admin.quit();
});

test('a workspace installed through one replica is answered by another, and uninstalled for both', async () => {
  h = await startInstallBot({ REDIS_URL, REDIS_KEY_PREFIX: PREFIX });
  h.slack.oauth.addWorkspace({ teamId: 'TR', channels: ['CR1'] });
  expect((await h.install('TR')).status).toBe(200);
  const sealed = await admin.get(`${PREFIX}setting:install:slack:team:TR`);
  expect(sealed).toMatch(/^v1\./);
  expect(sealed).not.toContain('xox');

  const other = await h.startReplica();
  expect((await h.commandTo(other, 'TR', 'CR1', 'ask What is a replica?')).status).toBe(200);
  await waitFor(() => {
    const parent = h?.slack.channelMessages('CR1')[0];
    return parent && h?.slack.threadMessages('CR1', parent.ts).some((m) => JSON.stringify(m.blocks).includes('tokens'));
  }, 'the answer through the other replica');
  expect(h.slack.calls.filter((c) => c.args.channel === 'CR1').every((c) => c.authorized && c.teamId === 'TR')).toBe(true);

  expect(await admin.keys(`${PREFIX}thread:slack:TR:*`)).toHaveLength(1);
  h.slack.oauth.uninstall('TR');
  expect((await h.event('TR', { type: 'app_uninstalled' }, 'EvUninstallR')).status).toBe(200);
  expect(await admin.get(`${PREFIX}setting:install:slack:team:TR`)).toBeNull();
  expect(await admin.keys(`${PREFIX}thread:slack:TR:*`)).toEqual([]);
  const before = h.slack.calls.length;
  expect((await h.commandTo(other, 'TR', 'CR1', 'ask Still there?')).status).toBe(200);
  expect(h.slack.calls.slice(before).filter((c) => c.args.channel === 'CR1')).toHaveLength(0);
});
