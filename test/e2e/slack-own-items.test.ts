/**
 * Issue 16: in the solution exploration (AI33) and the material finding (AI73) the user keeps some of the
 * recommended items and adds their own through "Add your own" (one per line): the exact AI33-3, AI33-5 and
 * AI73-3 bodies, user directions sent as `source_type: customize`; too many lines are refused and nothing is sent.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { directionsFor, recommendations } from '../../src/platform/simulator/content/solution.js';
import { materialRecommendations } from '../../src/platform/simulator/content/material.js';
import { isPublished, requestErrors } from '../helpers/openapi-validator.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, formValues, textOf } from './slack-novelty-steps.js';
import { openSolution, PROBLEM } from './slack-solution-steps.js';
import { MATERIAL_PROBLEM, openMaterial, withMenu } from './slack-material-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const expectPublishedBodies = (harness: SlackBotHarness) => {
  for (const request of harness.sim.requests)
    if (request.operation !== 'unknown' && isPublished(request.operation)) expect(requestErrors(request.operation, request.body)).toEqual([]);
};

describe('Add your own', () => {
  test('solution: kept goals plus the user’s own reach AI33-3; kept directions plus the user’s own (customize) reach AI33-5', async () => {
    h = await startSlackBot();
    const t = await openSolution(h);
    const step1 = await t.step('Step 1 of 3');
    expect(textOf(step1)).toContain('Add your own');
    const goals = await t.openForm(step1, 'Add your own');
    expect(formValues(goals.view).keep).toEqual(recommendations(PROBLEM, 'en').map((_, i) => String(i)));
    await h.submitForm(goals.view, {
      keep: ['0', '2'],
      own: '  Cost increase at most 5 %\n\nKeep the current coating line\nCost increase at most 5 %',
    });
    // Save shows the list again with the user's own, nothing sent; Continue sends it
    const saved1 = await waitFor(
      () => t.replies.find((m) => m.ts === step1.ts && textOf(m).includes('_(yours)_') && buttonsOf(m).length > 0),
      'saved',
    );
    expect(bodiesOf(h, 'AI33-3')).toEqual([]);
    await t.press(saved1, 'Continue');
    await waitFor(() => bodiesOf(h!, 'AI33-3').length === 1, 'AI33-3');
    const recs = recommendations(PROBLEM, 'en');
    const taskId = (bodiesOf(h, 'AI33-2')[0] as { task_id: string }).task_id;
    const kept = [recs[0]!, recs[2]!, 'Cost increase at most 5 %', 'Keep the current coating line'];
    expect(bodiesOf(h, 'AI33-3')).toEqual([{ task_id: taskId, lang: 'en', recommend: kept }]);
    const settled = await waitFor(() => t.replies.find((m) => m.ts === step1.ts && textOf(m).includes('Confirmed by <@U1>')), 'step 1 settled');
    expect(textOf(settled)).toContain('☑ Keep the current coating line _(yours)_');
    expect(textOf(settled)).toContain(`☐ ${recs[1]}`);

    const step2 = await t.step('Step 2 of 3');
    const directions = directionsFor(PROBLEM, kept);
    const form = await t.openForm(step2, 'Add your own');
    await h.submitForm(form.view, { keep: ['1'], own: 'Pre-lithiated silicon monoxide with a carbon shell' });
    const saved2 = await waitFor(
      () => t.replies.find((m) => m.ts === step2.ts && textOf(m).includes('_(yours)_') && buttonsOf(m).length > 0),
      'saved',
    );
    await t.press(saved2, 'Continue');
    await waitFor(() => bodiesOf(h!, 'AI33-5').length === 1, 'AI33-5');
    expect(bodiesOf(h, 'AI33-5')).toEqual([
      {
        task_id: taskId,
        lang: 'en',
        directions: [
          ...directions.map((d, i) => ({ ...d, ticked: i === 1 })),
          { reason: 'Pre-lithiated silicon monoxide with a carbon shell', source_type: 'customize', ticked: true },
        ],
      },
    ]);
    const settled2 = await waitFor(() => t.replies.find((m) => m.ts === step2.ts && textOf(m).includes('Confirmed by <@U1>')), 'step 2 settled');
    expect(textOf(settled2)).toContain('Pre-lithiated silicon monoxide with a carbon shell** _(yours)_');
    await t.reply('solutions found');
    expectPublishedBodies(h);
  });

  test('material: the ticked recommendations and the user’s own reach AI73-3; eleven lines are refused and nothing is sent', async () => {
    h = await startSlackBot();
    const t = await openMaterial(h);
    const step1 = await t.step('Step 1 of 2');
    const form = await t.openForm(step1, 'Add your own');
    const before = h.slack.ephemerals.length;
    await h.submitForm(form.view, { keep: ['0'], own: Array.from({ length: 11 }, (_, i) => `Idea ${i + 1}`).join('\n') });
    expect(await t.note(before)).toContain('Add at most 10 of your own, one per line (you typed 11); nothing was sent.');
    await h.submitForm(form.view, { keep: [], own: ' \n ' });
    expect(await t.note(before + 1)).toContain('Keep at least one recommended item or add your own');
    expect(bodiesOf(h, 'AI73-3')).toEqual([]);

    await h.submitForm(form.view, { keep: ['1'], own: 'Zinc oxide grown on mica platelets' });
    const saved = await waitFor(
      () => t.replies.find((m) => m.ts === step1.ts && textOf(m).includes('_(yours)_') && buttonsOf(m).length > 0),
      'saved',
    );
    expect(bodiesOf(h, 'AI73-3')).toEqual([]);
    await t.press(saved, 'Confirm');
    await waitFor(() => bodiesOf(h!, 'AI73-3').length === 1, 'AI73-3');
    const recs = materialRecommendations(MATERIAL_PROBLEM, 'en');
    const taskId = (bodiesOf(h, 'AI73-2')[0] as { task_id: string }).task_id;
    expect(bodiesOf(h, 'AI73-3')).toEqual([{ task_id: taskId, recommend: [recs[1], 'Zinc oxide grown on mica platelets'] }]);
    await withMenu(t, 'Technical mind map');
    expectPublishedBodies(h);
  });
});
