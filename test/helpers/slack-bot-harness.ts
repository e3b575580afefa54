/**
 * The whole bot as Slack sees it: the real Bolt app on a local port (through `startBot`), the real platform
 * client talking HTTP to the simulator, a real lowdb state file, and the fake Slack Web API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { startBot, type RunningBot } from '../../src/bot.js';
import { silentLogger, type Logger } from '../../src/log.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import type { RunningSimulator, SimulatorOptions } from '../../src/platform/simulator/types.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackApiOptions, type FakeSlackMessage } from './fake-slack-api.js';
import { freshTriggerId } from './fake-slack-triggers.js';
import {
  eventCallback,
  sendEvent,
  sendInteraction,
  sendSlashCommand,
  blockActionsPayload,
  viewSubmissionPayload,
  type SendOptions,
  type SlackResponse,
} from './slack-requests.js';

export const SIGNING_SECRET = 'test-signing-secret-8f2a';
export const BOT_TOKEN = 'xoxb-test-token-5d1c';
export const API_KEY = 'sk-test-key-3b7e';

export interface HarnessOptions {
  simulator?: SimulatorOptions;
  slack?: FakeSlackApiOptions;
  env?: Record<string, string>;
  /** reuse a state directory (a restart of the bot) */
  stateDir?: string;
  /** the bot's logger (default silent) */
  logger?: Logger;
}

type Where = { channel?: string; messageTs: string; threadTs?: string; userId?: string; values?: Record<string, unknown> };

export interface SlackBotHarness {
  bot: RunningBot;
  sim: RunningSimulator;
  slack: FakeSlackApi;
  eventsUrl: string;
  stateDir: string;
  command(text: string, fields?: { user_id?: string; channel_id?: string; trigger_id?: string; response_url?: string }): Promise<SlackResponse>;
  /** sends an event callback, unless Slack would not deliver it (then `NOT_DELIVERED`, nothing sent) */
  event(event: Record<string, unknown>, eventId: string, options?: SendOptions): Promise<SlackResponse>;
  click(action: { action_id: string; value: string }, where: Where): Promise<SlackResponse>;
  /** chooses an option of a static select menu (`value` is the option's value) */
  choose(action: { action_id: string; value: string }, where: Where): Promise<SlackResponse>;
  /** submits an opened modal (`view` as `views.open` received it) with values by field (block) id */
  submitForm(view: Record<string, unknown>, fields: Record<string, string | string[]>, userId?: string): Promise<SlackResponse>;
  /** the replies of the newest thread the bot started in a channel (parent excluded) */
  latestThread(channel?: string): { parent: FakeSlackMessage; replies: FakeSlackMessage[] } | undefined;
  /** restart only the bot (same state, simulator and Slack); `whileDown` runs after the stop, before the start */
  restart(whileDown?: () => void | Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** What `event` answers for an event Slack would not send the bot (it is not a member of the conversation). */
export const NOT_DELIVERED: SlackResponse = { status: 0, body: 'not delivered: the bot is not a member of the conversation', elapsedMs: 0 };

export async function waitFor<T>(check: () => T | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function startSlackBot(options: HarnessOptions = {}): Promise<SlackBotHarness> {
  const sim = await startSimulator(options.simulator);
  const slack = await startFakeSlackApi({ token: BOT_TOKEN, ...options.slack });
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'iip-bot-'));
  const config = loadConfig({
    IIP_API_KEY: API_KEY,
    IIP_BASE_URL: sim.url,
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.url,
    PORT: '0',
    HOST: '127.0.0.1',
    STATE_FILE: join(stateDir, 'state.json'),
    RELAY_MIN_EDIT_INTERVAL_MS: '40',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const start = () => startBot({ config, logger: options.logger ?? silentLogger });
  let bot = await start();
  const url = () => `${bot.httpUrl}/slack/events`;
  let commands = 0;

  const harness: SlackBotHarness = {
    get bot() {
      return bot;
    },
    sim,
    slack,
    stateDir,
    get eventsUrl() {
      return url();
    },
    // Slack gives every command invocation its own trigger_id, which the bot dedupes by
    command: (text, fields = {}) =>
      sendSlashCommand(url(), SIGNING_SECRET, { text, trigger_id: freshTriggerId(++commands, 't'), response_url: slack.responseUrl(), ...fields }),
    event(event, eventId, sendOptions) {
      // Slack sends message and app_mention events only from conversations the bot is a member of
      const channel = typeof event.channel === 'string' ? event.channel : undefined;
      if (channel !== undefined && !slack.channels.delivers(channel)) return Promise.resolve(NOT_DELIVERED);
      return sendEvent(url(), SIGNING_SECRET, eventCallback(event, { eventId }), sendOptions);
    },
    click: (action, where) =>
      sendInteraction(
        url(),
        SIGNING_SECRET,
        blockActionsPayload({
          action: { type: 'button', action_ts: String(Date.now() / 1000), ...action },
          channel: where.channel,
          messageTs: where.messageTs,
          threadTs: where.threadTs,
          userId: where.userId,
          values: where.values,
          triggerId: freshTriggerId(++commands, 'c'),
        }),
      ),
    choose: (action, where) =>
      sendInteraction(
        url(),
        SIGNING_SECRET,
        blockActionsPayload({
          action: {
            type: 'static_select',
            action_ts: String(Date.now() / 1000),
            action_id: action.action_id,
            selected_option: { value: action.value },
          },
          channel: where.channel,
          messageTs: where.messageTs,
          threadTs: where.threadTs,
          userId: where.userId,
          values: where.values,
          triggerId: freshTriggerId(++commands, 's'),
        }),
      ),
    submitForm(view, fields, userId) {
      const values = Object.fromEntries(
        Object.entries(fields).map(([id, value]) => [
          id,
          {
            [id]: Array.isArray(value)
              ? { type: 'checkboxes', selected_options: value.map((v) => ({ value: v })) }
              : { type: 'plain_text_input', value },
          },
        ]),
      );
      const payload = viewSubmissionPayload({ privateMetadata: String(view.private_metadata), values, ...(userId ? { userId } : {}) });
      // every opened modal has its own id in Slack; the bot dedupes submissions by it
      Object.assign(payload.view as Record<string, unknown>, { id: `V${++commands}` });
      return sendInteraction(url(), SIGNING_SECRET, payload);
    },
    latestThread(channel = 'C1') {
      const parents = slack.channelMessages(channel).filter((m) => !m.threadTs || m.threadTs === m.ts);
      const parent = parents.at(-1);
      if (!parent) return undefined;
      return { parent, replies: slack.threadMessages(channel, parent.ts).filter((m) => m.ts !== parent.ts) };
    },
    async restart(whileDown) {
      await bot.stop();
      await whileDown?.();
      bot = await start();
    },
    async close() {
      await bot.stop();
      await slack.close();
      await sim.close();
      if (!options.stateDir) rmSync(stateDir, { recursive: true, force: true });
    },
  };
  return harness;
}
