/**
 * botbuilder's Bot Framework authentication, configured from MicrosoftAppId / MicrosoftAppPassword /
 * MicrosoftAppType / MicrosoftAppTenantId: incoming requests are checked by botbuilder's own JWT validation
 * (issuer, audience = app id, signing key from the OpenID metadata's JWKS and its endorsements, service URL
 * claim); outgoing calls get the bot's token from the login endpoint.
 *
 * `TeamsAuthEndpoints` points the same validation at other endpoints (a sovereign cloud, or local fakes in
 * tests). Public-cloud defaults fill whatever is not given, because botbuilder takes such a configuration
 * as complete.
 */
import { CallerIdConstants, ConfigurationBotFrameworkAuthentication } from 'botbuilder';
import { createClientSecretCredentialsFactory } from './token-client.js';

export interface TeamsAuthEndpoints {
  /** OpenID metadata whose JWKS signs tokens from the channel; default Bot Framework's */
  openIdMetadataUrl?: string;
  /** issuer of tokens from the channel; default `https://api.botframework.com` */
  tokenIssuer?: string;
  /**
   * Base of the login endpoint for the bot's own tokens (`<loginUrl>/<tenant>/oauth2/v2.0/token`); when set,
   * a small client-credentials client gets them instead of MSAL (see ./token-client.ts)
   */
  loginUrl?: string;
  /** scope of the bot's own tokens; default `https://api.botframework.com` */
  oAuthScope?: string;
}

export interface TeamsCredentials {
  appId?: string;
  appPassword?: string;
  /** MultiTenant (default), SingleTenant or UserAssignedMSI */
  appType?: string;
  tenantId?: string;
  endpoints?: TeamsAuthEndpoints;
}

export const PUBLIC_CLOUD = {
  loginUrl: 'https://login.microsoftonline.com',
  defaultTenant: 'botframework.com',
  oAuthScope: 'https://api.botframework.com',
  tokenIssuer: 'https://api.botframework.com',
  oAuthUrl: 'https://api.botframework.com',
  openIdMetadataUrl: 'https://login.botframework.com/v1/.well-known/openidconfiguration',
  emulatorOpenIdMetadataUrl: 'https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration',
} as const;

/** The login tenant: the app's own for single-tenant apps, Bot Framework's otherwise. */
const loginTenant = (credentials: TeamsCredentials): string =>
  credentials.appType === 'SingleTenant' && credentials.tenantId ? credentials.tenantId : PUBLIC_CLOUD.defaultTenant;

export function createBotAuthentication(credentials: TeamsCredentials): ConfigurationBotFrameworkAuthentication {
  const base = {
    MicrosoftAppId: credentials.appId ?? '',
    MicrosoftAppPassword: credentials.appPassword ?? '',
    MicrosoftAppType: credentials.appType ?? 'MultiTenant',
    MicrosoftAppTenantId: credentials.tenantId ?? '',
  };
  const endpoints = credentials.endpoints;
  if (!endpoints || Object.values(endpoints).every((value) => value === undefined)) {
    return new ConfigurationBotFrameworkAuthentication(base);
  }
  const loginUrl = `${(endpoints.loginUrl ?? PUBLIC_CLOUD.loginUrl).replace(/\/+$/, '')}/${loginTenant(credentials)}`;
  const factory =
    endpoints.loginUrl && credentials.appId ? createClientSecretCredentialsFactory(credentials.appId, credentials.appPassword ?? '') : undefined;
  return new ConfigurationBotFrameworkAuthentication(
    {
      ...base,
      ToChannelFromBotLoginUrl: loginUrl,
      ToChannelFromBotOAuthScope: endpoints.oAuthScope ?? PUBLIC_CLOUD.oAuthScope,
      ToBotFromChannelTokenIssuer: endpoints.tokenIssuer ?? PUBLIC_CLOUD.tokenIssuer,
      OAuthUrl: PUBLIC_CLOUD.oAuthUrl,
      ToBotFromChannelOpenIdMetadataUrl: endpoints.openIdMetadataUrl ?? PUBLIC_CLOUD.openIdMetadataUrl,
      ToBotFromEmulatorOpenIdMetadataUrl: PUBLIC_CLOUD.emulatorOpenIdMetadataUrl,
      CallerId: CallerIdConstants.PublicAzureChannel,
      ValidateAuthority: true,
    },
    factory,
  );
}

/** Whether a failure of botbuilder's request authentication means "not authorized" (401) rather than a fault. */
export function isAuthFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { statusCode, name } = error as { statusCode?: unknown; name?: unknown };
  return statusCode === 401 || name === 'JsonWebTokenError' || name === 'TokenExpiredError' || name === 'NotBeforeError';
}
