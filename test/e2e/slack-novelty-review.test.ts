/**
 * Issue 16, what the user confirmed is what the report states: a feature left out at step 2 is not sent to
 * AI35-5 and appears in no comparison; at step 4 a reference the platform did not preselect is included and a
 * preselected one left out, AI35-9 gets exactly the included ones, step 5 counts them and the downloaded report
 * compares exactly those; the attorney's own verdict travels beside the platform's; --family-merge reaches AI35-7
 * and the agent's search strategy is shown. Real Bolt app, real platform client, the simulator, the fake Slack Web API.
 */
import { afterEach, expect, test } from 'vitest';
import { PlatformClient } from '../../src/platform/client.js';
import { requestErrors } from '../helpers/openapi-validator.js';
import { API_KEY, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, formValues, IDEA, NoveltyThread, selectOptions, textOf } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const pnOf = (document: string | null | undefined): string => (document ?? '').split(' ')[0] ?? '';

test('a left-out feature and the references chosen at step 4 are exactly what reaches the platform and the report', async () => {
  h = await startSlackBot();
  await h.command(`novelty ${IDEA} --lang en --family-merge`);
  const t = await NoveltyThread.opened(h, 0);
  await t.press(await t.step('Step 1 of 5'), 'Confirm');
  const taskId = (bodiesOf(h, 'AI35-2')[0] as { task_id: string }).task_id;

  // step 2: the form asks which features to leave out; leaving out the second one keeps it out of AI35-5
  const features = await t.step('Step 2 of 5');
  const edit = await t.openForm(features, 'Edit');
  const platform = new PlatformClient({ baseUrl: h.sim.url, apiKey: API_KEY });
  const extracted = (await platform.call('AI35-4', { task_id: taskId })).data!;
  const leftOut = extracted[1]!.feature_text!;
  await h.submitForm(edit.view, { ...formValues(edit.view), leave: ['1'] });
  const redrawn = await waitFor(() => t.replies.find((m) => m.ts === features.ts && textOf(m).includes('left out')), 'the edited features');
  await t.press(redrawn, 'Confirm');
  await waitFor(() => bodiesOf(h!, 'AI35-5').length === 1, 'AI35-5');
  const sent = (bodiesOf(h, 'AI35-5')[0] as { tech_features: { feature_text: string; selected: boolean }[] }).tech_features;
  expect(sent.map((f) => f.feature_text)).toEqual(extracted.filter((_, i) => i !== 1).map((f) => f.feature_text));
  expect(sent.every((f) => f.selected)).toBe(true);

  // step 3 says families are merged, and AI35-7 asks for it
  const elements = await t.step('Step 3 of 5');
  expect(textOf(elements)).toContain('Patent families are merged: one hit per family.');
  await t.press(elements, 'Confirm and search');
  await waitFor(() => bodiesOf(h!, 'AI35-7').length === 1, 'AI35-7');
  const search = bodiesOf(h, 'AI35-7')[0] as { elements: { family_merge_enabled: boolean } };
  expect(search.elements.family_merge_enabled).toBe(true);
  expect(requestErrors('AI35-7', search)).toEqual([]);

  // step 4: the matrix and per-feature verdicts; the not-preselected references say so and are left out
  const references = await t.step('Step 4 of 5');
  const found = (await platform.call('AI35-8', { task_id: taskId })).final_result!;
  await platform.close();
  const notPreselected = found.findIndex((f) => f.selected === false);
  const preselected = found.findIndex((f) => f.selected !== false);
  expect(notPreselected).toBeGreaterThan(-1);
  const shown = textOf(references);
  expect(shown).toContain('Feature comparison of the references in the report');
  expect(shown).toContain('● disclosed');
  expect(shown).toContain('➖ left out');
  expect(shown).toContain('Search strategy the agent used');
  expect(shown).toMatch(/\*\*S1\*\* .+ · [\d,]+ hits/);
  expect(shown).toContain('TACD_ALL:');
  expect(shown).not.toContain(leftOut);
  const menu = selectOptions(references)!.options.map((o) => o.label);
  expect(menu).toContain(`${notPreselected + 1}. Include ${pnOf(found[notPreselected]!.document!)}`);

  await t.choose(references, `${notPreselected + 1}. Include `);
  const included = await waitFor(
    () =>
      t.replies.find((m) => m.ts === references.ts && selectOptions(m)?.options.some((o) => o.label.startsWith(`${notPreselected + 1}. Leave out `))),
    'the reference included',
  );
  await t.choose(included, `${preselected + 1}. Leave out `);
  const edited = await waitFor(
    () => t.replies.find((m) => m.ts === references.ts && selectOptions(m)?.options.some((o) => o.label.startsWith(`${preselected + 1}. Include `))),
    'the reference left out',
  );
  const chosen = found.filter((f, i) => i === notPreselected || (i !== preselected && f.selected !== false));
  expect(textOf(edited)).toContain(`${chosen.length} of ${found.length} references go into the report`);

  // the attorney overrides the platform's verdict on the included reference's second feature; a bad number changes nothing
  const verdict = await t.openForm(edited, 'Change a verdict');
  const notes = h.slack.ephemerals.length;
  await h.submitForm(verdict.view, { reference: '99', feature: '1', verdict: 'obvious', score: '', reason: '' });
  expect(await t.note(notes)).toContain(
    `Give the reference by its number in the list (1 to ${found.length}) or its column in the comparison (D1, D2, …); nothing was changed.`,
  );
  const again = await t.openForm(edited, 'Change a verdict');
  await h.submitForm(again.view, {
    reference: String(notPreselected + 1),
    feature: '2',
    verdict: 'not disclosed',
    score: '15',
    reason: 'The reference uses no network database.',
  });
  const overridden = await waitFor(
    () => t.replies.find((m) => m.ts === references.ts && textOf(m).includes('yours; the platform said')),
    'the verdict',
  );
  const platformVerdict = found[notPreselected]!.features![1]!;
  expect(textOf(overridden)).toContain('The reference uses no network database.');
  // verdicts in the legend's words, never the platform's codes (issue 29)
  expect(textOf(overridden)).toMatch(/not disclosed\W+\(15\)/);
  expect(textOf(overridden)).toMatch(/the platform said (disclosed|obvious|not disclosed)/);
  expect(textOf(overridden)).not.toMatch(/\b(public|different|DIFFER|NONE)\b/);
  await t.press(overridden, 'Confirm');
  await waitFor(() => bodiesOf(h!, 'AI35-9').length === 1, 'AI35-9');
  const withVerdict = (f: (typeof found)[number], i: number) =>
    i !== notPreselected
      ? f
      : {
          ...f,
          features: f.features!.map((c, j) =>
            j !== 1
              ? c
              : {
                  ...c,
                  type_for_user: 'different',
                  score_for_user: 15,
                  reason_for_user: 'The reference uses no network database.',
                  differ_for_user: 'DIFFER',
                },
          ),
        };
  const expected = chosen.map((f) => withVerdict(f, found.indexOf(f))).map((f) => ({ ...f, selected: true }));
  expect(bodiesOf(h, 'AI35-9')).toEqual([{ task_id: taskId, final_result: expected }]);
  // the platform's own verdict is kept beside the user's
  const sentEntries = (bodiesOf(h, 'AI35-9')[0] as { final_result: { document: string; features: Record<string, unknown>[] }[] }).final_result;
  const sentFeature = sentEntries.find((e) => e.document === found[notPreselected]!.document)!.features[1]!;
  expect(sentFeature).toMatchObject({
    type: platformVerdict.type,
    score: platformVerdict.score,
    original_type: platformVerdict.original_type ?? platformVerdict.type,
  });
  expect(requestErrors('AI35-9', bodiesOf(h, 'AI35-9')[0])).toEqual([]);

  // step 5 states the count sent; the report compares exactly those references and features
  const report = await t.step('Step 5 of 5');
  expect(textOf(report)).toContain(`(${chosen.length} references)`);
  const titleForm = await t.openForm(report, 'Generate report');
  await h.submitForm(titleForm.view, formValues(titleForm.view));
  const done = await t.reply('Novelty search report ready');
  const url = /\((http:\/\/127\.0\.0\.1:\d+\/files\/[0-9a-f]+\.docx)\)/.exec(textOf(done))![1]!;
  // the simulator stores the docx uncompressed: its XML (with &gt; escapes) is readable as it is
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const text = bytes.toString('utf8');
  // the report comes back as a file in the thread too (the link expires)
  const file = h.slack.files.uploads().find((f) => f.name.endsWith('.docx'));
  expect(file).toMatchObject({ channel: 'C1', threadTs: t.parentTs, completed: true });
  expect(file!.name).toMatch(/^Novelty-search-.+\.docx$/);
  expect(file!.data.equals(bytes)).toBe(true);
  expect(textOf(done)).toContain('the report is attached in this thread');
  expect(text).toContain(`Comparison documents: ${chosen.length}`);
  for (const f of chosen) expect(text).toContain(pnOf(f.document));
  expect(text).not.toContain(pnOf(found[preselected]!.document));
  expect(text).toContain(`${sent[0]!.feature_text} -&gt; `);
  expect(text).not.toContain(`${leftOut} -&gt; `);
});
