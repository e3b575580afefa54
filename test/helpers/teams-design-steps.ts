/**
 * The whole bot as Teams sees it, authenticated: an app id and password, botbuilder checking every activity's
 * channel token (signed by the fake Bot Connector's key), the bot's own token from the fake's login endpoint;
 * plus the messages that share an image the way Teams sends them (an `image/*` attachment beside the HTML copy
 * of the message, or the HTML copy alone naming hosted content). Without `appId`, the unauthenticated local mode
 * (no token at all).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBot, type RunningBot } from '../../src/bot.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { TeamsAdapterOptions } from '../../src/adapters/teams/adapter.js';
import { silentLogger } from '../../src/log.js';
import { lineDrawingDataUrl } from '../../src/platform/simulator/content/png.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import type { RunningSimulator } from '../../src/platform/simulator/types.js';
import { startFakeBotConnector, type FakeActivity, type FakeBotConnector } from './fake-bot-connector.js';
import {
  CHANNEL,
  activityId,
  channelMention,
  channelToken,
  groupChatMention,
  personalMessage,
  sendActivity,
  type SentActivity,
} from './teams-activities.js';

type Json = Record<string, unknown>;

/** A real PNG (the simulator's own line drawing), standing in for a product photo. */
export const PRODUCT_PNG = Buffer.from(lineDrawingDataUrl().split(',')[1] as string, 'base64');
export const PUBLIC_URL = 'https://iip-bot.example.test';
const APP_ID = '00000000-0000-0000-0000-00000000b0d1';
const APP_PASSWORD = 'design-bot-password~NotForLogs';

export interface TeamsDesignBot {
  bot: RunningBot;
  sim: RunningSimulator;
  fake: FakeBotConnector;
  /** A channel message mentioning the bot (a new post, or with `root` a reply in that chain), with attachments. */
  mention(text: string, attachments?: Json[], root?: string): Promise<{ root: string; sent: SentActivity }>;
  /** A message in the user's 1:1 chat with the bot (no mention), with attachments. */
  personal(text: string, attachments?: Json[]): Promise<SentActivity>;
  /** A group-chat message mentioning the bot, with attachments. */
  group(text: string, attachments?: Json[]): Promise<SentActivity>;
  replies(root: string): FakeActivity[];
  /** Any activity, signed as the channel signs it (an invoke of the message action, say). */
  send(activity: Json): Promise<SentActivity>;
  close(): Promise<void>;
}

export async function startTeamsDesignBot(options: { appId?: boolean } = {}): Promise<TeamsDesignBot> {
  const authenticated = options.appId ?? true;
  const sim = await startSimulator();
  // sends need no valid token here: a test can revoke tokens and see that only file downloads refuse the bot
  const fake = await startFakeBotConnector(authenticated ? { appId: APP_ID, appPassword: APP_PASSWORD } : {});
  const stateDir = mkdtempSync(join(tmpdir(), 'iip-teams-design-'));
  const loaded = loadConfig({
    IIP_API_KEY: 'sk-teams-design-key',
    IIP_BASE_URL: sim.url,
    STATE_FILE: join(stateDir, 'state.json'),
    PUBLIC_URL,
    RELAY_MIN_EDIT_INTERVAL_MS: '40',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  // the bot's own Teams adapter, on its own HTTP server beside the upload links, pointed at the fake's endpoints
  // (extra adapter options the environment cannot name: the fake's login and OpenID metadata, its service URL)
  const teams = {
    appType: 'MultiTenant',
    allowUnauthenticated: !authenticated,
    serviceUrl: fake.url,
    ...(authenticated
      ? {
          appId: APP_ID,
          appPassword: APP_PASSWORD,
          botFramework: { ToChannelFromBotLoginUrl: `${fake.loginUrl}/botframework.com`, ToBotFromChannelOpenIdMetadataUrl: fake.openIdMetadataUrl },
        }
      : {}),
  } satisfies Partial<TeamsAdapterOptions> & NonNullable<Config['teams']>;
  const bot = await startBot({ config: { ...loaded, teams }, logger: silentLogger });
  const messagesUrl = `${bot.httpUrl}/api/messages`;
  const token = () => (authenticated ? channelToken(fake, { audience: APP_ID, serviceUrl: fake.url }) : undefined);
  return {
    bot,
    sim,
    fake,
    async mention(text, attachments = [], root) {
      const id = activityId();
      const activity = { ...channelMention(text, { serviceUrl: fake.url, id, ...(root ? { root } : {}) }), attachments };
      const sent = await sendActivity(messagesUrl, activity, token());
      return { root: root ?? id, sent };
    },
    personal: (text, attachments = []) =>
      sendActivity(messagesUrl, { ...personalMessage(text, { serviceUrl: fake.url, id: activityId() }), attachments }, token()),
    group: (text, attachments = []) =>
      sendActivity(messagesUrl, { ...groupChatMention(text, { serviceUrl: fake.url, id: activityId() }), attachments }, token()),
    replies: (root) => fake.replyChain(CHANNEL, root),
    send: (activity) => sendActivity(messagesUrl, activity, token()),
    async close() {
      await bot.stop();
      await fake.close();
      await sim.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** An image attached to (or pasted into) a message, as Teams delivers it: the image attachment and the HTML copy. */
export function imageAttachments(fake: FakeBotConnector, text: string, data = PRODUCT_PNG): Json[] {
  const { contentUrl, hostedUrl } = fake.addAttachment(data, 'image/png');
  return [
    { contentType: 'image/png', contentUrl, name: 'earbuds.png' },
    { contentType: 'text/html', content: `<p><at>iip</at> ${text}</p><p><img src="${hostedUrl}" alt="image" itemid="0-wus-d1"></p>` },
  ];
}

/** An image pasted inline where only the HTML copy names it (hosted content, `…/$value`). */
export function pastedHtmlOnly(fake: FakeBotConnector, text: string, data = PRODUCT_PNG): Json[] {
  const { hostedUrl } = fake.addAttachment(data, 'image/png');
  return [{ contentType: 'text/html', content: `<div><at>iip</at> ${text}<img src="${hostedUrl}" width="250" height="250"></div>` }];
}
