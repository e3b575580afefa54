/**
 * `app_uninstalled` and `tokens_revoked` (bot tokens): the workspace's installation goes (OAuth mode), then what
 * the bot keeps about the workspace (`onWorkspaceGone`: threads, its API key). Bolt skips authorize for these two
 * events, so they arrive after the token is already dead. A failure rejects: the event is not acknowledged and
 * Slack sends it again, so nothing is left half forgotten.
 */
import type { App } from '@slack/bolt';
import type { Logger } from '../../log.js';
import type { VaultInstallationStore } from './oauth.js';

export type WorkspaceGone = (team: string) => Promise<void>;

interface UninstallBody {
  team_id?: string;
  enterprise_id?: string;
  authorizations?: Array<{ is_enterprise_install?: boolean }>;
  event?: { type?: string; tokens?: { bot?: string[] } };
}

export function onUninstall(app: App, store: VaultInstallationStore | undefined, onWorkspaceGone: WorkspaceGone | undefined, logger: Logger): void {
  const forget = async (body: UninstallBody, why: string): Promise<void> => {
    const teamId = body.team_id;
    const enterpriseId = body.enterprise_id;
    const isEnterpriseInstall = Boolean(body.authorizations?.[0]?.is_enterprise_install);
    // an org-wide install covers every workspace of the org the bot has had an event from
    const teams = new Set([...(teamId ? [teamId] : []), ...(isEnterpriseInstall && enterpriseId && store ? store.workspacesOf(enterpriseId) : [])]);
    if (store) {
      await store.deleteInstallation({ teamId, enterpriseId, isEnterpriseInstall });
      for (const team of teams)
        if (team !== teamId) await store.deleteInstallation({ teamId: team, enterpriseId: undefined, isEnterpriseInstall: false });
    }
    for (const team of teams) await onWorkspaceGone?.(team);
    logger.info({ teamId, enterpriseId, why, workspaces: teams.size }, 'Slack workspace removed: its installation and data are gone');
  };

  app.event('app_uninstalled', async ({ body }) => forget(body as UninstallBody, 'app_uninstalled'));
  app.event('tokens_revoked', async ({ body }) => {
    const bots = (body as UninstallBody).event?.tokens?.bot ?? [];
    if (bots.length > 0) await forget(body as UninstallBody, 'tokens_revoked');
  });
}
