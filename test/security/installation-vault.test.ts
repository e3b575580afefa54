/**
 * The installation vault: what it keeps is sealed in the state store's settings (never in clear), opens only
 * under its own name and chat and with the same IIP_SECRET; a value that cannot be opened is absent, logged
 * without its text.
 */
import { expect, test } from 'vitest';
import { SealedInstallationVault, installationSetting } from '../../src/security/installation-vault.js';
import { SecretBox } from '../../src/security/secret-box.js';
import { MemoryStateStore } from '../../src/state/index.js';
import { capturedLogger } from '../state/helpers.js';

const SECRET = 'vault-test-secret-0123456';
const INSTALLATION = JSON.stringify({ team: { id: 'T1' }, bot: { token: 'xoxb-vault-test-token', refreshToken: 'xoxe-1-vault-refresh' } });

test('keeps an installation sealed under its name, opens it again, and deletes it', async () => {
  const state = new MemoryStateStore();
  const vault = new SealedInstallationVault(state, new SecretBox(SECRET), 'slack', capturedLogger().logger);
  await vault.put('team:T1', INSTALLATION);
  const sealed = await state.getSetting(installationSetting('slack', 'team:T1'));
  expect(sealed).toMatch(/^v1\./);
  expect(sealed).not.toContain('xox');
  expect(await vault.get('team:T1')).toBe(INSTALLATION);
  expect(await vault.get('team:T2')).toBeUndefined();
  await vault.delete('team:T1');
  expect(await vault.get('team:T1')).toBeUndefined();
  expect(await state.getSetting(installationSetting('slack', 'team:T1'))).toBeUndefined();
});

test('a value moved to another name or chat, or sealed with another IIP_SECRET, does not open and is logged without its text', async () => {
  const state = new MemoryStateStore();
  const { logger, lines } = capturedLogger();
  const vault = new SealedInstallationVault(state, new SecretBox(SECRET), 'slack', logger);
  await vault.put('team:T1', INSTALLATION);
  const sealed = (await state.getSetting(installationSetting('slack', 'team:T1'))) as string;
  await state.putSetting(installationSetting('slack', 'team:T2'), sealed);
  await state.putSetting(installationSetting('teams', 'team:T1'), sealed);
  expect(await vault.get('team:T2')).toBeUndefined();
  expect(await new SealedInstallationVault(state, new SecretBox(SECRET), 'teams', logger).get('team:T1')).toBeUndefined();
  expect(await new SealedInstallationVault(state, new SecretBox('another-secret-0123456789'), 'slack', logger).get('team:T1')).toBeUndefined();
  const logged = JSON.stringify(lines());
  expect(lines().filter((line) => String(line.msg).includes('could not be opened'))).toHaveLength(3);
  expect(logged).not.toContain('xox');
  expect(logged).not.toContain(sealed);
});
