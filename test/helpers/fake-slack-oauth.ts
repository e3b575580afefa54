/**
 * Slack's OAuth v2 side for the fake Web API: the authorize page (`approve`: what a workspace admin's click on
 * "Allow" sends the browser to), `oauth.v2.access` (code exchange, and `grant_type=refresh_token` when the app
 * turned token rotation on), and a registry of the bot tokens it issued: `auth.test` answers per token (team,
 * enterprise, bot user), a call with an unknown, revoked or expired token is refused as Slack refuses it
 * (`invalid_auth`, `token_revoked`, `token_expired`), and a token never reaches another workspace's channels
 * (`channel_not_found`). Inactive (every xoxb- token passes) until a workspace is added.
 */

type Json = Record<string, unknown>;

export interface FakeWorkspace {
  teamId: string;
  /** Enterprise Grid org the workspace belongs to */
  enterpriseId?: string;
  /** installed org-wide: the token serves every workspace of `enterpriseId` */
  orgWide?: boolean;
  botUserId?: string;
  botId?: string;
  /** channels of this workspace (a token of another workspace gets `channel_not_found` there) */
  channels?: string[];
}

interface IssuedToken {
  teamId?: string;
  enterpriseId?: string;
  botUserId: string;
  botId: string;
  expiresAt?: number;
  revoked: boolean;
}

export type TokenVerdict = { ok: true; teamId?: string } | { ok: false; error: string };

export interface FakeOAuthOptions {
  clientId?: string;
  clientSecret?: string;
  /** the redirect URL configured for the app (Slack sends the browser there with `code` and `state`) */
  redirectUrl?: string;
}

export class FakeSlackOAuth {
  readonly clientId: string;
  readonly clientSecret: string;
  redirectUrl: string | undefined;
  /** access tokens expire after this many seconds when rotation is on (Slack: 12 hours) */
  rotation: { expiresInSeconds: number } | undefined;
  readonly #workspaces = new Map<string, FakeWorkspace>();
  readonly #codes = new Map<string, { workspace: FakeWorkspace; scope: string; expiresAt: number }>();
  readonly #tokens = new Map<string, IssuedToken>();
  readonly #refreshTokens = new Map<string, string>();
  readonly #channelTeam = new Map<string, string>();
  #sequence = 0;

  constructor(
    private readonly authorizeUrl: () => string,
    options: FakeOAuthOptions = {},
  ) {
    this.clientId = options.clientId ?? '1111.2222';
    this.clientSecret = options.clientSecret ?? 'fake-client-secret-9c1e';
    this.redirectUrl = options.redirectUrl;
  }

  get active(): boolean {
    return this.#workspaces.size > 0;
  }

  addWorkspace(workspace: FakeWorkspace): void {
    this.#workspaces.set(workspace.teamId, workspace);
    for (const channel of workspace.channels ?? []) this.#channelTeam.set(channel, workspace.teamId);
  }

  /**
   * A workspace admin allows the app on the page `authorizeUrl` (the bot's "Add to Slack" link): returns where
   * Slack sends the browser, the app's redirect URL with a one-time `code` (10 minutes) and the `state` unchanged.
   */
  approve(authorizeUrl: string, teamId: string): string {
    const url = new URL(authorizeUrl);
    if (url.origin + url.pathname !== this.authorizeUrl()) throw new Error(`not Slack's authorize page: ${url.origin}${url.pathname}`);
    if (url.searchParams.get('client_id') !== this.clientId) throw new Error('unknown client_id');
    const workspace = this.#workspaces.get(teamId);
    if (!workspace) throw new Error(`no workspace ${teamId}`);
    const redirect = new URL(url.searchParams.get('redirect_uri') ?? this.redirectUrl ?? '');
    const code = `code-${teamId}-${++this.#sequence}`;
    this.#codes.set(code, { workspace, scope: url.searchParams.get('scope') ?? '', expiresAt: Date.now() + 600_000 });
    redirect.searchParams.set('code', code);
    const state = url.searchParams.get('state');
    if (state !== null) redirect.searchParams.set('state', state);
    return redirect.toString();
  }

  /** What a token may do: undefined for a token this registry did not issue while it is inactive. */
  check(token: string | undefined): TokenVerdict | undefined {
    if (!this.active) return undefined;
    const issued = token ? this.#tokens.get(token) : undefined;
    if (!issued) return { ok: false, error: token ? 'invalid_auth' : 'not_authed' };
    if (issued.revoked) return { ok: false, error: 'token_revoked' };
    if (issued.expiresAt !== undefined && Date.now() >= issued.expiresAt) return { ok: false, error: 'token_expired' };
    return { ok: true, teamId: issued.teamId };
  }

  /** `channel_not_found` when `channel` belongs to a workspace the token does not serve. */
  channelProblem(token: string | undefined, channel: string): string | undefined {
    const owner = this.#channelTeam.get(channel);
    const issued = token ? this.#tokens.get(token) : undefined;
    if (owner === undefined || issued === undefined) return undefined;
    if (issued.teamId === owner) return undefined;
    const orgOfOwner = this.#workspaces.get(owner)?.enterpriseId;
    return issued.teamId === undefined && orgOfOwner !== undefined && orgOfOwner === issued.enterpriseId ? undefined : 'channel_not_found';
  }

  /** The workspace a channel belongs to, if one declared it. */
  teamOfChannel(channel: string): string | undefined {
    return this.#channelTeam.get(channel);
  }

  /** Uninstalling (or revoking) kills every token issued to the workspace (or org). */
  uninstall(teamOrEnterpriseId: string): void {
    for (const issued of this.#tokens.values())
      if (issued.teamId === teamOrEnterpriseId || (!issued.teamId && issued.enterpriseId === teamOrEnterpriseId)) issued.revoked = true;
  }

  /** Makes every token issued so far expire now (time passing, for rotation). */
  expireTokens(): void {
    for (const issued of this.#tokens.values()) if (issued.expiresAt !== undefined) issued.expiresAt = Date.now();
  }

  authTest(token: string | undefined): Json {
    const issued = token ? this.#tokens.get(token) : undefined;
    return {
      url: `https://${issued?.teamId ?? issued?.enterpriseId ?? 'fake'}.slack.test/`,
      team: `Team ${issued?.teamId ?? issued?.enterpriseId}`,
      user: 'iip',
      team_id: issued?.teamId ?? '',
      user_id: issued?.botUserId,
      bot_id: issued?.botId,
      ...(issued?.enterpriseId ? { enterprise_id: issued.enterpriseId } : {}),
      is_enterprise_install: issued !== undefined && issued.teamId === undefined,
    };
  }

  /** `oauth.v2.access`: the app authenticates with its client id and secret (form fields or HTTP Basic). */
  access(args: Json, basicAuth: string | undefined): { ok: true; body: Json } | { ok: false; error: string } {
    const [basicId, basicSecret] = basicAuth ? Buffer.from(basicAuth, 'base64').toString('utf8').split(':') : [];
    const clientId = String(args.client_id ?? basicId ?? '');
    const clientSecret = String(args.client_secret ?? basicSecret ?? '');
    if (clientId !== this.clientId) return { ok: false, error: 'invalid_client_id' };
    if (clientSecret !== this.clientSecret) return { ok: false, error: 'bad_client_secret' };
    if (args.grant_type === 'refresh_token') return this.#refresh(String(args.refresh_token ?? ''));
    const grant = this.#codes.get(String(args.code ?? ''));
    this.#codes.delete(String(args.code ?? ''));
    if (!grant || grant.expiresAt < Date.now()) return { ok: false, error: 'invalid_code' };
    const { workspace } = grant;
    const orgWide = workspace.orgWide === true;
    const issued: IssuedToken = {
      ...(orgWide ? {} : { teamId: workspace.teamId }),
      ...(workspace.enterpriseId ? { enterpriseId: workspace.enterpriseId } : {}),
      botUserId: workspace.botUserId ?? `UBOT${workspace.teamId}`,
      botId: workspace.botId ?? `BBOT${workspace.teamId}`,
      revoked: false,
    };
    return {
      ok: true,
      body: {
        ...this.#issue(issued),
        token_type: 'bot',
        scope: grant.scope,
        bot_user_id: issued.botUserId,
        app_id: 'AFAKEAPP',
        team: orgWide ? null : { id: workspace.teamId, name: `Team ${workspace.teamId}` },
        enterprise: workspace.enterpriseId ? { id: workspace.enterpriseId, name: `Org ${workspace.enterpriseId}` } : null,
        is_enterprise_install: orgWide,
        authed_user: { id: 'UINSTALLER' },
      },
    };
  }

  #refresh(refreshToken: string): { ok: true; body: Json } | { ok: false; error: string } {
    const old = this.#refreshTokens.get(refreshToken);
    const issued = old ? this.#tokens.get(old) : undefined;
    // a refresh token works once: the new pair replaces it
    this.#refreshTokens.delete(refreshToken);
    if (!issued || issued.revoked) return { ok: false, error: 'invalid_refresh_token' };
    return { ok: true, body: { ...this.#issue({ ...issued }), token_type: 'bot' } };
  }

  #issue(issued: IssuedToken): Json {
    const n = ++this.#sequence;
    const owner = issued.teamId ?? issued.enterpriseId ?? 'X';
    if (!this.rotation) {
      const token = `xoxb-${owner}-${n}-fake`;
      this.#tokens.set(token, issued);
      return { access_token: token };
    }
    const token = `xoxe.xoxb-1-${owner}-${n}-fake`;
    const refreshToken = `xoxe-1-${owner}-${n}-refresh`;
    this.#tokens.set(token, { ...issued, expiresAt: Date.now() + this.rotation.expiresInSeconds * 1000 });
    this.#refreshTokens.set(refreshToken, token);
    return { access_token: token, refresh_token: refreshToken, expires_in: this.rotation.expiresInSeconds };
  }
}
