/**
 * Issue 25 (identity): tenant and user ids are trusted only from activities that vouch for them, the `msteams`
 * channel on Teams' own service URLs. Web Chat and Direct Line clients write `channelData.tenant`,
 * `conversation.tenantId` and `from.aadObjectId` themselves: with a genuine Bot Framework token (its
 * `serviceurl` claim on Web Chat's host) such an activity is refused by default, and when the operator allows
 * Web Chat for one tenant it is taken for that tenant, whatever it names, with a user id apart from Teams' and
 * no Azure AD id, so it can neither pass for another tenant nor for an admin.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeBotConnector, type FakeBotConnector } from '../../helpers/fake-bot-connector.js';
import { TENANT, channelMention, channelToken, personalMessage, sendActivity } from '../../helpers/teams-activities.js';
import { startTeamsHarness, waitFor, type TeamsHarness } from './harness.js';

const APP_ID = '00000000-0000-0000-0000-0000000077e5';
const BOT = { id: `28:${APP_ID}`, name: 'iip' };
const ADMIN = { id: '29:1user-ada', name: 'Ada Admin', aadObjectId: '00000000-0000-0000-0000-0000000000ad' };
const OTHER_TENANT = '72f988bf-0000-4c1b-9a3d-0000000other';
const WEB_CHAT_TENANT = '72f988bf-0000-4c1b-9a3d-00000webchat';

let harness: TeamsHarness | undefined;
let webChat: FakeBotConnector | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await harness?.close();
  await webChat?.close();
  harness = webChat = undefined;
});

/** A Web Chat message as its client can write it: any tenant, any user, any Azure AD id. */
function webChatMessage(serviceUrl: string, overrides: { channelId?: string; conversation?: string } = {}): Record<string, unknown> {
  const message = personalMessage('key', { serviceUrl, bot: BOT, user: ADMIN });
  return {
    ...message,
    channelId: overrides.channelId ?? 'webchat',
    conversation: { id: overrides.conversation ?? 'Dk3lWq0aB1cXyZ-us', tenantId: OTHER_TENANT },
    channelData: { tenant: { id: OTHER_TENANT } },
  };
}

async function start(adapter: Parameters<typeof startTeamsHarness>[0] = {}): Promise<TeamsHarness> {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  harness = await startTeamsHarness({ appId: APP_ID, ...adapter });
  return harness;
}

describe('Teams: which channels vouch for tenant and user', () => {
  it('refuses Web Chat and Direct Line by default (403), with a genuine token, before any turn', async () => {
    const h = await start({ adapter: { adminIds: [ADMIN.aadObjectId] } });
    for (const serviceUrl of ['https://webchat.botframework.com/', 'https://directline.botframework.com/']) {
      for (const channelId of ['webchat', 'directline']) {
        const token = channelToken(h.fake, { audience: APP_ID, serviceUrl });
        const sent = await sendActivity(h.messagesUrl, webChatMessage(serviceUrl, { channelId }), token);
        expect(sent.status, `${channelId} at ${serviceUrl}`).toBe(403);
      }
    }
    expect(h.received).toEqual([]);
    expect(h.logs()).toContain('TEAMS_WEBCHAT_TENANT is unset');
    // the admin's id seen on Web Chat was never remembered: the admin check knows nobody
    expect(await h.adapter.isAdmin?.(OTHER_TENANT, ADMIN.id)).toBe(false);
  });

  it("refuses an msteams activity from a service URL that is not Teams', and an unknown channel", async () => {
    const h = await start();
    const webChatUrl = 'https://webchat.botframework.com/';
    const forged = { ...webChatMessage(webChatUrl), channelId: 'msteams' };
    expect((await sendActivity(h.messagesUrl, forged, channelToken(h.fake, { audience: APP_ID, serviceUrl: webChatUrl }))).status).toBe(403);
    const slackish = { ...channelMention('ask x', { serviceUrl: h.fake.url, bot: BOT }), channelId: 'slack' };
    expect((await sendActivity(h.messagesUrl, slackish, channelToken(h.fake, { audience: APP_ID, serviceUrl: h.fake.url }))).status).toBe(403);
    expect(h.received).toEqual([]);
  });

  it('Web Chat allowed for one tenant: its activity is that tenant, its user apart from Teams users and never an admin', async () => {
    webChat = await startFakeBotConnector();
    const h = await start({ adapter: { adminIds: [ADMIN.aadObjectId], webChatTenant: WEB_CHAT_TENANT, webChatServiceUrls: [webChat.url] } });
    // the real admin writes in Teams first: the bot knows their Azure AD id from Teams
    const teams = await sendActivity(
      h.messagesUrl,
      channelMention('status', { serviceUrl: h.fake.url, bot: BOT, user: ADMIN }),
      channelToken(h.fake, { audience: APP_ID, serviceUrl: h.fake.url }),
    );
    expect(teams.status).toBe(200);
    const fromTeams = await waitFor(() => h.received[0], 'the Teams message');
    expect(fromTeams).toMatchObject({ workspaceId: TENANT, user: { id: ADMIN.id } });
    expect(await h.adapter.isAdmin?.(TENANT, ADMIN.id)).toBe(true);

    // a Web Chat client claims another tenant, the admin's user id and Azure AD id
    const sent = await sendActivity(h.messagesUrl, webChatMessage(webChat.url), channelToken(h.fake, { audience: APP_ID, serviceUrl: webChat.url }));
    expect(sent.status).toBe(200);
    const fromWebChat = await waitFor(() => h.received[1], 'the Web Chat message');
    expect(fromWebChat).toMatchObject({ kind: 'command', workspaceId: WEB_CHAT_TENANT, user: { id: `webchat:${ADMIN.id}` } });
    expect(JSON.stringify(fromWebChat)).not.toContain(OTHER_TENANT);
    expect(await h.adapter.isAdmin?.(WEB_CHAT_TENANT, fromWebChat.kind === 'command' ? fromWebChat.user.id : '')).toBe(false);
    // the real admin is still an admin: nothing Web Chat sent replaced what Teams told
    expect(await h.adapter.isAdmin?.(TENANT, ADMIN.id)).toBe(true);
  });

  it("Web Chat allowed: a conversation id shaped like Teams' (19:…, a:…, ;messageid=) is refused", async () => {
    webChat = await startFakeBotConnector();
    const h = await start({ adapter: { webChatTenant: WEB_CHAT_TENANT, webChatServiceUrls: [webChat.url] } });
    const token = channelToken(h.fake, { audience: APP_ID, serviceUrl: webChat.url });
    for (const conversation of ['19:c0ffee00aa11@thread.tacv2', 'a:1personal-chat-Xyz', 'abc;messageid=1']) {
      expect((await sendActivity(h.messagesUrl, webChatMessage(webChat.url, { conversation }), token)).status, conversation).toBe(403);
    }
    expect(h.received).toEqual([]);
  });
});
