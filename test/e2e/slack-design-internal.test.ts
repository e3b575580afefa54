/**
 * `/iip design` with a link to an internal address, through the real Slack app: refused with the reason, nothing
 * sent to the platform, no thread; `localhost` is resolved with the system's resolver, as any host name is.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness;
beforeAll(async () => {
  h = await startSlackBot();
});
afterAll(async () => {
  await h.close();
});

test.each([
  ['https://127.0.0.1/a.png', '127.0.0.1'],
  ['https://169.254.169.254/latest/meta-data/iam/', '169.254.169.254'],
  ['https://[::1]/a.png', '[::1]'],
  ['https://[::ffff:169.254.169.254]/a.png', '[::ffff:a9fe:a9fe]'],
  ['<https://0x7f.0.0.1/a.png>', '127.0.0.1'],
  ['https://2852039166/a.png', '169.254.169.254'],
  ['https://192.168.0.10/a.png', '192.168.0.10'],
  ['https://localhost:8443/a.png', 'localhost'],
])('%s is refused with the reason; nothing is sent to the platform', async (link, host) => {
  const user = `U${Math.random().toString(36).slice(2, 8)}`;
  await h.command(`design ${link} wireless earbuds case`, { user_id: user });
  const refusal = await waitFor(() => h.slack.ephemerals.find((e) => e.user === user), 'the refusal');
  expect(refusal.text).toContain(`points to an internal address (\`${host}\``);
  expect(refusal.text).toContain('Nothing was sent.');
  expect(h.sim.requests.filter((r) => r.operation.startsWith('AI39'))).toEqual([]);
  expect(h.slack.channelMessages('C1')).toEqual([]);
});
