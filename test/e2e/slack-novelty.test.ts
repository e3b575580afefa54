/**
 * Issue 4 end to end: `/iip novelty` through the real Bolt app, the workflow machinery, the real platform client
 * against the simulator and the fake Slack Web API, from the command to the report link, with edits at steps
 * 1, 2 and 4, checking the exact body the simulator received at each step.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { PlatformClient } from '../../src/platform/client.js';
import { extractFeatures, searchElements } from '../../src/platform/simulator/content/novelty.js';
import { requestErrors, isPublished } from '../helpers/openapi-validator.js';
import { API_KEY, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, eventually, formValues, IDEA, NoveltyThread, textOf } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const EDITED_SOLUTION = 'A telephone with a camera that reads text from captured images; the text is shown on the display; the address is fetched from a network database; the phone dials the address.';

describe('/iip novelty, the guided search', () => {
  test('the whole workflow with edits at steps 1, 2 and 4 sends exactly what the user confirmed, and posts the report link', async () => {
    h = await startSlackBot();
    await h.command(`novelty ${IDEA} --lang en --from 20150101 --to 20241231`);
    const t = await NoveltyThread.opened(h, 0);
    expect(t.h.slack.message('C1', t.parentTs)!.text).toContain('<@U1> started a novelty search');
    const solution = await t.step('Step 1 of 5');
    expect(bodiesOf(h, 'AI35-1')).toEqual([{ input: IDEA, lang: 'en', pbd_start: '20150101', pbd_end: '20241231' }]);
    const taskId = (bodiesOf(h, 'AI35-2')[0] as { task_id: string }).task_id;

    // step 1: edit the summarised solution; the submitted edit is the confirmation
    expect(buttonsOf(solution).map((b) => b.label)).toEqual(['Confirm', 'Edit', 'Cancel']);
    const edit1 = await t.openForm(solution, 'Edit');
    expect(formValues(edit1.view).solution).toContain('A telephone with an image sensor');
    await h.submitForm(edit1.view, { solution: EDITED_SOLUTION });
    await waitFor(() => bodiesOf(h!, 'AI35-3').length === 1, 'AI35-3');
    expect(bodiesOf(h, 'AI35-3')).toEqual([{ task_id: taskId, tech_solution: EDITED_SOLUTION }]);
    const settled1 = await waitFor(() => t.replies.find((m) => textOf(m).includes('Step 1 of 5') && textOf(m).includes('Confirmed by <@U1> (edited)')), 'step 1 settled');
    expect(buttonsOf(settled1)).toEqual([]);

    // step 2: untick a feature, reword one, add one; the list is shown again, then confirmed
    const features = await t.step('Step 2 of 5');
    const edit2 = await t.openForm(features, 'Edit');
    const shown = formValues(edit2.view);
    expect(shown.keep).toEqual(['0', '1', '2', '3']);
    await h.submitForm(edit2.view, { ...shown, 'keep': ['0', '2', '3'], 'text-0': 'A telephone with a camera module', 'add': 'The camera is triggered by a voice command' });
    const redrawn = await waitFor(() => t.replies.find((m) => m.ts === features.ts && textOf(m).includes('left out') && buttonsOf(m).length > 0), 'the edited features');
    expect(textOf(redrawn)).toContain('The camera is triggered by a voice command');
    await t.press(redrawn, 'Confirm');
    await waitFor(() => bodiesOf(h!, 'AI35-5').length === 1, 'AI35-5');
    const extracted = extractFeatures(EDITED_SOLUTION);
    const confirmed = [
      { ...extracted[0], feature_text: 'A telephone with a camera module' },
      { ...extracted[1], selected: false },
      ...extracted.slice(2),
      { feature_num: 'F5', feature_text: 'The camera is triggered by a voice command', feature_text_original: 'The camera is triggered by a voice command', selected: true, user_add: true },
    ];
    expect(bodiesOf(h, 'AI35-5')).toEqual([{ task_id: taskId, tech_features: confirmed }]);

    // step 3: the proposed search elements, confirmed as they are
    const elements = await t.step('Step 3 of 5');
    await t.press(elements, 'Confirm and search');
    await waitFor(() => bodiesOf(h!, 'AI35-7').length === 1, 'AI35-7');
    expect(bodiesOf(h, 'AI35-7')).toEqual([{ task_id: taskId, elements: searchElements(confirmed) }]);

    // step 4: add a patent through AI35-12, remove the second reference, confirm the list
    const references = await t.step('Step 4 of 5');
    expect(textOf(references)).toContain('most similar');
    expect(textOf(references)).toMatch(/\[[A-Z]{2}\d+[A-Z]\d?\]\(https:\/\/patents\.google\.com\/patent\//);
    const add = await t.openForm(references, 'Add a patent');
    await h.submitForm(add.view, { pn: 'cn 118289111a' });
    const withAdded = await waitFor(() => t.replies.find((m) => m.ts === references.ts && textOf(m).includes('CN118289111A') && buttonsOf(m).length > 0), 'the added patent');
    const selected = confirmed.filter((f) => f.selected !== false);
    expect(bodiesOf(h, 'AI35-12')).toEqual([{ request: { pn: 'CN118289111A', is_add_patent: true, add_patent_selected: true }, tech_features: selected }]);
    const platform = new PlatformClient({ baseUrl: h.sim.url, apiKey: API_KEY });
    const found = (await platform.call('AI35-8', { task_id: taskId })).final_result!;
    const removedPn = found[1]!.document!.split(' ')[0]!;
    await t.choose(withAdded, removedPn);
    const afterRemoval = await waitFor(() => t.replies.find((m) => m.ts === references.ts && textOf(m).includes('1 removed, 1 added') && buttonsOf(m).length > 0), 'the removal');
    await t.press(afterRemoval, 'Confirm');
    await waitFor(() => bodiesOf(h!, 'AI35-9').length === 1, 'AI35-9');
    const addedEntry = (await platform.call('AI35-12', { request: { pn: 'CN118289111A', is_add_patent: true, add_patent_selected: true }, tech_features: selected })).final_res![0]!;
    const { claims: _claims, ...addedWithoutClaims } = addedEntry;
    await platform.close();
    expect(bodiesOf(h, 'AI35-9')).toEqual([{
      task_id: taskId,
      final_result: [...found.filter((_, i) => i !== 1), { ...addedWithoutClaims, user_added: true, selected: true }],
    }]);

    // step 5: the report title (default from the idea), then the link
    const report = await t.step('Step 5 of 5');
    expect(textOf(report)).toContain(`(${found.length} references)`);
    const titleForm = await t.openForm(report, 'Generate report');
    expect(formValues(titleForm.view).title).toMatch(/^Novelty search: A telephone with an image sensor/);
    await h.submitForm(titleForm.view, { title: 'Image-reading telephone: novelty' });
    const done = await t.reply('Novelty search report ready');
    expect(bodiesOf(h, 'AI35-10')).toEqual([{ task_id: taskId, title: 'Image-reading telephone: novelty' }]);
    expect(textOf(done)).toMatch(/\[Image-reading telephone: novelty\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(bodiesOf(h, 'AI35-11').every((b) => JSON.stringify(b) === JSON.stringify({ task_id: taskId }))).toBe(true);
    await eventually(async () => (await h!.bot.state.listOpenByUser('T1', 'U1')).length === 0, 'the search to be done');

    // every request the bot sent is valid against the published schema
    for (const request of h.sim.requests) {
      if (request.operation !== 'unknown' && isPublished(request.operation)) expect(requestErrors(request.operation, request.body)).toEqual([]);
    }
    // settled steps keep their content, lose their buttons, and say who confirmed them
    const settledSteps = t.replies.filter((m) => textOf(m).includes('Confirmed by <@U1>'));
    expect(settledSteps.length).toBe(5);
    for (const m of settledSteps) expect(buttonsOf(m)).toEqual([]);
  });
});
