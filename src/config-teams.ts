/**
 * The Teams variables beyond the app's credentials: the cloud (TEAMS_CLOUD) and botbuilder's own endpoint
 * settings by their own names, Web Chat for one tenant, and the privacy and terms pages; checked against the
 * app type (MicrosoftAppType) and resolved into the endpoints the adapter authenticates with.
 */
import { z } from 'zod';
import { type BotFrameworkEndpoints, TEAMS_CLOUDS, type TeamsCloud, resolveBotFramework } from './lib/bot-framework-clouds.js';
import { optionalText } from './config-fields.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An endpoint URL: https, or http on loopback (a local authority in tests); no user or fragment. */
const endpointUrl = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    let url: URL | undefined;
    try {
      url = new URL(v);
    } catch {
      url = undefined;
    }
    const local = url?.protocol === 'http:' && LOOPBACK.has(url.hostname);
    if (!url || (url.protocol !== 'https:' && !local) || url.username || url.password || url.hash) {
      ctx.addIssue({ code: 'custom', message: 'must be an https URL (http only on 127.0.0.1, localhost or [::1]), without user or fragment' });
      return z.NEVER;
    }
    return v;
  });

export const TEAMS_ENV_FIELDS = {
  TEAMS_CLOUD: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v, ctx): TeamsCloud => {
      if (v === undefined || v === '') return 'public';
      if ((TEAMS_CLOUDS as readonly string[]).includes(v)) return v as TeamsCloud;
      ctx.addIssue({ code: 'custom', message: `must be one of ${TEAMS_CLOUDS.join(', ')}` });
      return z.NEVER;
    }),
  ToChannelFromBotLoginUrl: endpointUrl,
  ToChannelFromBotOAuthScope: optionalText,
  ToBotFromChannelTokenIssuer: optionalText,
  ToBotFromChannelOpenIdMetadataUrl: endpointUrl,
  ToBotFromEmulatorOpenIdMetadataUrl: endpointUrl,
  OAuthUrl: endpointUrl,
  CallerId: optionalText,
  ValidateAuthority: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  TEAMS_WEBCHAT_TENANT: optionalText,
  TEAMS_PRIVACY_FILE: optionalText,
  TEAMS_TERMS_FILE: optionalText,
};

type TeamsEnv = { [K in keyof typeof TEAMS_ENV_FIELDS]?: z.infer<(typeof TEAMS_ENV_FIELDS)[K]> } & {
  TEAMS_CLOUD: TeamsCloud;
  MicrosoftAppId?: string;
  MicrosoftAppPassword?: string;
  MicrosoftAppType: string;
  MicrosoftAppTenantId?: string;
};

/** What the Teams config holds beyond the credentials. */
export interface TeamsDeployment {
  /** always set by loadConfig; a test's hand-made config may leave them out (the public cloud's then) */
  cloud?: TeamsCloud;
  /** the resolved endpoints, by botbuilder's names */
  botFramework?: Partial<BotFrameworkEndpoints>;
  /** the one tenant Web Chat and Direct Line activities belong to (TEAMS_WEBCHAT_TENANT); unset: refused */
  webChatTenant?: string;
  /** the operator's privacy statement and terms of use, served at /privacy and /terms */
  privacyFile?: string;
  termsFile?: string;
}

/** The app type's needs: its problems, one line each. */
export function teamsProblems(e: TeamsEnv): string[] {
  if (!e.MicrosoftAppId) return [];
  const problems: string[] = [];
  if (e.MicrosoftAppType === 'SingleTenant' && !e.MicrosoftAppTenantId)
    problems.push("MicrosoftAppTenantId: required with MicrosoftAppType=SingleTenant (the tenant of the bot's app registration)");
  if (e.MicrosoftAppType === 'UserAssignedMSI') {
    if (!e.MicrosoftAppTenantId)
      problems.push("MicrosoftAppTenantId: required with MicrosoftAppType=UserAssignedMSI (the managed identity's tenant)");
    if (e.MicrosoftAppPassword)
      problems.push('MicrosoftAppPassword: leave it unset with MicrosoftAppType=UserAssignedMSI (the managed identity needs no secret)');
  }
  return problems;
}

export function teamsDeployment(e: TeamsEnv): TeamsDeployment {
  const overrides: Partial<BotFrameworkEndpoints> = {
    ToChannelFromBotLoginUrl: e.ToChannelFromBotLoginUrl,
    ToChannelFromBotOAuthScope: e.ToChannelFromBotOAuthScope,
    ToBotFromChannelTokenIssuer: e.ToBotFromChannelTokenIssuer,
    ToBotFromChannelOpenIdMetadataUrl: e.ToBotFromChannelOpenIdMetadataUrl,
    ToBotFromEmulatorOpenIdMetadataUrl: e.ToBotFromEmulatorOpenIdMetadataUrl,
    OAuthUrl: e.OAuthUrl,
    CallerId: e.CallerId,
    ValidateAuthority: e.ValidateAuthority,
  };
  return {
    cloud: e.TEAMS_CLOUD,
    botFramework: resolveBotFramework({
      cloud: e.TEAMS_CLOUD,
      appType: e.MicrosoftAppType,
      ...(e.MicrosoftAppTenantId ? { tenantId: e.MicrosoftAppTenantId } : {}),
      overrides,
    }),
    ...(e.TEAMS_WEBCHAT_TENANT ? { webChatTenant: e.TEAMS_WEBCHAT_TENANT } : {}),
    ...(e.TEAMS_PRIVACY_FILE ? { privacyFile: e.TEAMS_PRIVACY_FILE } : {}),
    ...(e.TEAMS_TERMS_FILE ? { termsFile: e.TEAMS_TERMS_FILE } : {}),
  };
}
