/**
 * Who may use the bot, end to end: the allow-lists of Slack teams (signed requests through the real Bolt app)
 * and Teams tenants (activities through botbuilder's CloudAdapter), and workspace keys kept apart per chat
 * (a Slack team's own key never serves a Teams tenant of the same id) in one bot serving both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createTeamsAdapter } from '../../src/adapters/teams/index.js';
import { channelThreadId } from '../../src/adapters/teams/ids.js';
import { startBot, type RunningBot } from '../../src/bot.js';
import { loadConfig } from '../../src/config.js';
import { createHttpServer } from '../../src/http/server.js';
import { silentLogger } from '../../src/log.js';
import { simulatorKeyId, startSimulator } from '../../src/platform/simulator/index.js';
import { startTeamsBot } from '../adapters/teams/bot-harness.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import { API_KEY, BOT_TOKEN, SIGNING_SECRET, startSlackBot, waitFor } from '../helpers/slack-bot-harness.js';
import { eventCallback, sendEvent, sendInteraction, sendSlashCommand, viewSubmissionPayload } from '../helpers/slack-requests.js';
import { CHANNEL, TENANT, activityId, channelMention, sendActivity } from '../helpers/teams-activities.js';

const NOT_ENABLED_NOTE = 'This bot is not enabled for this workspace; ask its operator.';
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Platform calls the simulator saw (its health probes left out). */
const platformCalls = (sim: { requests: Array<{ operation: string }> }) => sim.requests.filter((r) => r.operation !== 'unknown');

test('Slack: a team not on ALLOWED_SLACK_TEAMS gets one short note per command, mention or click; nothing reaches the platform or the thread records', async () => {
  const h = await startSlackBot({ env: { ALLOWED_SLACK_TEAMS: 'T9, T8' } });
  cleanups.push(() => h.close());

  expect((await h.command('ask What is a patent family?')).status).toBe(200);
  await waitFor(() => h.slack.ephemerals.length === 1, 'the note for the command');
  expect(h.slack.ephemerals[0]).toMatchObject({ channel: 'C1', user: 'U1' });
  expect(h.slack.ephemerals[0]!.text).toContain(NOT_ENABLED_NOTE);

  await h.event(
    { type: 'app_mention', user: 'U1', channel: 'C1', ts: '1700000100.000100', text: '<@UBOT> novelty a self-heating mug' },
    'EvBlocked1',
  );
  await waitFor(() => h.slack.ephemerals.length === 2, 'the note for the mention');
  await h.click({ action_id: 'iip:retry', value: 'x' }, { messageTs: '1700000100.000100', threadTs: '1700000100.000100' });
  await waitFor(() => h.slack.ephemerals.length === 3, 'the note for the click');
  // a message in a thread that does not address the bot gets no note
  await h.event(
    { type: 'message', user: 'U1', channel: 'C1', ts: '1700000100.000200', thread_ts: '1700000100.000100', text: 'lunch?' },
    'EvBlocked2',
  );
  await new Promise((resolve) => setTimeout(resolve, 200));

  expect(h.slack.ephemerals.map((e) => e.text.includes(NOT_ENABLED_NOTE))).toEqual([true, true, true]);
  expect(platformCalls(h.sim)).toEqual([]);
  expect(await h.bot.state.listOpenByUser('T1', 'U1')).toEqual([]);
  expect(h.slack.calls.filter((c) => ['chat.postMessage', 'chat.update', 'views.open'].includes(c.method))).toEqual([]);

  // a listed team is served as before
  await sendSlashCommand(h.eventsUrl, SIGNING_SECRET, { text: 'ask What is a patent family?', team_id: 'T9', trigger_id: '9.9.t' });
  await waitFor(() => h.sim.requests.some((r) => r.operation === 'AI07'), "the listed team's question to reach the platform");
  expect(h.slack.ephemerals).toHaveLength(3);
});

test('Teams: a tenant not on ALLOWED_TEAMS_TENANTS gets the note (privately, pointed to from its thread); nothing reaches the platform or the thread records', async () => {
  const h = await startTeamsBot({ env: { ALLOWED_TEAMS_TENANTS: 'another-tenant', ALLOWED_SLACK_TEAMS: TENANT } });
  cleanups.push(() => h.close());
  const { root, sent } = await h.mention('ask What is CRISPR?');
  expect(sent.status).toBe(200);
  await waitFor(() => h.replies(root).length === 1, 'the pointer in the reply chain');
  expect(JSON.stringify(h.replies(root)[0]?.attachments)).toContain('private note');
  // the note itself goes to the user's 1:1 chat with the bot, as every note meant for one user does in Teams
  const note = await waitFor(
    () => h.fake.allMessages().find((m) => `${m.text ?? ''}${JSON.stringify(m.attachments)}`.includes(NOT_ENABLED_NOTE)),
    'the note in the 1:1 chat',
  );
  expect(note.conversation).not.toBe(h.replies(root)[0]?.conversation);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(h.replies(root)).toHaveLength(1);
  expect(platformCalls(h.sim)).toEqual([]);
  expect(await h.bot.state.get(channelThreadId(TENANT, CHANNEL, root))).toBeUndefined();
});

test('Teams: a listed tenant is served', async () => {
  const h = await startTeamsBot({ env: { ALLOWED_TEAMS_TENANTS: `another-tenant,${TENANT}`, ALLOWED_SLACK_TEAMS: 'T9' } });
  cleanups.push(() => h.close());
  await h.mention('ask What is CRISPR?');
  await waitFor(() => h.sim.requests.some((r) => r.operation === 'AI07'), 'the question to reach the platform');
});

test('keys are kept per chat: Slack team T1 sets its own key, a Teams activity from tenant T1 still uses the default key', {
  timeout: 30_000,
}, async () => {
  const TEAM_KEY = 'sk-slack-team-own-key-4242';
  const sim = await startSimulator();
  cleanups.push(() => sim.close());
  const slack = await startFakeSlackApi({ token: BOT_TOKEN, admins: ['U1'] });
  cleanups.push(() => slack.close());
  const fake = await startFakeBotConnector();
  cleanups.push(() => fake.close());
  const stateDir = mkdtempSync(join(tmpdir(), 'iip-access-'));
  cleanups.push(async () => rmSync(stateDir, { recursive: true, force: true }));
  const config = loadConfig({
    IIP_API_KEY: API_KEY,
    IIP_BASE_URL: sim.url,
    IIP_SECRET: 'access-test-secret-1234',
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.url,
    PORT: '0',
    HOST: '127.0.0.1',
    STATE_FILE: join(stateDir, 'state.json'),
    RELAY_MIN_EDIT_INTERVAL_MS: '40',
    LOG_LEVEL: 'silent',
  });
  const teamsServer = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
  const teams = createTeamsAdapter({ server: teamsServer, logger: silentLogger, allowUnauthenticated: true, serviceUrl: fake.url });
  const bot: RunningBot = await startBot({ config, logger: silentLogger, extraAdapters: () => [teams] });
  cleanups.push(async () => {
    await bot.stop(1000);
    await teamsServer.close();
  });
  const messagesUrl = `${(await teamsServer.listen()).url}/api/messages`;
  const slackUrl = `${bot.httpUrl}/slack/events`;

  // a Slack admin of T1 sets the team's key through the form
  await sendSlashCommand(slackUrl, SIGNING_SECRET, { text: 'key', trigger_id: '1.1.t' });
  const { view } = await waitFor(() => slack.views[0], 'the key form');
  const submission = viewSubmissionPayload({
    privateMetadata: String(view.private_metadata),
    values: { key: { key: { type: 'plain_text_input', value: TEAM_KEY } } },
  });
  Object.assign(submission.view as Record<string, unknown>, { id: 'V1' });
  await sendInteraction(slackUrl, SIGNING_SECRET, submission);
  await waitFor(() => slack.ephemerals.some((e) => e.text.includes('Saved. Every call from this workspace now uses sk-…4242')), 'the saved note');

  // Slack T1 uses its key
  await sendEvent(
    slackUrl,
    SIGNING_SECRET,
    eventCallback(
      { type: 'app_mention', user: 'U1', channel: 'C1', ts: '1700000200.000100', text: '<@UBOT> ask What is a PCT filing?' },
      { teamId: 'T1', eventId: 'EvKey1' },
    ),
  );
  await waitFor(() => sim.requests.filter((r) => r.operation === 'AI07').length === 1, 'the Slack question');

  // a Teams activity naming tenant T1 (as anyone could, unauthenticated) uses the bot's default key
  const activity = channelMention('ask What is a PCT filing?', { serviceUrl: fake.url, id: activityId() });
  const fromT1 = {
    ...activity,
    conversation: { ...(activity.conversation as object), tenantId: 'T1' },
    channelData: { ...(activity.channelData as object), tenant: { id: 'T1' } },
  };
  expect((await sendActivity(messagesUrl, fromT1)).status).toBe(200);
  await waitFor(() => sim.requests.filter((r) => r.operation === 'AI07').length === 2, 'the Teams question');
  expect(sim.requests.filter((r) => r.operation === 'AI07').map((r) => r.keyId)).toEqual([simulatorKeyId(TEAM_KEY), simulatorKeyId(API_KEY)]);

  // and its `key status` says so
  const status = channelMention('key status', { serviceUrl: fake.url, id: activityId() });
  await sendActivity(messagesUrl, {
    ...status,
    conversation: { ...(status.conversation as object), tenantId: 'T1' },
    channelData: { ...(status.channelData as object), tenant: { id: 'T1' } },
  });
  await waitFor(() => fake.calls.some((c) => JSON.stringify(c.body).includes("This workspace uses the bot's default key.")), 'the Teams key status');
  expect(JSON.stringify(fake.calls.map((c) => c.body))).not.toContain('4242');
});
