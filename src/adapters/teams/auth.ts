/**
 * botbuilder's Bot Framework authentication, configured as botbuilder configures it: MicrosoftAppId /
 * MicrosoftAppPassword / MicrosoftAppType / MicrosoftAppTenantId and the endpoint settings by their own names
 * (`ToChannelFromBotLoginUrl`, ..., resolved per cloud in ../../lib/bot-framework-clouds.ts). Incoming requests
 * are checked by botbuilder's own JWT validation (issuer, audience = app id, signing key from the OpenID
 * metadata's JWKS and its endorsements, service URL claim); outgoing calls get the bot's token from the login URL.
 *
 * Tokens come from botbuilder's own credentials (MSAL; a managed identity for UserAssignedMSI) on Microsoft's
 * login hosts; from a small client-credentials client (./token-client.ts) on any other login URL (a private
 * authority, or a local one in tests), which MSAL cannot be pointed at.
 */
import { ConfigurationBotFrameworkAuthentication } from 'botbuilder';
import { type BotFrameworkEndpoints, resolveBotFramework } from '../../lib/bot-framework-clouds.js';
import { createClientSecretCredentialsFactory } from './token-client.js';

export interface TeamsCredentials {
  appId?: string;
  appPassword?: string;
  /** MultiTenant (default), SingleTenant or UserAssignedMSI */
  appType?: string;
  tenantId?: string;
  /** the endpoints by botbuilder's names; what is not given is the public cloud's */
  botFramework?: Partial<BotFrameworkEndpoints>;
}

/** The login hosts of Microsoft's clouds, which botbuilder's MSAL credentials know. */
const MICROSOFT_LOGIN_HOSTS = new Set([
  'login.microsoftonline.com',
  'login.microsoftonline.us',
  'login.partner.microsoftonline.cn',
  'login.chinacloudapi.cn',
]);

const onMicrosoftLogin = (loginUrl: string): boolean => {
  try {
    const url = new URL(loginUrl);
    return url.protocol === 'https:' && MICROSOFT_LOGIN_HOSTS.has(url.hostname.toLowerCase());
  } catch {
    return false;
  }
};

/** Every endpoint setting, the public cloud's filling what `credentials` does not give. */
export function endpointsOf(credentials: TeamsCredentials): BotFrameworkEndpoints {
  return resolveBotFramework({
    cloud: 'public',
    appType: credentials.appType ?? 'MultiTenant',
    ...(credentials.tenantId ? { tenantId: credentials.tenantId } : {}),
    ...(credentials.botFramework ? { overrides: credentials.botFramework } : {}),
  });
}

export function createBotAuthentication(credentials: TeamsCredentials): ConfigurationBotFrameworkAuthentication {
  const endpoints = endpointsOf(credentials);
  const appType = credentials.appType ?? 'MultiTenant';
  const ownClient = credentials.appId && appType !== 'UserAssignedMSI' && !onMicrosoftLogin(endpoints.ToChannelFromBotLoginUrl);
  return new ConfigurationBotFrameworkAuthentication(
    {
      MicrosoftAppId: credentials.appId ?? '',
      MicrosoftAppPassword: credentials.appPassword ?? '',
      MicrosoftAppType: appType,
      MicrosoftAppTenantId: credentials.tenantId ?? '',
      ...endpoints,
    },
    ownClient ? createClientSecretCredentialsFactory(credentials.appId ?? '', credentials.appPassword ?? '') : undefined,
  );
}

/** Whether a failure of botbuilder's request authentication means "not authorized" (401) rather than a fault. */
export function isAuthFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { statusCode, name } = error as { statusCode?: unknown; name?: unknown };
  return statusCode === 401 || name === 'JsonWebTokenError' || name === 'TokenExpiredError' || name === 'NotBeforeError';
}
