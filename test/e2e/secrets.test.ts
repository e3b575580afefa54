/**
 * Every flow run with recognisable secrets (platform keys, the bot token, the signing secret, IIP_SECRET),
 * logging at trace level: no log line, Slack message, error note or state file may contain one in clear.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLogger } from '../../src/log.js';
import { API_KEY, BOT_TOKEN, SIGNING_SECRET, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { sendSlashCommand } from '../helpers/slack-requests.js';

const IIP_SECRET = 'RECOGNISABLE-iip-secret-4d2f';
const TEAM_KEY = 'sk-RECOGNISABLE-team-key-7c1a';
const REVOKED = 'sk-RECOGNISABLE-revoked-key-0b9e';
const SECRETS = [API_KEY, BOT_TOKEN, SIGNING_SECRET, IIP_SECRET, TEAM_KEY, REVOKED];

let h: SlackBotHarness;
let logs = '';
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += String(chunk);
      done();
    },
  });
  h = await startSlackBot({
    env: { IIP_SECRET, LOG_LEVEL: 'trace' },
    logger: createLogger('trace', sink),
    simulator: { revokedKeys: [REVOKED] },
    slack: { admins: ['U1'] },
  });
});
afterAll(async () => {
  await h.close();
});

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

async function setKey(key: string): Promise<void> {
  const before = h.slack.views.length;
  await h.command('key');
  const { view } = await waitFor(() => h.slack.views[before], 'the key form');
  await h.submitForm(view, { key });
}

test('no secret in clear anywhere after chats, errors, a key change and bad requests', { timeout: 60_000 }, async () => {
  await h.command('ask What is a patent thicket?');
  await waitFor(() => h.latestThread()?.replies.some((m) => JSON.stringify(m.blocks).includes('tokens')), 'the ask answer');

  // a non-admin is refused, an admin sets a revoked key (refused by the platform), then a good one
  await h.command('key', { user_id: 'U2' });
  await waitFor(() => h.slack.ephemerals.some((e) => e.text.includes('Only a workspace admin')), 'the non-admin refusal');
  await setKey(REVOKED);
  await waitFor(() => h.slack.ephemerals.some((e) => e.text.includes('rejected the key sk-…0b9e')), 'the platform refusal');
  await setKey(TEAM_KEY);
  await waitFor(() => h.slack.ephemerals.some((e) => e.text.includes('Saved. Every call from this workspace now uses sk-…7c1a')), 'the saved note');

  await h.command('pharm Which siRNA drugs are approved?');
  await waitFor(() => h.sim.requests.some((r) => r.operation === 'AI20'), 'the pharm call');
  await waitFor(() => h.latestThread()?.replies.some((m) => JSON.stringify(m.blocks).includes('tokens')), 'the pharm answer');

  // a platform failure shown to the user, and requests with wrong or missing signatures
  h.sim.inject({ kind: 'envelope-error', errorCode: 67200003, operation: 'AI07', times: 1, message: `apikey ${TEAM_KEY} is disabled` });
  await h.command('ask Will this fail?');
  await waitFor(() => h.latestThread()?.replies.some((m) => m.text.includes('rejected the API key')), 'the error note');
  expect((await sendSlashCommand(h.eventsUrl, 'wrong-secret', { text: 'ask hi' })).status).toBe(401);

  await h.restart();
  await h.bot.stop(1000);

  const shown = JSON.stringify([h.slack.calls.filter((c) => c.method !== 'auth.test'), h.slack.ephemerals, h.slack.views]);
  const stateFiles = filesUnder(h.stateDir)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  expect(logs.length).toBeGreaterThan(1000);
  // the work of each event is logged under its id
  expect(logs).toMatch(/"event":"command:[^"]+","kind":"command"/);
  for (const secret of SECRETS) {
    expect(logs, `logs hold ${secret}`).not.toContain(secret);
    expect(shown, `Slack shows ${secret}`).not.toContain(secret);
    expect(stateFiles, `state holds ${secret}`).not.toContain(secret);
  }
  expect(stateFiles).toContain('apikey:T1');
});
