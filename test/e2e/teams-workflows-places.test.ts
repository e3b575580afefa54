/**
 * The card-driven workflows in each of Teams' places (a channel's reply chain, a group chat, the 1:1 chat), end
 * to end through botbuilder's CloudAdapter, the workflow machinery and the simulator, one bot for the file:
 * report (its Edit form inline, Generate, the link), disclosure (an element edited inline, Generate, the streamed
 * text, the link) and material (ticked recommendations, the mind map's node menu, a plan). Clicks come from the
 * place the card is in, as Teams sends them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { materialRecommendations } from '../../src/platform/simulator/content/material.js';
import { defaultDirectory } from '../../src/platform/simulator/content/report.js';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import { PLACES, PlaceThread } from '../helpers/teams-places.js';
import { bodiesOf, choiceSetsOf, elementsOf, inputsOf, textOf } from '../helpers/teams-workflow-steps.js';

type Json = Record<string, unknown>;

let h: TeamsBotHarness;
beforeAll(async () => {
  h = await startTeamsBot();
});
afterAll(async () => {
  await h.close();
});

const latest = <T>(operation: string): T => bodiesOf(h, operation).at(-1) as T;
/** The message with a node menu (a single-choice set beside Apply) containing `text`, newer than `after`. */
const withMenu = (t: PlaceThread, text: string, after?: FakeActivity) =>
  waitFor(
    () =>
      t.messages.find(
        (m) =>
          textOf(m).includes(text) &&
          choiceSetsOf(m).some((c) => !c.multi) &&
          buttonsOf(m).some((b) => b.title === 'Apply') &&
          (!after || Number(m.id) > Number(after.id)),
      ),
    `a node menu under "${text}"`,
  );

describe.each(PLACES)('Teams workflows in %s', (place, where) => {
  test(`report: the Edit form is an inline card, its module goes into AI34-2, and the link comes, in ${where}`, async () => {
    const question = `Solid-state electrolytes for fast-charging batteries (${place})`;
    const t = await PlaceThread.opened(h, place, `report ${question}`);
    const outline = await t.step('Report outline');
    expect(buttonsOf(outline).map((b) => b.title)).toEqual(['Generate', 'Edit', 'Cancel']);
    // Cancel asks first: Adaptive Cards have no confirm dialog, so the question opens under the button
    const cancel = elementsOf(outline).find((e) => e.type === 'Action.ShowCard')!;
    const asked = cancel.card as { body: Json[]; actions: Json[] };
    expect(cancel.title).toBe('Cancel');
    expect(asked.body.map((b) => b.text)).toEqual([
      expect.stringMatching(/^Cancel the .+\?$/),
      expect.stringContaining('No, keep it: press Cancel again.'),
    ]);
    expect(asked.actions).toEqual([expect.objectContaining({ type: 'Action.Submit', title: 'Yes, cancel it', style: 'destructive' })]);
    expect(
      elementsOf(outline)
        .filter((e) => e.type === 'Action.Submit')
        .map((e) => e.title),
    ).toEqual(['Generate', 'Edit', 'Yes, cancel it']);
    await t.press(outline, 'Edit');
    const form = await t.form(outline);
    expect(inputsOf(form).map((i) => i.id)).toEqual(['custom-1', 'custom-2']);
    await t.submit(form, { 'custom-1': 'Sodium-ion alternatives', 'custom-2': '' });
    // Save shows the outline again with the module; Generate sends it
    await waitFor(() => textOf(t.current(outline)).includes('Sodium-ion alternatives') && buttonsOf(t.current(outline)).length > 0, 'saved');
    await t.press(t.current(outline), 'Generate');
    const done = await t.reply('Pre-research report ready', 15_000);
    const custom = { key: 'TECH_RESEARCH_CUSTOM_MODULE_1', name: 'Sodium-ion alternatives', source_type: 'customize' };
    expect(latest<{ technical_issues: string; analysis_directory: unknown[] }>('AI34-2')).toMatchObject({
      technical_issues: question,
      analysis_directory: [...defaultDirectory(question), custom],
    });
    expect(cardJson(done)).toMatch(/\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
    await waitFor(() => buttonsOf(t.current(outline)).length === 0 && textOf(t.current(outline)).includes('Confirmed by'), 'the outline settled');
  });

  test(`disclosure: an element edited inline goes into AI32-2; the text streams, then the link, in ${where}`, async () => {
    const idea = `A bicycle helmet whose shell stiffens on impact through a shear-thickening fluid layer (${place}).`;
    const t = await PlaceThread.opened(h, place, `disclosure ${idea} --lang en`);
    const review = await t.step('Key elements');
    await t.press(review, 'Edit mechanism');
    const form = await t.form(review);
    await t.submit(form, { value: 'The fluid layer turns rigid within 2 ms of an impact.' });
    const edited = await waitFor(
      () => t.messages.find((m) => m.id === review.id && textOf(m).includes('turns rigid') && buttonsOf(m).length > 0),
      'the edited mechanism',
    );
    await t.press(edited, 'Generate');
    const done = await t.reply('Technical disclosure ready', 15_000);
    expect(latest('AI32-2')).toMatchObject({ tech_solution: idea, mechanism: 'The fluid layer turns rigid within 2 ms of an impact.' });
    const jobId = (bodiesOf(h, 'AI32-3').at(-1) as { job_id: string }).job_id;
    const words = (text: string): string[] => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const shown = words(t.messages.map(textOf).join('\n')).join(' ');
    expect(shown).toContain(words(h.sim.expectedStreamText('AI32-4', { job_id: jobId })).join(' '));
    expect(cardJson(done)).toMatch(/\[download the document\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
  });

  test(`material: ticked recommendations, the mind map's menu and a plan for a chosen node, in ${where}`, async () => {
    const problem = `Improve the UV protection of a zinc-oxide sunscreen without whitening (${place})`;
    const t = await PlaceThread.opened(h, place, `material ${problem}`);
    const step1 = await t.step('Step 1 of 2');
    const recs = materialRecommendations(problem, 'en');
    const [ticks] = choiceSetsOf(step1);
    await t.press(step1, 'Confirm', { [ticks!.id]: '0,2' });
    await waitFor(() => bodiesOf(h, 'AI73-3').length > 0 && latest<{ recommend: string[] }>('AI73-3').recommend[0] === recs[0], 'AI73-3');
    expect(latest('AI73-3')).toMatchObject({ recommend: [recs[0], recs[2]] });
    const mind = await withMenu(t, 'Technical mind map');
    const menu = choiceSetsOf(mind).find((c) => !c.multi)!;
    const entry = menu.choices.find((c) => c.title.replace(/^(· )+/, '') === recs[2])!;
    await t.press(mind, 'Apply', { [menu.id]: entry.value });
    const plan = await withMenu(t, `Implementation strategy: ${recs[2]}`, mind);
    expect(buttonsOf(plan).map((b) => b.title)).toEqual(['Apply', 'Cancel']);
    expect(latest('AI73-8')).toMatchObject({ node_id: expect.any(String) });
  });
});
