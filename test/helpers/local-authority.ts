/**
 * A local Bot Framework authority for tests, on its own HTTP port: the OpenID metadata
 * (`/v1/.well-known/openidconfiguration`) and its JWKS (`/keys`, an RSA key from node:crypto, endorsed, as the
 * Bot Framework's are, for Teams, Web Chat and Direct Line) the bot validates channel tokens against, and the login endpoint
 * (`/<tenant>/oauth2/v2.0/token`, OAuth2 client credentials) that gives the bot its own tokens, as
 * login.microsoftonline.com does. `channelToken` signs an activity's token as the Bot Connector does: this
 * authority's issuer, the bot's app id as audience, the `serviceurl` claim. Records every call.
 */
import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signJwt } from './teams-activities.js';

export interface AuthorityCall {
  path: string;
  method: string;
  /** a token request's form, the secret replaced by whether it was right */
  form?: Record<string, string | boolean>;
}

export interface LocalAuthority {
  /** base URL, ending without `/` */
  url: string;
  issuer: string;
  openIdMetadataUrl: string;
  /** the login URL of a tenant, as ToChannelFromBotLoginUrl takes it */
  loginUrl(tenant: string): string;
  calls: AuthorityCall[];
  /** whether this authority's login endpoint issued the token (the bearer the bot sends out) */
  issued(token: string): boolean;
  channelToken(
    claims: { audience: string; serviceUrl: string; issuer?: string; expiresInS?: number },
    signer?: { key: KeyObject; keyId: string },
  ): string;
  close(): Promise<void>;
}

let keys: { privateKey: KeyObject; publicKey: KeyObject } | undefined;

export async function startLocalAuthority(options: { appId: string; appPassword: string; tenant?: string }): Promise<LocalAuthority> {
  keys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { privateKey, publicKey } = keys;
  const keyId = `local-authority-${randomUUID().slice(0, 8)}`;
  const calls: AuthorityCall[] = [];
  const tokens = new Set<string>();
  let base = '';
  const issuer = `https://issuer.local-authority.test/${randomUUID().slice(0, 8)}`;

  async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
    if (req.method === 'POST' && token) {
      void formOf(req).then((form) => {
        const { client_secret: secret, ...rest } = form;
        calls.push({ path, method: 'POST', form: { ...rest, client_secret_ok: secret === options.appPassword } });
        const tenantOk = options.tenant === undefined || token[1] === options.tenant;
        if (form.grant_type !== 'client_credentials' || form.client_id !== options.appId || secret !== options.appPassword || !tenantOk)
          return json(401, { error: 'invalid_client' });
        const issuedToken = `local-authority-token-${randomUUID()}`;
        tokens.add(issuedToken);
        json(200, { token_type: 'Bearer', expires_in: 3600, access_token: issuedToken });
      });
      return;
    }
    calls.push({ path, method: req.method ?? 'GET' });
    if (path === '/v1/.well-known/openidconfiguration')
      return json(200, { issuer, jwks_uri: `${base}/keys`, id_token_signing_alg_values_supported: ['RS256'] });
    if (path === '/keys')
      return json(200, {
        keys: [{ ...publicKey.export({ format: 'jwk' }), kid: keyId, use: 'sig', endorsements: ['msteams', 'webchat', 'directline'] }],
      });
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    issuer,
    openIdMetadataUrl: `${base}/v1/.well-known/openidconfiguration`,
    loginUrl: (tenant) => `${base}/${tenant}`,
    calls,
    issued: (candidate) => tokens.has(candidate),
    channelToken(claims, signer = { key: privateKey, keyId }) {
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        iss: claims.issuer ?? issuer,
        aud: claims.audience,
        serviceurl: claims.serviceUrl,
        nbf: now - 60,
        iat: now - 60,
        exp: now + (claims.expiresInS ?? 3600),
      };
      return signJwt(payload, signer.key, signer.keyId);
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
