/**
 * A workspace key with every character a key may have (dots included) set through `/iip key`, then echoed back by
 * the platform in an error the user is shown: neither Slack nor the log shows any part of it after `sk-`.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLogger } from '../../src/log.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

// every character the key check admits, the dot where the redaction once stopped
const TEAM_KEY = 'sk-Ab.0123456789abcdefSECRET.xyz_ABCDEFGHIJKLMNOPQRSTUVWXYZ-ghijklmnopqrstuvw';
const TAIL = TEAM_KEY.slice('sk-Ab'.length);

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
    env: { IIP_SECRET: 'key-shape-secret-0123456789', LOG_LEVEL: 'trace' },
    logger: createLogger('trace', sink),
    slack: { admins: ['U1'] },
  });
});
afterAll(async () => {
  await h.close();
});

test('a platform error that echoes a dotted workspace key shows it redacted whole, in Slack and in the log', { timeout: 60_000 }, async () => {
  const before = h.slack.views.length;
  await h.command('key');
  const { view } = await waitFor(() => h.slack.views[before], 'the key form');
  await h.submitForm(view, { key: TEAM_KEY });
  await waitFor(() => h.slack.ephemerals.some((e) => e.text.includes('Saved.')), 'the saved note');

  h.sim.inject({
    kind: 'envelope-error',
    errorCode: 68300004,
    operation: 'AI07',
    times: 1,
    message: `invalid parameter apikey=${TEAM_KEY}, key ${TEAM_KEY}`,
  });
  await h.command('ask Will this echo the key?');
  const note = await waitFor(
    () => h.latestThread()?.replies.find((m) => JSON.stringify(m).includes('did not accept the request')),
    'the platform refusal shown',
  );
  expect(JSON.stringify(note)).toContain('sk-***');
  await h.bot.stop(1000);

  const shown = JSON.stringify([h.slack.calls.filter((c) => c.method !== 'auth.test'), h.slack.ephemerals, h.slack.views]);
  expect(logs).toContain('sk-***');
  for (const fragment of [TEAM_KEY, TAIL, 'SECRET']) {
    expect(shown, `Slack shows ${fragment}`).not.toContain(fragment);
    expect(logs, `the log holds ${fragment}`).not.toContain(fragment);
  }
});
