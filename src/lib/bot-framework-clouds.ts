/**
 * The Bot Framework endpoints of each Microsoft cloud, under the names botbuilder's
 * `ConfigurationBotFrameworkAuthentication` reads, and how one deployment's settings resolve from a cloud
 * shorthand (TEAMS_CLOUD), the app type and tenant, and any setting given by name (which wins).
 *
 * Sources: botframework-connector's `AuthenticationConstants` (public) and `GovernmentConstants` (US Government),
 * Microsoft's "Configure Bot Framework bots for US Government customers" (GCC High, DoD) and "Configure a bot in
 * Microsoft Azure operated by 21Vianet" (China). GCC (moderate) tenants run their Azure Bot in Azure's commercial
 * cloud: the public values, with Teams' GCC service URL.
 */

/** botbuilder's names and meanings: `ToChannelFromBotLoginUrl` is the whole login URL, tenant included. */
export interface BotFrameworkEndpoints {
  ToChannelFromBotLoginUrl: string;
  ToChannelFromBotOAuthScope: string;
  ToBotFromChannelTokenIssuer: string;
  ToBotFromChannelOpenIdMetadataUrl: string;
  ToBotFromEmulatorOpenIdMetadataUrl: string;
  OAuthUrl: string;
  /** empty where the cloud's documentation names none */
  CallerId: string;
  ValidateAuthority: boolean;
}

export const BOT_FRAMEWORK_SETTING_NAMES = [
  'ToChannelFromBotLoginUrl',
  'ToChannelFromBotOAuthScope',
  'ToBotFromChannelTokenIssuer',
  'ToBotFromChannelOpenIdMetadataUrl',
  'ToBotFromEmulatorOpenIdMetadataUrl',
  'OAuthUrl',
  'CallerId',
  'ValidateAuthority',
] as const satisfies readonly (keyof BotFrameworkEndpoints)[];

export const TEAMS_CLOUDS = ['public', 'gcc', 'gcc-high', 'dod', 'china'] as const;
export type TeamsCloud = (typeof TEAMS_CLOUDS)[number];

interface CloudPreset extends Omit<BotFrameworkEndpoints, 'ToChannelFromBotLoginUrl'> {
  /** the login host; the tenant follows it */
  loginUrlPrefix: string;
  /** the Bot Framework's own tenant: multi-tenant bots get their token there */
  defaultTenant: string;
  /** where Teams in that cloud sends activities from (the `serviceUrl` the bot answers to) */
  teamsServiceUrls: readonly string[];
}

const PUBLIC: CloudPreset = {
  loginUrlPrefix: 'https://login.microsoftonline.com/',
  defaultTenant: 'botframework.com',
  ToChannelFromBotOAuthScope: 'https://api.botframework.com',
  ToBotFromChannelTokenIssuer: 'https://api.botframework.com',
  ToBotFromChannelOpenIdMetadataUrl: 'https://login.botframework.com/v1/.well-known/openidconfiguration',
  ToBotFromEmulatorOpenIdMetadataUrl: 'https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration',
  OAuthUrl: 'https://api.botframework.com',
  CallerId: 'urn:botframework:azure',
  ValidateAuthority: true,
  teamsServiceUrls: ['https://smba.trafficmanager.net/'],
};

const US_GOVERNMENT: Omit<CloudPreset, 'OAuthUrl' | 'teamsServiceUrls'> = {
  loginUrlPrefix: 'https://login.microsoftonline.us/',
  defaultTenant: 'MicrosoftServices.onmicrosoft.us',
  ToChannelFromBotOAuthScope: 'https://api.botframework.us',
  ToBotFromChannelTokenIssuer: 'https://api.botframework.us',
  ToBotFromChannelOpenIdMetadataUrl: 'https://login.botframework.azure.us/v1/.well-known/openidconfiguration',
  ToBotFromEmulatorOpenIdMetadataUrl: 'https://login.microsoftonline.us/cab8a31a-1906-4287-a0d8-4eef66b95f6e/v2.0/.well-known/openid-configuration',
  CallerId: 'urn:botframework:azureusgov',
  ValidateAuthority: true,
};

export const CLOUD_PRESETS: Readonly<Record<TeamsCloud, CloudPreset>> = {
  public: PUBLIC,
  gcc: { ...PUBLIC, teamsServiceUrls: ['https://smba.infra.gcc.teams.microsoft.com/'] },
  'gcc-high': {
    ...US_GOVERNMENT,
    OAuthUrl: 'https://tokengcch.botframework.azure.us/',
    teamsServiceUrls: ['https://smba.infra.gov.teams.microsoft.us/'],
  },
  dod: { ...US_GOVERNMENT, OAuthUrl: 'https://apiDoD.botframework.azure.us', teamsServiceUrls: ['https://smba.infra.dod.teams.microsoft.us/'] },
  china: {
    loginUrlPrefix: 'https://login.partner.microsoftonline.cn/',
    defaultTenant: 'microsoftservices.partner.onmschina.cn',
    ToChannelFromBotOAuthScope: 'https://api.botframework.azure.cn',
    ToBotFromChannelTokenIssuer: 'https://api.botframework.azure.cn',
    ToBotFromChannelOpenIdMetadataUrl: 'https://login.botframework.azure.cn/v1/.well-known/openidconfiguration',
    ToBotFromEmulatorOpenIdMetadataUrl:
      'https://login.partner.microsoftonline.cn/a55a4d5b-9241-49b1-b4ff-befa8db00269/v2.0/.well-known/openid-configuration',
    OAuthUrl: 'https://token.botframework.azure.cn/',
    CallerId: '',
    ValidateAuthority: true,
    // Microsoft documents no Teams service URL for 21Vianet: the operator lists it (TEAMS_SERVICE_URLS)
    teamsServiceUrls: [],
  },
};

/** The Teams service URLs of every cloud: the default list of service URLs activities may name. */
export const ALL_TEAMS_SERVICE_URLS: readonly string[] = [...new Set(Object.values(CLOUD_PRESETS).flatMap((cloud) => cloud.teamsServiceUrls))];

export interface CloudChoice {
  cloud: TeamsCloud;
  /** MultiTenant, SingleTenant or UserAssignedMSI */
  appType: string;
  tenantId?: string;
  /** settings given by name: each replaces the cloud's */
  overrides?: Partial<BotFrameworkEndpoints>;
}

/**
 * A deployment's endpoints. The login URL's tenant is the app's own for single-tenant and managed-identity apps
 * (as botbuilder does with MicrosoftAppTenantId), the cloud's Bot Framework tenant for multi-tenant ones.
 */
export function resolveBotFramework({ cloud, appType, tenantId, overrides = {} }: CloudChoice): BotFrameworkEndpoints {
  const { loginUrlPrefix, defaultTenant, teamsServiceUrls: _urls, ...preset } = CLOUD_PRESETS[cloud];
  const ownTenant = appType === 'SingleTenant' || appType === 'UserAssignedMSI';
  const tenant = ownTenant && tenantId ? tenantId : defaultTenant;
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  return { ...preset, ToChannelFromBotLoginUrl: `${loginUrlPrefix}${tenant}`, ...given };
}
