/**
 * The whole bot in Slack's multi-workspace mode for the install tests: the real Bolt app with OAuth settings, the
 * real platform client against the simulator, real lowdb files, the fake Web API with its OAuth side, and the
 * browser's part of an install (the "Add to Slack" page, Slack's authorize page, the redirect back with the state
 * cookie). Logs are captured at debug level, to be searched for secrets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { startBot, type RunningBot } from '../../src/bot.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import type { RunningSimulator } from '../../src/platform/simulator/types.js';
import { startFakeSlackApi, type FakeSlackApi } from '../helpers/fake-slack-api.js';
import { eventCallback, sendEvent, sendSlashCommand, type SlackResponse } from '../helpers/slack-requests.js';

export const SIGNING_SECRET = 'install-signing-secret-4e1b';
export const STATE_SECRET = 'install-state-secret-77c2a9';
export const IIP_SECRET = 'install-iip-secret-0d93b1f';
export const API_KEY = 'sk-install-key-52af';

export interface InstallBot {
  bot: RunningBot;
  slack: FakeSlackApi;
  sim: RunningSimulator;
  stateDir: string;
  logs: string[];
  /** the browser's install into `teamId`: the page, Slack's Allow, the redirect back; the last response */
  install(teamId: string, options?: { cookie?: string | false; state?: string }): Promise<{ status: number; body: string }>;
  command(teamId: string, channel: string, text: string, user?: string): Promise<SlackResponse>;
  event(teamId: string, event: Record<string, unknown>, eventId: string, enterprise?: { id: string; orgWide: boolean }): Promise<SlackResponse>;
  /** another replica of the bot on the same configuration (REDIS_URL: the same state), stopped by `close` */
  startReplica(): Promise<RunningBot>;
  /** the command above, sent to another replica's /slack/events */
  commandTo(replica: RunningBot, teamId: string, channel: string, text: string): Promise<SlackResponse>;
  close(): Promise<void>;
}

const decodeHtml = (text: string): string =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

export async function startInstallBot(env: Record<string, string> = {}): Promise<InstallBot> {
  const sim = await startSimulator({ taskDurationMs: 50 });
  const slack = await startFakeSlackApi();
  const stateDir = mkdtempSync(join(tmpdir(), 'iip-install-'));
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const config = loadConfig({
    IIP_API_KEY: API_KEY,
    IIP_BASE_URL: sim.url,
    SLACK_CLIENT_ID: slack.oauth.clientId,
    SLACK_CLIENT_SECRET: slack.oauth.clientSecret,
    SLACK_STATE_SECRET: STATE_SECRET,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.url,
    IIP_SECRET,
    PORT: '0',
    HOST: '127.0.0.1',
    STATE_FILE: join(stateDir, 'state.json'),
    RELAY_MIN_EDIT_INTERVAL_MS: '40',
    ...env,
  });
  const bot = await startBot({ config, logger: createLogger('debug', sink) });
  const base = bot.httpUrl as string;
  slack.oauth.redirectUrl = `${base}/slack/oauth_redirect`;
  let commands = 0;
  const replicas: RunningBot[] = [];
  const commandAt = (url: string, teamId: string, channel: string, text: string, user: string) =>
    sendSlashCommand(`${url}/slack/events`, SIGNING_SECRET, {
      text,
      team_id: teamId,
      channel_id: channel,
      user_id: user,
      trigger_id: `${++commands}.${Date.now()}.t`,
      response_url: slack.responseUrl(),
    });

  return {
    bot,
    slack,
    sim,
    stateDir,
    logs,
    async install(teamId, options = {}) {
      const page = await fetch(`${base}/slack/install`);
      const html = await page.text();
      const href = /<a class="add" href="([^"]+)"/.exec(html)?.[1];
      if (page.status !== 200 || !href) throw new Error(`no Add to Slack link (${page.status})`);
      const cookie = page.headers.get('set-cookie')?.split(';')[0];
      let back = new URL(slack.oauth.approve(decodeHtml(href), teamId));
      if (options.state !== undefined) back.searchParams.set('state', options.state);
      back = new URL(back.toString());
      const headers: Record<string, string> = {};
      const sent = options.cookie === undefined ? cookie : options.cookie;
      if (sent) headers.cookie = sent;
      const done = await fetch(back, { headers, redirect: 'manual' });
      return { status: done.status, body: await done.text() };
    },
    command: (teamId, channel, text, user = 'U1') => commandAt(base, teamId, channel, text, user),
    commandTo: (replica, teamId, channel, text) => commandAt(replica.httpUrl as string, teamId, channel, text, 'U1'),
    async startReplica() {
      const replica = await startBot({ config, logger: createLogger('debug', sink) });
      replicas.push(replica);
      return replica;
    },
    event(teamId, event, eventId, enterprise) {
      const envelope = eventCallback(event, { teamId, eventId });
      if (enterprise) {
        Object.assign(envelope, { enterprise_id: enterprise.id });
        envelope.authorizations = [
          { team_id: teamId, enterprise_id: enterprise.id, user_id: 'UBOT', is_bot: true, is_enterprise_install: enterprise.orgWide },
        ];
      }
      return sendEvent(`${base}/slack/events`, SIGNING_SECRET, envelope);
    },
    async close() {
      for (const replica of replicas) await replica.stop(2_000);
      await bot.stop(2_000);
      await slack.close();
      await sim.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
