/**
 * A chat rate limit on a step's post (issue 24), through botbuilder's CloudAdapter and the fake Bot Connector with
 * Teams' per-conversation limits on: in a channel, the Bot Connector answers 429 with Retry-After to the form
 * that follows the novelty search's "Generate report". Before, the user got "The form could not be opened in
 * time" and the search stalled at its last step; now the conversation's writes wait out the Retry-After, the
 * form arrives, and the search goes on to its report.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import { TeamsThread, inputsOf, textOf } from '../helpers/teams-workflow-steps.js';

let h: TeamsBotHarness;
beforeAll(async () => {
  h = await startTeamsBot({ simulator: { taskDurationMs: 50 }, connector: { conversationLimits: true }, configured: true });
});
afterAll(async () => {
  await h.close();
});

const RETRY_AFTER_S = 2;

test('the Bot Connector answers 429 to the form after "Generate report": the form arrives after Retry-After and the search ends with its report', {
  timeout: 60_000,
}, async () => {
  const t = await TeamsThread.opened(h, 'novelty A foldable phone hinge with a liquid-metal damping layer.');
  const step1 = await t.step('Step 1 of 5');
  await t.press(step1, 'Confirm');
  const step2 = await t.step('Step 2 of 5');
  await t.press(step2, 'Confirm');
  const step3 = await t.step('Step 3 of 5');
  await t.press(step3, 'Confirm and search');
  const step4 = await t.step('Step 4 of 5', 20_000);
  await t.press(step4, 'Confirm');
  const step5 = await t.step('Step 5 of 5');

  // the conversation's limit is reached: the next message into it is refused with Retry-After
  const sendsBefore = h.fake.callsTo('send').length;
  h.fake.failNext('send', { status: 429, retryAfter: RETRY_AFTER_S });
  const pressed = Date.now();
  await t.press(step5, 'Generate report');
  const form = await t.form(step5);
  const sends = h.fake.callsTo('send').slice(sendsBefore);
  expect(sends[0]?.status).toBe(429);
  // nothing went into the conversation during the pause, and the form came after it
  const refusedAt = sends[0]!.at;
  expect(sends.slice(1).every((c) => c.at >= refusedAt + RETRY_AFTER_S * 1000 - 50)).toBe(true);
  expect(Date.now() - pressed).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 50);
  // no note that the form could not be opened, no failure on the bot's side
  const everything = h.fake.allMessages().map(textOf).join('\n');
  expect(everything).not.toContain('could not be opened');
  expect(everything).not.toContain("on the bot's side");

  const fields = Object.fromEntries(inputsOf(form).map((i) => [String(i.id), i.value ?? '']));
  await t.submit(form, fields);
  const done = await t.reply('Novelty search report ready', 20_000);
  expect(cardJson(done)).toContain('foldable phone hinge');
  await waitFor(() => buttonsOf(t.current(step5)).length === 0, 'step 5 settled');
  // the bot kept the channel under Teams' limits itself: the only 429 was the one the test asked for
  expect(h.fake.calls.filter((c) => c.overLimit)).toEqual([]);
  expect(h.fake.calls.filter((c) => c.status === 429)).toHaveLength(1);
});
