/**
 * The whole bot as Teams sees it: `startBot` with the Teams adapter (botbuilder's CloudAdapter on a local port),
 * the router and handlers, the real platform client against the simulator, a real lowdb state file, and the
 * fake Bot Connector recording what the bot shows. Mentions and card clicks are sent as Teams sends them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBot, type RunningBot } from '../../../src/bot.js';
import { loadConfig } from '../../../src/config.js';
import { createTeamsAdapter, type TeamsAdapterOptions } from '../../../src/adapters/teams/index.js';
import { createHttpServer, type HttpServer } from '../../../src/http/server.js';
import { silentLogger } from '../../../src/log.js';
import { startSimulator } from '../../../src/platform/simulator/index.js';
import type { RunningSimulator, SimulatorOptions } from '../../../src/platform/simulator/types.js';
import { startFakeBotConnector, type FakeActivity, type FakeBotConnector, type FakeBotConnectorOptions } from '../../helpers/fake-bot-connector.js';
import {
  CHANNEL,
  USER,
  activityId,
  cardSubmit,
  channelMention,
  groupChatMention,
  personalMessage,
  sendActivity,
  type SentActivity,
} from '../../helpers/teams-activities.js';

type Json = Record<string, unknown>;

export interface CardButton {
  title: string;
  data: Json;
}

/**
 * Every button of a card, in order: each Action.Submit, and each button that asks first (an Action.ShowCard
 * holding the question and its one submit) under its own title with that submit's data, as the user's two
 * clicks (the button, then the question's yes) send it.
 */
export function buttonsOf(activity: FakeActivity | undefined): CardButton[] {
  const buttons: CardButton[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const node = value as Json;
      if (node.type === 'Action.Submit') buttons.push({ title: String(node.title), data: node.data as Json });
      if (node.type === 'Action.ShowCard') {
        const yes = ((node.card as Json | undefined)?.actions as Json[] | undefined)?.find((a) => a.type === 'Action.Submit');
        if (yes) buttons.push({ title: String(node.title), data: yes.data as Json });
        return;
      }
      Object.values(node).forEach(visit);
    }
  };
  visit(activity?.attachments);
  return buttons;
}

export const cardJson = (activity: FakeActivity | undefined): string => JSON.stringify(activity?.attachments ?? []);

export interface TeamsBotHarness {
  bot: RunningBot;
  sim: RunningSimulator;
  fake: FakeBotConnector;
  messagesUrl: string;
  /** Stops the bot and starts another over the same state file, simulator and fake connector (a new port). */
  restart(): Promise<void>;
  /** A new channel post mentioning the bot; returns its id (the root of the reply chain the bot answers in). */
  mention(text: string): Promise<{ root: string; sent: SentActivity }>;
  /** A new channel post mentioning the bot, by another user. */
  sendAs(user: { id: string; name: string; aadObjectId?: string }, text: string): Promise<{ root: string; sent: SentActivity }>;
  /** A message in the user's 1:1 chat with the bot (no mention). */
  personal(text: string): Promise<SentActivity>;
  /** A group-chat message mentioning the bot. */
  group(text: string): Promise<SentActivity>;
  /** The bot's messages in the reply chain of `root`, in order. */
  replies(root: string): FakeActivity[];
  /** Clicks a card's button as drawn (its data plus the card inputs given). */
  click(
    root: string,
    card: FakeActivity,
    button: CardButton,
    inputs?: Json,
    user?: { id: string; name: string; aadObjectId?: string },
  ): Promise<SentActivity>;
  close(): Promise<void>;
}

export interface TeamsBotOptions {
  simulator?: SimulatorOptions;
  env?: Record<string, string>;
  /** more adapter options (admin ids, ...) */
  adapter?: Partial<TeamsAdapterOptions>;
  /** the fake Bot Connector's options (Teams' per-conversation limits, ...) */
  connector?: FakeBotConnectorOptions;
  /**
   * the bot's default service URL leads nowhere (as Teams' global endpoint would for a fake): the bot reaches the
   * fake connector only through the service URL activities named, or what it kept of them
   */
  noDefaultServiceUrl?: boolean;
  /**
   * the bot creates the Teams adapter itself from its config (TEAMS_*), on its own HTTP server beside the file
   * shelf that PUBLIC_URL opens, as a deployment does (`adapter` options do not apply then); otherwise the adapter
   * is an extra one on a server of its own
   */
  configured?: boolean;
}

/** A local port nothing listens on. */
const NOWHERE = 'http://127.0.0.1:9/';

export async function startTeamsBot(options: TeamsBotOptions = {}): Promise<TeamsBotHarness> {
  const sim = await startSimulator(options.simulator);
  const fake = await startFakeBotConnector(options.connector);
  const stateDir = mkdtempSync(join(tmpdir(), 'iip-teams-'));
  const config = loadConfig({
    IIP_API_KEY: 'sk-teams-e2e-key',
    IIP_BASE_URL: sim.url,
    STATE_FILE: join(stateDir, 'state.json'),
    RELAY_MIN_EDIT_INTERVAL_MS: '40',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    ...options.env,
  });
  let server: HttpServer;
  let bot: RunningBot;
  let messagesUrl = '';
  async function start(): Promise<void> {
    server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
    const adapterOptions: TeamsAdapterOptions = {
      server,
      logger: silentLogger,
      allowUnauthenticated: true,
      ...(options.noDefaultServiceUrl ? { serviceUrl: NOWHERE, serviceUrls: [fake.url] } : { serviceUrl: fake.url }),
      ...options.adapter,
    };
    if (options.configured) {
      // the fake's service URL rides along (no variable names it): bot.ts spreads config.teams into the adapter
      const service = options.noDefaultServiceUrl ? { serviceUrl: NOWHERE, serviceUrls: [fake.url] } : { serviceUrl: fake.url };
      const teams = { appType: 'MultiTenant', allowUnauthenticated: true, ...service };
      bot = await startBot({ config: { ...config, teams }, logger: silentLogger });
      messagesUrl = `${bot.httpUrl}/api/messages`;
      return;
    }
    bot = await startBot({
      config,
      logger: silentLogger,
      extraAdapters: (verbs, kept) => [createTeamsAdapter({ ...adapterOptions, verbs, keep: kept })],
    });
    messagesUrl = `${(await server.listen()).url}/api/messages`;
  }
  await start();
  return {
    get bot() {
      return bot;
    },
    sim,
    fake,
    get messagesUrl() {
      return messagesUrl;
    },
    async restart() {
      await bot.stop();
      await server.close();
      await start();
    },
    async mention(text) {
      const root = activityId();
      const sent = await sendActivity(messagesUrl, channelMention(text, { serviceUrl: fake.url, id: root }));
      return { root, sent };
    },
    async sendAs(user, text) {
      const root = activityId();
      const sent = await sendActivity(messagesUrl, channelMention(text, { serviceUrl: fake.url, id: root, user }));
      return { root, sent };
    },
    personal: (text) => sendActivity(messagesUrl, personalMessage(text, { serviceUrl: fake.url })),
    group: (text) => sendActivity(messagesUrl, groupChatMention(text, { serviceUrl: fake.url })),
    replies: (root) => fake.replyChain(CHANNEL, root),
    click: (root, card, button, inputs = {}, user = USER) =>
      sendActivity(
        messagesUrl,
        cardSubmit(
          { ...button.data, ...inputs },
          {
            serviceUrl: fake.url,
            place: 'channel',
            root,
            replyToId: card.id,
            user,
          },
        ),
      ),
    async close() {
      await bot.stop();
      await server.close();
      await fake.close();
      await sim.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
