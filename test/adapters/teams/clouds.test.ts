/**
 * The Bot Framework settings a deployment resolves to, from the environment as an operator writes it: each
 * Microsoft cloud (TEAMS_CLOUD), each app type (MicrosoftAppType with MicrosoftAppTenantId), and botbuilder's
 * own variables by name, which win over the cloud's. The values are Microsoft's (botframework-connector's
 * AuthenticationConstants and GovernmentConstants, the US Government and 21Vianet deployment articles).
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';

const TENANT = '11111111-2222-3333-4444-555555555555';
const APP = { MicrosoftAppId: '00000000-0000-0000-0000-00000000c10d', MicrosoftAppPassword: 'cloud-test-secret' };

const resolved = (env: Record<string, string>) => loadConfig({ ...APP, ...env }).teams?.botFramework;
const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

const US_GOV_COMMON = {
  ToChannelFromBotLoginUrl: 'https://login.microsoftonline.us/MicrosoftServices.onmicrosoft.us',
  ToChannelFromBotOAuthScope: 'https://api.botframework.us',
  ToBotFromChannelTokenIssuer: 'https://api.botframework.us',
  ToBotFromChannelOpenIdMetadataUrl: 'https://login.botframework.azure.us/v1/.well-known/openidconfiguration',
  ToBotFromEmulatorOpenIdMetadataUrl: 'https://login.microsoftonline.us/cab8a31a-1906-4287-a0d8-4eef66b95f6e/v2.0/.well-known/openid-configuration',
  CallerId: 'urn:botframework:azureusgov',
  ValidateAuthority: true,
};

const PUBLIC = {
  ToChannelFromBotLoginUrl: 'https://login.microsoftonline.com/botframework.com',
  ToChannelFromBotOAuthScope: 'https://api.botframework.com',
  ToBotFromChannelTokenIssuer: 'https://api.botframework.com',
  ToBotFromChannelOpenIdMetadataUrl: 'https://login.botframework.com/v1/.well-known/openidconfiguration',
  ToBotFromEmulatorOpenIdMetadataUrl: 'https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration',
  OAuthUrl: 'https://api.botframework.com',
  CallerId: 'urn:botframework:azure',
  ValidateAuthority: true,
};

describe('Teams clouds: the settings each resolves to (multi-tenant app)', () => {
  it('public, the default', () => {
    expect(resolved({})).toEqual(PUBLIC);
    expect(resolved({ TEAMS_CLOUD: 'public' })).toEqual(PUBLIC);
  });

  it("GCC: the public Bot Framework (the Azure Bot lives in Azure's commercial cloud)", () => {
    expect(resolved({ TEAMS_CLOUD: 'gcc' })).toEqual(PUBLIC);
  });

  it('GCC High: Azure Government, its token service', () => {
    expect(resolved({ TEAMS_CLOUD: 'gcc-high' })).toEqual({ ...US_GOV_COMMON, OAuthUrl: 'https://tokengcch.botframework.azure.us/' });
  });

  it("DoD: Azure Government, DoD's token service", () => {
    expect(resolved({ TEAMS_CLOUD: 'DoD' })).toEqual({ ...US_GOV_COMMON, OAuthUrl: 'https://apiDoD.botframework.azure.us' });
  });

  it('China, operated by 21Vianet', () => {
    expect(resolved({ TEAMS_CLOUD: 'china' })).toEqual({
      ToChannelFromBotLoginUrl: 'https://login.partner.microsoftonline.cn/microsoftservices.partner.onmschina.cn',
      ToChannelFromBotOAuthScope: 'https://api.botframework.azure.cn',
      ToBotFromChannelTokenIssuer: 'https://api.botframework.azure.cn',
      ToBotFromChannelOpenIdMetadataUrl: 'https://login.botframework.azure.cn/v1/.well-known/openidconfiguration',
      ToBotFromEmulatorOpenIdMetadataUrl:
        'https://login.partner.microsoftonline.cn/a55a4d5b-9241-49b1-b4ff-befa8db00269/v2.0/.well-known/openid-configuration',
      OAuthUrl: 'https://token.botframework.azure.cn/',
      CallerId: '',
      ValidateAuthority: true,
    });
  });

  it('refuses a cloud it does not know, naming the ones it does', () => {
    expect(problems({ ...APP, TEAMS_CLOUD: 'azure-germany' })).toEqual(['TEAMS_CLOUD: must be one of public, gcc, gcc-high, dod, china']);
  });
});

describe('Teams app types: what each needs', () => {
  it("single-tenant: the login URL is the app's own tenant, in every cloud; the tenant id is required", () => {
    const single = { MicrosoftAppType: 'SingleTenant', MicrosoftAppTenantId: TENANT };
    expect(resolved(single)?.ToChannelFromBotLoginUrl).toBe(`https://login.microsoftonline.com/${TENANT}`);
    expect(resolved({ ...single, TEAMS_CLOUD: 'gcc-high' })?.ToChannelFromBotLoginUrl).toBe(`https://login.microsoftonline.us/${TENANT}`);
    expect(resolved({ ...single, TEAMS_CLOUD: 'china' })?.ToChannelFromBotLoginUrl).toBe(`https://login.partner.microsoftonline.cn/${TENANT}`);
    expect(loadConfig({ ...APP, ...single }).teams).toMatchObject({ appType: 'SingleTenant', tenantId: TENANT });
    expect(problems({ ...APP, MicrosoftAppType: 'SingleTenant' })).toEqual([
      "MicrosoftAppTenantId: required with MicrosoftAppType=SingleTenant (the tenant of the bot's app registration)",
    ]);
  });

  it("multi-tenant: the Bot Framework's tenant, whatever tenant id is set", () => {
    expect(resolved({ MicrosoftAppType: 'MultiTenant', MicrosoftAppTenantId: TENANT })?.ToChannelFromBotLoginUrl).toBe(
      'https://login.microsoftonline.com/botframework.com',
    );
    expect(loadConfig({ ...APP }).teams).toMatchObject({ appType: 'MultiTenant', appPassword: APP.MicrosoftAppPassword });
  });

  it("user-assigned managed identity: the identity's client id and tenant, no secret", () => {
    const msi = { MicrosoftAppId: APP.MicrosoftAppId, MicrosoftAppType: 'UserAssignedMSI', MicrosoftAppTenantId: TENANT };
    const teams = loadConfig(msi).teams;
    expect(teams).toMatchObject({ appId: APP.MicrosoftAppId, appType: 'UserAssignedMSI', tenantId: TENANT });
    expect(teams?.appPassword).toBeUndefined();
    expect(teams?.botFramework?.ToChannelFromBotLoginUrl).toBe(`https://login.microsoftonline.com/${TENANT}`);
    expect(problems({ ...msi, MicrosoftAppTenantId: '', MicrosoftAppPassword: 'a-secret-value' })).toEqual([
      "MicrosoftAppTenantId: required with MicrosoftAppType=UserAssignedMSI (the managed identity's tenant)",
      'MicrosoftAppPassword: leave it unset with MicrosoftAppType=UserAssignedMSI (the managed identity needs no secret)',
    ]);
    expect(problems({ ...msi, MicrosoftAppPassword: 'a-secret-value' }).join('\n')).not.toContain('a-secret-value');
  });
});

describe("botbuilder's own variables", () => {
  it("each replaces the cloud's value, with botbuilder's meaning (the login URL whole, tenant included)", () => {
    const own = {
      ToChannelFromBotLoginUrl: 'https://login.example.org/contoso.example',
      ToChannelFromBotOAuthScope: 'https://api.bots.example.org',
      ToBotFromChannelTokenIssuer: 'https://issuer.bots.example.org',
      ToBotFromChannelOpenIdMetadataUrl: 'https://login.bots.example.org/v1/.well-known/openidconfiguration',
      ToBotFromEmulatorOpenIdMetadataUrl: 'https://login.example.org/common/v2.0/.well-known/openid-configuration',
      OAuthUrl: 'https://token.bots.example.org/',
      CallerId: 'urn:botframework:example',
    };
    expect(resolved({ TEAMS_CLOUD: 'gcc-high', ...own, ValidateAuthority: 'false' })).toEqual({ ...own, ValidateAuthority: false });
    // one setting by name: the rest stay the cloud's
    expect(resolved({ TEAMS_CLOUD: 'dod', ToChannelFromBotLoginUrl: `https://login.microsoftonline.us/${TENANT}` })).toEqual({
      ...US_GOV_COMMON,
      ToChannelFromBotLoginUrl: `https://login.microsoftonline.us/${TENANT}`,
      OAuthUrl: 'https://apiDoD.botframework.azure.us',
    });
  });

  it('Web Chat for one tenant, and the privacy and terms files, reach the Teams config the adapter is made from', () => {
    expect(loadConfig({ ...APP }).teams?.webChatTenant).toBeUndefined();
    expect(loadConfig({ ...APP, TEAMS_WEBCHAT_TENANT: ` ${TENANT} ` }).teams).toMatchObject({ webChatTenant: TENANT });
    expect(loadConfig({ ...APP, TEAMS_PRIVACY_FILE: '/etc/iip/privacy.html', TEAMS_TERMS_FILE: '/etc/iip/terms.txt' }).teams).toMatchObject({
      privacyFile: '/etc/iip/privacy.html',
      termsFile: '/etc/iip/terms.txt',
    });
  });

  it('refuses endpoints that are not https (http only on loopback) and a ValidateAuthority that is not true or false', () => {
    expect(resolved({ ToChannelFromBotLoginUrl: 'http://127.0.0.1:4010/login/botframework.com' })?.ToChannelFromBotLoginUrl).toBe(
      'http://127.0.0.1:4010/login/botframework.com',
    );
    expect(
      problems({
        ...APP,
        ToChannelFromBotLoginUrl: 'http://login.example.org/tenant',
        ToBotFromChannelOpenIdMetadataUrl: 'not a url',
        OAuthUrl: 'https://user:pw@token.example.org/',
        ValidateAuthority: 'yes',
      }),
    ).toEqual([
      'ToChannelFromBotLoginUrl: must be an https URL (http only on 127.0.0.1, localhost or [::1]), without user or fragment',
      'ToBotFromChannelOpenIdMetadataUrl: must be an https URL (http only on 127.0.0.1, localhost or [::1]), without user or fragment',
      'OAuthUrl: must be an https URL (http only on 127.0.0.1, localhost or [::1]), without user or fragment',
      'ValidateAuthority: must be true or false',
    ]);
  });
});
