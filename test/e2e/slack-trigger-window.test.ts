/**
 * Slack's 3-second trigger window, end to end: a click carries the time Slack allows for opening its form, the
 * bot spends on a platform read only what that time leaves, and it never calls views.open with a trigger the fake
 * Web API (like Slack) would refuse as expired; the user is told to click again, and the next click opens the form.
 */
import { afterEach, expect, test } from 'vitest';
import { SIGNING_SECRET, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { blockActionsPayload, sendInteraction } from '../helpers/slack-requests.js';
import { IDEA, NoveltyThread } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

test('a click that reaches the bot late in its window: the uncached read gets only what is left, no views.open with an expired trigger, the next click opens the form', async () => {
  h = await startSlackBot();
  await h.command(`novelty ${IDEA}`);
  const t = await NoveltyThread.opened(h, 0);
  const solution = await t.step('Step 1 of 5');
  const edit = t.button(solution, 'Edit');
  // a restart empties the cache of the step's result: opening Edit needs a platform read (AI35-2) again
  await h.restart();
  h.sim.inject({ kind: 'slow-headers', delayMs: 1_200, operation: 'AI35-2', times: 1 });

  // the user clicked 2 s ago and Slack's request took that long to arrive: 1 s is left to open the form
  const clickedAt = Date.now() - 2_000;
  const lateTrigger = `901.${clickedAt}.c`;
  const notes = h.slack.ephemerals.length;
  const payload = blockActionsPayload({
    action: { type: 'button', action_id: edit.action_id, value: edit.value, action_ts: String(clickedAt / 1000) },
    messageTs: solution.ts,
    threadTs: t.parentTs,
    triggerId: lateTrigger,
  });
  expect((await sendInteraction(h.eventsUrl, SIGNING_SECRET, payload)).status).toBe(200);
  expect(await t.note(notes)).toContain('still loading');
  expect(h.slack.callsTo('views.open')).toEqual([]);

  const form = await t.openForm(solution, 'Edit');
  expect(form.view.type).toBe('modal');
  // every view the bot opened, it opened inside its trigger's window (the fake refuses one past it)
  const opens = h.slack.callsTo('views.open');
  expect(opens).toHaveLength(1);
  for (const call of opens) expect(call.error).toBeUndefined();
  await waitFor(() => h!.sim.requests.filter((r) => r.operation === 'AI35-2').length >= 2 || undefined, 'both reads');
});
