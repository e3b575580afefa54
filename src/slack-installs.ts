/**
 * The Slack adapter's settings with what multi-workspace mode needs from the rest of the bot: the installations'
 * vault (sealed with IIP_SECRET in the state store) and forgetting a workspace that uninstalled the app.
 */
import type { Config } from './config.js';
import type { StateStore } from './core/state.js';
import type { SlackAdapterOptions } from './adapters/slack/index.js';
import type { Logger } from './log.js';
import type { Keyring } from './security/keyring.js';
import { SealedInstallationVault } from './security/installation-vault.js';
import { SecretBox } from './security/secret-box.js';

export function slackInstalls(config: Config, state: StateStore, keyring: Keyring, logger: Logger): Omit<SlackAdapterOptions, 'logger'> {
  const slack = config.slack;
  if (!slack) throw new Error('Slack is not configured');
  const { oauth, ...rest } = slack;
  return {
    ...rest,
    ...(oauth && config.secret
      ? { oauth: { ...oauth, vault: new SealedInstallationVault(state, new SecretBox(config.secret), 'slack', logger) } }
      : {}),
    async onWorkspaceGone(team) {
      const threads = await state.forgetWorkspace('slack', team);
      await keyring.removeKey('slack', team);
      logger.info({ chat: 'slack', workspaceId: team, threads }, 'workspace forgotten: its threads and API key are deleted');
    },
  };
}
