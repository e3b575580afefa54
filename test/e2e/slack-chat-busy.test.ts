/**
 * Issue 24, one error channel: a chat rate limit is never a failure on the bot's side. Slack answering 429 to the
 * form of novelty step 5 tells the user the chat is busy and when to click again; the step stays as it was and
 * the next click opens the form. A click inside the pause Slack asked for is refused by the bot itself, with the time
 * left, and never reaches Slack (its trigger_id would expire while it waited). Real Bolt app, the simulator, the fake
 * Slack Web API.
 */
import { afterEach, expect, test } from 'vitest';
import { startSlackBot, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, IDEA, NoveltyThread } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

test('a 429 on the report form: "the chat is busy ... in about 5 seconds", never the bot\'s side; a click inside the pause is refused without a call, the next click opens it', async () => {
  h = await startSlackBot();
  await h.command(`novelty ${IDEA}`);
  const t = await NoveltyThread.opened(h, 0);
  await t.press(await t.step('Step 1 of 5'), 'Confirm');
  await t.press(await t.step('Step 2 of 5'), 'Confirm');
  await t.press(await t.step('Step 3 of 5'), 'Confirm and search');
  await t.press(await t.step('Step 4 of 5'), 'Confirm');
  const report = await t.step('Step 5 of 5');

  h.slack.failNext('views.open', { status: 429, retryAfter: 5 });
  const notes = h.slack.ephemerals.length;
  const views = h.slack.views.length;
  await t.press(report, 'Generate report');
  const note = await t.note(notes);
  expect(note).toContain('The form did not open: The chat is busy with messages right now and takes more in about 5 seconds.');
  expect(note).not.toMatch(/bot's side|in time/);
  expect(h.slack.views.length).toBe(views);
  expect(t.replies.some((m) => /failed|went wrong/.test(JSON.stringify(m.blocks)))).toBe(false);

  const pausedAt = Date.now();
  const opens = h.slack.callsTo('views.open').length;
  await t.press(report, 'Generate report');
  expect(await t.note(notes + 1)).toMatch(/The form did not open: The chat is busy .* in about [1-5] seconds?\./);
  expect(h.slack.callsTo('views.open')).toHaveLength(opens);
  expect(h.slack.callsInsideRetryAfter()).toEqual([]);

  await new Promise((resolve) => setTimeout(resolve, Math.max(0, pausedAt + 5_100 - Date.now())));
  const form = await t.openForm(report, 'Generate report');
  await h.submitForm(form.view, { title: 'After the busy chat' });
  await t.reply('Novelty search report ready');
  expect(bodiesOf(h, 'AI35-10')).toHaveLength(1);
});
