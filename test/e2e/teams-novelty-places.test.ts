/**
 * The whole novelty search (all five steps, not only `quick`) in each of Teams' places: a channel's reply chain,
 * a group chat and the 1:1 chat, end to end through botbuilder's CloudAdapter, the workflow machinery and the
 * simulator, one bot for the file; each click comes from the place its card is in.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buttonsOf, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import { PLACES, PlaceThread } from '../helpers/teams-places.js';
import { bodiesOf, inputsOf, textOf } from '../helpers/teams-workflow-steps.js';

let h: TeamsBotHarness;
beforeAll(async () => {
  h = await startTeamsBot({ simulator: { taskDurationMs: 50 } });
});
afterAll(async () => {
  await h.close();
});

describe.each(PLACES)('Teams novelty search in %s', (place, where) => {
  test(`the five steps, confirmed by card, end with the report, in ${where}`, { timeout: 60_000 }, async () => {
    const idea = `A foldable phone hinge with a liquid-metal damping layer (${place}).`;
    const t = await PlaceThread.opened(h, place, `novelty ${idea}`);
    const step1 = await t.step('Step 1 of 5');
    await t.press(step1, 'Confirm');
    const step2 = await t.step('Step 2 of 5', step1);
    await t.press(step2, 'Confirm');
    const step3 = await t.step('Step 3 of 5', step2);
    expect(buttonsOf(step3).map((b) => b.title)).toContain('Confirm and search');
    await t.press(step3, 'Confirm and search');
    const step4 = await t.step('Step 4 of 5', step3, 20_000);
    await t.press(step4, 'Confirm');
    const step5 = await t.step('Step 5 of 5', step4);
    const included = bodiesOf(h, 'AI35-9').at(-1) as { final_result?: unknown[] } | undefined;
    expect(textOf(step5)).toContain(`(${included?.final_result?.length} references)`);
    await t.press(step5, 'Generate report');
    const form = await t.form(step5);
    // Teams sends every input's value with the submit: the title as the form shows it, kept
    const fields = Object.fromEntries(inputsOf(form).map((i) => [String(i.id), i.value ?? '']));
    expect(Object.keys(fields)).toHaveLength(1);
    await t.submit(form, fields);
    const done = await t.reply('Novelty search report ready', 20_000);
    expect(textOf(done)).toContain(idea.slice(0, 40));
    await waitFor(() => buttonsOf(t.current(step5)).length === 0, 'step 5 settled');
  });
});
