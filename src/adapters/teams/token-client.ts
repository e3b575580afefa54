/**
 * The bot's own access token from an OAuth2 client-credentials endpoint (`<login url>/oauth2/v2.0/token`),
 * plugged into botbuilder as its `ServiceClientCredentialsFactory` extension point.
 *
 * Used only for a login URL (`ToChannelFromBotLoginUrl`, the tenant included) off Microsoft's login hosts:
 * botbuilder's default, MSAL, accepts only https authorities and asks login.microsoftonline.com about any
 * authority it does not know, so it cannot be pointed at a private or local endpoint. Tokens are cached until five minutes before they expire; one request at a
 * time per endpoint and scope. The secret never leaves the token request.
 */
import type { ConfigurationBotFrameworkAuthentication } from 'botbuilder';

export type CredentialsFactory = NonNullable<ConstructorParameters<typeof ConfigurationBotFrameworkAuthentication>[1]>;
type Credentials = Awaited<ReturnType<CredentialsFactory['createCredentials']>>;

const REFRESH_MARGIN_MS = 5 * 60_000;
const TOKEN_TIMEOUT_MS = 15_000;

interface CachedToken {
  token: Promise<string>;
  expiresAt: number;
}

export function createClientSecretCredentialsFactory(appId: string, password: string): CredentialsFactory {
  const cache = new Map<string, CachedToken>();

  async function requestToken(loginEndpoint: string, scope: string): Promise<{ token: string; expiresInS: number }> {
    const response = await fetch(`${loginEndpoint.replace(/\/+$/, '')}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: appId,
        client_secret: password,
        scope: scope.endsWith('/.default') ? scope : `${scope}/.default`,
      }),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
    if (!response.ok || typeof body.access_token !== 'string') {
      const code = typeof body.error === 'string' ? ` (${body.error.slice(0, 80)})` : '';
      throw new Error(`the login endpoint refused the bot's token request: HTTP ${response.status}${code}`);
    }
    return { token: body.access_token, expiresInS: Number(body.expires_in) || 3600 };
  }

  function tokenFor(loginEndpoint: string, scope: string): Promise<string> {
    const key = `${loginEndpoint} ${scope}`;
    const cached = cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const entry: CachedToken = { token: Promise.resolve(''), expiresAt: Number.POSITIVE_INFINITY };
    entry.token = requestToken(loginEndpoint, scope).then(
      ({ token, expiresInS }) => {
        entry.expiresAt = Date.now() + expiresInS * 1000 - REFRESH_MARGIN_MS;
        return token;
      },
      (error: unknown) => {
        cache.delete(key);
        throw error;
      },
    );
    cache.set(key, entry);
    return entry.token;
  }

  return {
    isValidAppId: async (id: string) => id === appId,
    isAuthenticationDisabled: async () => appId.length === 0,
    async createCredentials(id: string, audience: string | undefined, loginEndpoint: string): Promise<Credentials> {
      if (id !== appId) throw new Error('Invalid appId.');
      const scope = audience ?? 'https://api.botframework.com';
      return {
        async signRequest(webResource) {
          webResource.headers.set('authorization', `Bearer ${await tokenFor(loginEndpoint, scope)}`);
          return webResource;
        },
      };
    },
  };
}
