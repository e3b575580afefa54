/**
 * Issue 26: the whole bot with REAL Bot Framework authentication, configured from the environment as an
 * operator configures it (MicrosoftAppId / MicrosoftAppPassword, a single-tenant app, and botbuilder's own
 * endpoint variables) against a local authority (OpenID metadata, JWKS, login endpoint; ../helpers/local-authority.ts).
 * Activities the authority signs as the Bot Connector does are answered, and every call the bot makes to the
 * fake Bot Connector carries a token from the authority's login endpoint; forged, expired, wrong-audience and
 * wrong-issuer tokens are refused with 401 and do nothing. A Web Chat activity, genuinely signed, that forges
 * another tenant and an admin's Azure AD id gets neither past ALLOWED_TEAMS_TENANTS nor into `key` (issue 25).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBot, type RunningBot } from '../../src/bot.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import type { RunningSimulator } from '../../src/platform/simulator/types.js';
import { startFakeBotConnector, type FakeBotConnector } from '../helpers/fake-bot-connector.js';
import { startLocalAuthority, type LocalAuthority } from '../helpers/local-authority.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { CHANNEL, TENANT, activityId, channelMention, forgedKey, personalMessage } from '../helpers/teams-activities.js';

const APP_ID = '3f2b1c4d-0000-4000-8000-0000000a0711';
const APP_PASSWORD = 'local-authority-app-secret~Q7';
const APP_TENANT = '9a8b7c6d-1111-4222-8333-444455556666';
const SCOPE = 'https://api.local-authority.test';
const BOT = { id: `28:${APP_ID}`, name: 'iip' };
const ADMIN = { id: '29:1user-ada', name: 'Ada Admin', aadObjectId: '00000000-0000-0000-0000-0000000000ad' };
const OTHER_TENANT = '72f988bf-0000-4c1b-9a3d-0000000other';

let sim: RunningSimulator;
let fake: FakeBotConnector;
let authority: LocalAuthority;
let bot: RunningBot;
let dir: string;

beforeAll(async () => {
  authority = await startLocalAuthority({ appId: APP_ID, appPassword: APP_PASSWORD, tenant: APP_TENANT });
  fake = await startFakeBotConnector({ requireToken: true, acceptsToken: (token) => authority.issued(token) });
  sim = await startSimulator();
  dir = mkdtempSync(join(tmpdir(), 'iip-teams-auth-'));
  const config = loadConfig({
    IIP_API_KEY: 'sk-teams-auth-0001',
    IIP_BASE_URL: sim.url,
    PORT: '0',
    HOST: '127.0.0.1',
    STATE_FILE: join(dir, 'state.json'),
    LOG_LEVEL: 'silent',
    MicrosoftAppId: APP_ID,
    MicrosoftAppPassword: APP_PASSWORD,
    MicrosoftAppType: 'SingleTenant',
    MicrosoftAppTenantId: APP_TENANT,
    ToChannelFromBotLoginUrl: authority.loginUrl(APP_TENANT),
    ToChannelFromBotOAuthScope: SCOPE,
    ToBotFromChannelTokenIssuer: authority.issuer,
    ToBotFromChannelOpenIdMetadataUrl: authority.openIdMetadataUrl,
    TEAMS_SERVICE_URLS: fake.url,
    ALLOWED_TEAMS_TENANTS: TENANT,
    TEAMS_ADMIN_IDS: ADMIN.aadObjectId,
    IIP_SECRET: 'a-test-secret-of-32-characters!!',
  });
  bot = await startBot({ config, logger: silentLogger });
});

afterAll(async () => {
  await fresh.close();
  await bot?.stop(1000);
  await Promise.all([sim?.close(), fake?.close(), authority?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const messagesUrl = () => `${bot.httpUrl}/api/messages`;
/** A fresh connection for every activity, as the Bot Connector's are not this test's to time: no reused keep-alive socket the bot may be closing. */
const fresh = new Agent({ pipelining: 0 });

async function sendActivity(url: string, activity: Record<string, unknown>, token?: string): Promise<{ status: number }> {
  const response = await undiciFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(activity),
    dispatcher: fresh,
  });
  await response.arrayBuffer();
  return { status: response.status };
}
const bodyOf = (root: string) => JSON.stringify(fake.replyChain(CHANNEL, root).map((m) => m.attachments));

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Teams with real Bot Framework authentication against a local authority', () => {
  it("answers a mention the authority signed; each of the bot's calls carries the token its login endpoint gave", async () => {
    const root = activityId();
    const token = authority.channelToken({ audience: APP_ID, serviceUrl: fake.url });
    const sent = await sendActivity(
      messagesUrl(),
      channelMention('ask what is a patent family', { serviceUrl: fake.url, bot: BOT, id: root }),
      token,
    );
    expect(sent.status).toBe(200);
    await until(() => fake.replyChain(CHANNEL, root).length > 0, 'the answer in the reply chain');
    expect(bodyOf(root)).toContain('TextBlock');

    const toConnector = fake.calls.filter((call) => ['create', 'send', 'reply', 'update'].includes(call.operation));
    expect(toConnector.length).toBeGreaterThan(0);
    expect(toConnector.map((call) => call.auth)).toEqual(toConnector.map(() => 'valid'));
    const tokenRequests = authority.calls.filter((call) => call.method === 'POST');
    expect(tokenRequests[0]).toEqual({
      path: `/${APP_TENANT}/oauth2/v2.0/token`,
      method: 'POST',
      form: { grant_type: 'client_credentials', client_id: APP_ID, client_secret_ok: true, scope: `${SCOPE}/.default` },
    });
    // the channel's keys come from the configured OpenID metadata
    expect(authority.calls.map((call) => call.path)).toEqual(expect.arrayContaining(['/v1/.well-known/openidconfiguration', '/keys']));
  });

  it('refuses forged, expired, wrong-audience and wrong-issuer tokens with 401; nothing is answered', async () => {
    const botbuilderLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const claims = { audience: APP_ID, serviceUrl: fake.url };
    const known = authority.channelToken(claims);
    const keyId = JSON.parse(Buffer.from(known.split('.')[0] as string, 'base64url').toString()).kid as string;
    const cases: Record<string, string | undefined> = {
      'no token': undefined,
      'a key the JWKS does not list': authority.channelToken(claims, { key: forgedKey(), keyId: 'forged-key' }),
      "the authority's key id, another key": authority.channelToken(claims, { key: forgedKey(), keyId }),
      expired: authority.channelToken({ ...claims, expiresInS: -3600 }),
      'another audience': authority.channelToken({ ...claims, audience: '00000000-0000-0000-0000-00000000beef' }),
      "the public cloud's issuer": authority.channelToken({ ...claims, issuer: 'https://api.botframework.com' }),
      'another issuer': authority.channelToken({ ...claims, issuer: 'https://evil.example' }),
    };
    const before = fake.calls.length;
    const roots: string[] = [];
    for (const [name, token] of Object.entries(cases)) {
      const root = activityId();
      roots.push(root);
      const sent = await sendActivity(messagesUrl(), channelMention('help', { serviceUrl: fake.url, bot: BOT, id: root }), token);
      expect(sent.status, name).toBe(401);
    }
    // a valid mention after them is answered: the refusals were not a bot that stopped answering
    const after = activityId();
    await sendActivity(
      messagesUrl(),
      channelMention('help', { serviceUrl: fake.url, bot: BOT, id: after }),
      authority.channelToken({ audience: APP_ID, serviceUrl: fake.url }),
    );
    await until(() => fake.replyChain(CHANNEL, after).length > 0, 'the answer to the valid mention');
    for (const root of roots) expect(fake.replyChain(CHANNEL, root)).toEqual([]);
    expect(fake.calls.slice(before).every((call) => call.auth === 'valid')).toBe(true);
    botbuilderLog.mockRestore();
  });

  it("refuses a genuinely signed Web Chat activity that forges another tenant and an admin's id: no turn, no key form, no platform call", async () => {
    const webChatUrl = 'https://webchat.botframework.com/';
    const platformCalls = sim.requests.length;
    const sentBefore = fake.calls.length;
    for (const [tenant, channelId] of [
      [OTHER_TENANT, 'webchat'],
      [TENANT, 'webchat'],
      [TENANT, 'directline'],
    ] as const) {
      const forged = {
        ...personalMessage('key', { serviceUrl: webChatUrl, bot: BOT, user: ADMIN }),
        channelId,
        conversation: { id: 'Dk3lWq0aB1cXyZ-us', tenantId: tenant },
        channelData: { tenant: { id: tenant } },
      };
      const sent = await sendActivity(messagesUrl(), forged, authority.channelToken({ audience: APP_ID, serviceUrl: webChatUrl }));
      expect(sent.status, `${channelId} as ${tenant}`).toBe(403);
    }
    expect(sim.requests.length).toBe(platformCalls);
    // nothing was sent for them: no new conversation, nothing into theirs (an earlier answer may still be updating)
    expect(fake.calls.slice(sentBefore).filter((call) => call.operation === 'create' || call.conversationId?.startsWith('Dk3lWq0aB1cXyZ'))).toEqual(
      [],
    );
  });
});
