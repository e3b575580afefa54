/**
 * `material` in a Teams channel, end to end through botbuilder's CloudAdapter, the workflow machinery and the
 * simulator: the thinking process, the recommendations ticked in a multi-select choice set, the mind map as a
 * nested outline with a node menu (a compact choice set and Apply: Adaptive Cards fire nothing on a change),
 * an implementation plan for each of two nodes chosen, and a double click on Confirm that confirms once.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { PlatformClient } from '../../src/platform/client.js';
import { materialRecommendations } from '../../src/platform/simulator/content/material.js';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import { bodiesOf, choiceSetsOf, TeamsThread, textOf } from '../helpers/teams-workflow-steps.js';

const PROBLEM = 'Improve the UV protection of a zinc oxide sunscreen without the white cast.';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The reply containing `text` whose card holds a node menu (a single-choice set with Apply), newer than `after`. */
const withMenu = (t: TeamsThread, text: string, after?: FakeActivity) =>
  waitFor(
    () =>
      t.replies.find(
        (m) =>
          textOf(m).includes(text) &&
          choiceSetsOf(m).some((c) => !c.multi) &&
          buttonsOf(m).some((b) => b.title === 'Apply') &&
          (!after || m.id > after.id),
      ),
    `a node menu under "${text}"`,
  );

/** Chooses the menu entry for the node titled `title` and presses Apply, as a user does. */
function choose(t: TeamsThread, card: FakeActivity, title: string) {
  const menu = choiceSetsOf(card).find((c) => !c.multi)!;
  // entries are indented by their depth in the map (`· ` per level)
  const entry = menu.choices.find((c) => c.title.replace(/^(· )+/, '') === title);
  if (!entry) throw new Error(`no menu entry "${title}" in ${menu.choices.map((c) => c.title).join(' | ')}`);
  return t.press(card, 'Apply', { [menu.id]: entry.value });
}

describe('material in a Teams channel', () => {
  test('thinking, ticked recommendations (a double click confirms once), the mind map outline, and a plan for each of two chosen nodes', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `material ${PROBLEM}`);
    const step1 = await t.step('Step 1 of 2');
    expect(bodiesOf(h, 'AI73-1')).toEqual([{ input: PROBLEM, lang: 'en' }]);
    const taskId = (bodiesOf(h, 'AI73-4')[0] as { task_id: string }).task_id;
    for (const section of ['Problem analysis', 'Direction decomposition', 'Literature search']) expect(cardJson(step1)).toContain(section);
    const recs = materialRecommendations(PROBLEM, 'en');
    const [ticks] = choiceSetsOf(step1);
    expect(ticks!.multi).toBe(true);
    expect(ticks!.choices.map((c) => c.value)).toEqual(recs.map((_, i) => String(i)));
    expect(buttonsOf(step1).map((b) => b.title)).toEqual(['Confirm', 'Add your own', 'Cancel']);

    await t.doubleClick(step1, 'Confirm', { [ticks!.id]: '1,3' });
    await waitFor(() => bodiesOf(h!, 'AI73-3').length === 1, 'AI73-3');
    expect(bodiesOf(h, 'AI73-3')).toEqual([{ task_id: taskId, recommend: [recs[1], recs[3]] }]);
    await t.note('Already done');

    const mind = await withMenu(t, 'Technical mind map');
    expect(cardJson(mind)).toContain(recs[1]!);
    expect(cardJson(mind)).toContain(`${recs[3]} — option 2`);
    expect(cardJson(mind)).not.toContain(recs[0]!);
    expect(choiceSetsOf(mind).find((c) => !c.multi)!.choices).toHaveLength(7); // root, 2 branches, 2 options each

    const platform = new PlatformClient({ baseUrl: h.sim.url, apiKey: 'sk-teams-e2e-key' });
    const boardId = (await platform.call('AI73-4', { task_id: taskId })).board_id!;
    const cells = (await platform.call('AI73-5', { task_id: taskId })).solution!.cells;
    await platform.close();
    const nodeIdOf = (title: string) => cells.find((c) => c.data?.sys_title === title)!.data!.node_id!;

    const firstTitle = `${recs[1]} — option 2`;
    await choose(t, mind, firstTitle);
    const plan1 = await withMenu(t, 'Implementation plan', mind);
    const first = { task_id: taskId, board_id: boardId, node_id: nodeIdOf(firstTitle) };
    expect(bodiesOf(h, 'AI73-8')).toEqual([first]);
    expect(cardJson(plan1)).toContain(`Implementation strategy: ${firstTitle}`);

    // the thread stays usable: another node from the plan's own menu
    const secondTitle = recs[3]!;
    await choose(t, plan1, secondTitle);
    const plan2 = await withMenu(t, `Implementation strategy: ${secondTitle}`, plan1);
    expect(bodiesOf(h, 'AI73-8')).toEqual([first, { task_id: taskId, board_id: boardId, node_id: nodeIdOf(secondTitle) }]);
    expect(buttonsOf(plan2).map((b) => b.title)).toEqual(['Apply', 'Cancel']);
  });

  test('an empty problem is answered with the usage; nothing is sent', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, 'material   ');
    const note = await t.note('Describe the problem. Nothing was sent.');
    expect(textOf(note)).toMatch(/Usage: `@iip material <problem/);
    expect(h.sim.requests).toEqual([]);
  });
});
