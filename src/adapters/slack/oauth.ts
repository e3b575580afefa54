/**
 * Multi-workspace mode on Bolt's own OAuth support (@slack/oauth's InstallProvider inside Bolt's HTTPReceiver):
 * `/slack/install` serves the "Add to Slack" page, `/slack/oauth_redirect` checks the state parameter (signed with
 * SLACK_STATE_SECRET and bound to the browser by a cookie), exchanges the code with `oauth.v2.access` and stores
 * the installation; Bolt's authorize then finds each request's token in it (refreshing a rotating token that
 * expires within two hours). Installations live in the vault (sealed, in the state store) under `team:<T>`, or
 * `org:<E>` for an Enterprise Grid org-wide install, whose workspaces are learned from their events (`org-of:<T>`).
 */
import { readFileSync } from 'node:fs';
import type { HTTPReceiver, Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import type { InstallationVault } from '../../core/installations.js';
import type { Logger } from '../../log.js';

export const SLACK_INSTALL_PATH = '/slack/install';
export const SLACK_OAUTH_REDIRECT_PATH = '/slack/oauth_redirect';

/**
 * The bot scopes an install asks for: manifest.json's (beside src/ and dist/), so the app's settings and the
 * install link never differ; test/adapters/slack/manifest.test.ts checks they are exactly the ones the code uses.
 */
export function manifestBotScopes(manifestUrl = new URL('../../../manifest.json', import.meta.url)): string[] {
  const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as { oauth_config?: { scopes?: { bot?: unknown } } };
  const scopes = manifest.oauth_config?.scopes?.bot;
  if (!Array.isArray(scopes) || scopes.length === 0 || !scopes.every((s) => typeof s === 'string')) {
    throw new Error(`${manifestUrl.pathname} names no bot scopes (oauth_config.scopes.bot)`);
  }
  return scopes as string[];
}

export interface SlackOAuthOptions {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
  /** where installations are kept, sealed */
  vault: InstallationVault;
}

type Installer = NonNullable<HTTPReceiver['installer']>;
type Query = InstallationQuery<boolean>;

const nameOf = (query: { teamId?: string; enterpriseId?: string; isEnterpriseInstall?: boolean }): string => {
  if (query.isEnterpriseInstall && query.enterpriseId) return `org:${query.enterpriseId}`;
  if (query.teamId) return `team:${query.teamId}`;
  throw new Error('an installation query names neither a team nor an org-wide install');
};

export class VaultInstallationStore implements InstallationStore {
  /** workspace -> the org whose org-wide install covers it, as learned from its events */
  readonly #orgOf = new Map<string, string>();

  constructor(
    private readonly vault: InstallationVault,
    private readonly logger: Logger,
  ) {}

  async storeInstallation<V extends 'v1' | 'v2'>(installation: Installation<V, boolean>): Promise<void> {
    const teamId = installation.team?.id;
    const enterpriseId = installation.enterprise?.id;
    await this.vault.put(nameOf({ teamId, enterpriseId, isEnterpriseInstall: installation.isEnterpriseInstall }), JSON.stringify(installation));
    const rotating = installation.bot?.refreshToken !== undefined;
    this.logger.info({ teamId, enterpriseId, orgWide: Boolean(installation.isEnterpriseInstall), rotating }, 'Slack installation stored');
  }

  async fetchInstallation(query: Query): Promise<Installation<'v1' | 'v2', boolean>> {
    if (query.isEnterpriseInstall && query.enterpriseId && query.teamId) await this.#learnOrg(query.teamId, query.enterpriseId);
    const text = await this.vault.get(nameOf(query));
    if (text === undefined) throw new Error(`no installation for ${nameOf(query)}`);
    return JSON.parse(text) as Installation<'v1' | 'v2', boolean>;
  }

  async deleteInstallation(query: Query): Promise<void> {
    await this.vault.delete(nameOf(query));
    if (query.teamId) {
      this.#orgOf.delete(query.teamId);
      await this.vault.delete(`org-of:${query.teamId}`);
    }
    this.logger.info({ teamId: query.teamId, enterpriseId: query.enterpriseId }, 'Slack installation removed');
  }

  /** The org whose org-wide install covers `team`, if the bot has had an event from it. */
  async orgOf(team: string): Promise<string | undefined> {
    const known = this.#orgOf.get(team);
    if (known !== undefined) return known;
    const stored = await this.vault.get(`org-of:${team}`);
    if (stored !== undefined) this.#orgOf.set(team, stored);
    return stored;
  }

  /** The workspaces this bot has seen under an org-wide install of `enterpriseId`. */
  workspacesOf(enterpriseId: string): string[] {
    return [...this.#orgOf].filter(([, org]) => org === enterpriseId).map(([team]) => team);
  }

  async #learnOrg(team: string, enterpriseId: string): Promise<void> {
    if (this.#orgOf.get(team) === enterpriseId) return;
    this.#orgOf.set(team, enterpriseId);
    await this.vault.put(`org-of:${team}`, enterpriseId);
  }
}

/**
 * Runs Bolt's authorize one at a time per installation: with token rotation a refresh token works once, so two
 * concurrent refreshes would leave one caller with the token just replaced; the second now reads the first's
 * result. (Across replicas the loser keeps its older token, which Slack accepts until it expires.)
 */
export function serializeAuthorize(installer: Installer): void {
  const authorize = installer.authorize.bind(installer);
  const queues = new Map<string, Promise<unknown>>();
  installer.authorize = (source) => {
    const key = source.isEnterpriseInstall && source.enterpriseId ? `org:${source.enterpriseId}` : `team:${source.teamId ?? ''}`;
    const result = (queues.get(key) ?? Promise.resolve()).then(
      () => authorize(source),
      () => authorize(source),
    );
    const settled = result.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return result;
  };
}

/** The bot token for a workspace, through Bolt's authorize (so a rotating token is refreshed first). */
export function installedTokenFor(installer: Installer, store: VaultInstallationStore): (team: string) => Promise<string> {
  return async (team) => {
    const enterpriseId = await store.orgOf(team);
    const source = enterpriseId
      ? { teamId: team, enterpriseId, isEnterpriseInstall: true }
      : { teamId: team, enterpriseId: undefined, isEnterpriseInstall: false };
    const { botToken } = await installer.authorize(source);
    if (!botToken) throw new Error(`the installation in ${team} has no bot token`);
    return botToken;
  };
}

/** Slack's authorize page beside its Web API (slack.com/api/ -> slack.com/oauth/v2/authorize; GovSlack, tests alike). */
export const authorizationUrlOf = (apiUrl: string | undefined): string =>
  new URL('../oauth/v2/authorize', apiUrl ?? 'https://slack.com/api/').toString();
