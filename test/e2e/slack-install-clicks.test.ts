/**
 * Issue 13, installation: a button click in multi-workspace mode is answered with the token of the workspace it
 * came from, so a workflow started in one of two installed workspaces moves on there and nowhere else.
 */
import { afterEach, expect, test } from 'vitest';
import { waitFor } from '../helpers/slack-bot-harness.js';
import { blockActionsPayload, sendInteraction } from '../helpers/slack-requests.js';
import { SIGNING_SECRET, startInstallBot, type InstallBot } from './slack-install-bot.js';
import { buttonsOf, IDEA, textOf } from './slack-novelty-steps.js';

let h: InstallBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The reply in `channel`'s only thread that shows `title` with buttons. */
function stepIn(bot: InstallBot, channel: string, title: string) {
  return waitFor(() => {
    const parent = bot.slack.channelMessages(channel).find((m) => !m.threadTs || m.threadTs === m.ts);
    if (!parent) return undefined;
    const replies = bot.slack.threadMessages(channel, parent.ts);
    const step = replies.find((m) => textOf(m).includes(title) && buttonsOf(m).length > 0);
    return step ? { parentTs: parent.ts, step } : undefined;
  }, `"${title}" in ${channel}`);
}

test('a click in the second of two installed workspaces is answered with that workspace token', async () => {
  h = await startInstallBot();
  h.slack.oauth.addWorkspace({ teamId: 'TA', channels: ['CA1'] });
  h.slack.oauth.addWorkspace({ teamId: 'TB', channels: ['CB1'] });
  for (const team of ['TA', 'TB']) expect((await h.install(team)).status).toBe(200);

  expect((await h.command('TB', 'CB1', `novelty ${IDEA}`, 'U2')).status).toBe(200);
  const { parentTs, step } = await stepIn(h, 'CB1', 'Step 1 of 5');
  const confirm = buttonsOf(step).find((b) => b.label === 'Confirm');
  expect(confirm).toBeDefined();

  const before = h.slack.calls.length;
  const payload = blockActionsPayload({
    action: { type: 'button', action_ts: String(Date.now() / 1000), action_id: confirm?.action_id, value: confirm?.value },
    channel: 'CB1',
    messageTs: step.ts,
    threadTs: parentTs,
    teamId: 'TB',
    userId: 'U2',
  });
  expect((await sendInteraction(`${h.bot.httpUrl}/slack/events`, SIGNING_SECRET, payload)).status).toBe(200);
  await stepIn(h, 'CB1', 'Step 2 of 5');

  const afterClick = h.slack.calls.slice(before).filter((c) => c.args.channel === 'CB1');
  expect(afterClick.length).toBeGreaterThan(0);
  expect(afterClick.every((c) => c.authorized && c.teamId === 'TB')).toBe(true);
  expect(h.slack.calls.some((c) => c.args.channel === 'CA1')).toBe(false);
});
