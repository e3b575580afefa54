/**
 * Issue 6 `/iip material` end to end through the real Slack app and the simulator: the exact AI73 bodies, the
 * thinking process, ticked recommendations, the mind map as a nested outline, and implementation plans for
 * two nodes chosen from its menu.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { PlatformClient } from '../../src/platform/client.js';
import { thinkingProgress } from '../../src/handlers/material/thinking.js';
import { translatorFor } from '../../src/i18n/index.js';
import { materialRecommendations, thinking } from '../../src/platform/simulator/content/material.js';
import { requestErrors, isPublished } from '../helpers/openapi-validator.js';
import { API_KEY, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, selectOptions, textOf } from './slack-novelty-steps.js';
import { checkboxesOf, pressWithTicks } from './slack-solution-steps.js';
import { MATERIAL_PROBLEM, openMaterial, withMenu } from './slack-material-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('/iip material', () => {
  test('thinking, ticked recommendations, the mind map outline, and a plan for each of two chosen nodes, with the exact bodies', async () => {
    h = await startSlackBot();
    const t = await openMaterial(h);
    expect(h.slack.message('C1', t.parentTs)!.text).toContain('<@U1> started a material solution finding');
    const step1 = await t.step('Step 1 of 2');
    expect(bodiesOf(h, 'AI73-1')).toEqual([{ input: MATERIAL_PROBLEM, lang: 'en' }]);
    const taskId = (bodiesOf(h, 'AI73-4')[0] as { task_id: string }).task_id;
    expect(bodiesOf(h, 'AI73-2')).toEqual([{ task_id: taskId }]);
    for (const section of [
      'Problem analysis',
      'Success criteria',
      'Direction decomposition',
      'Hierarchical dispersion control',
      'Literature search',
    ]) {
      expect(textOf(step1)).toContain(section);
    }
    const recs = materialRecommendations(MATERIAL_PROBLEM, 'en');
    expect(checkboxesOf(step1)!.values).toEqual(recs.map((_, i) => String(i)));
    expect(buttonsOf(step1).map((b) => b.label)).toEqual(['Confirm', 'Add your own', 'Cancel']);

    await pressWithTicks(t, step1, 'Confirm', ['1', '3']);
    await waitFor(() => bodiesOf(h!, 'AI73-3').length === 1, 'AI73-3');
    expect(bodiesOf(h, 'AI73-3')).toEqual([{ task_id: taskId, recommend: [recs[1], recs[3]] }]);

    const mind = await withMenu(t, 'Technical mind map');
    const outline = textOf(mind);
    expect(outline).toContain(`- ${recs[1]}`);
    expect(outline).toContain(`    - ${recs[3]} — option 2`);
    expect(outline).not.toContain(recs[0]!);
    expect(selectOptions(mind)!.options).toHaveLength(7); // root, 2 branches, 2 options each

    const platform = new PlatformClient({ baseUrl: h.sim.url, apiKey: API_KEY });
    const boardId = (await platform.call('AI73-4', { task_id: taskId })).board_id!;
    const cells = (await platform.call('AI73-5', { task_id: taskId })).solution!.cells;
    await platform.close();
    const nodeIdOf = (title: string) => cells.find((c) => c.data?.sys_title === title)!.data!.node_id!;

    const firstTitle = `${recs[1]} — option 2`;
    await t.choose(mind, firstTitle);
    await waitFor(() => bodiesOf(h!, 'AI73-8').length === 1, 'AI73-8');
    const first = { task_id: taskId, board_id: boardId, node_id: nodeIdOf(firstTitle) };
    expect(bodiesOf(h, 'AI73-8')).toEqual([first]);
    const plan1 = await withMenu(t, 'Implementation plan', mind);
    expect(textOf(plan1)).toContain(`Implementation strategy: ${firstTitle}`);
    expect(textOf(t.replies.find((m) => m.ts === mind.ts)!)).toContain('Confirmed by <@U1>');

    // the thread stays usable: another node from the plan's own menu
    const secondTitle = recs[3]!;
    await t.choose(plan1, secondTitle);
    const plan2 = await withMenu(t, `Implementation strategy: ${secondTitle}`, plan1);
    const second = { task_id: taskId, board_id: boardId, node_id: nodeIdOf(secondTitle) };
    expect(bodiesOf(h, 'AI73-8')).toEqual([first, second]);
    // AI73-9 is polled under the task each AI73-8 returned (a new one per node), never the finding's own
    const planTasks = [...new Set(bodiesOf(h, 'AI73-9').map((b) => (b as { task_id: string }).task_id))];
    expect(planTasks).toHaveLength(2);
    expect(planTasks).not.toContain(taskId);
    const [plan1Task, plan2Task] = planTasks;
    for (const body of bodiesOf(h, 'AI73-9')) {
      expect([
        { ...first, task_id: plan1Task },
        { ...second, task_id: plan2Task },
      ]).toContainEqual(body);
    }
    expect(buttonsOf(plan2).map((b) => b.label)).toEqual(['Cancel']);

    for (const request of h.sim.requests) {
      if (request.operation !== 'unknown' && isPublished(request.operation)) expect(requestErrors(request.operation, request.body)).toEqual([]);
    }
  });

  test('an empty problem is answered with the usage; nothing is sent', async () => {
    h = await startSlackBot();
    await h.command('material   ');
    const note = await waitFor(() => h!.slack.ephemerals[0], 'the note');
    expect(note.text).toContain('Describe the problem. Nothing was sent.');
    expect(note.text).toMatch(/Usage: `\/iip material (<|&lt;)problem/);
    expect(h.sim.requests).toEqual([]);
  });

  test('while the thinking runs, the progress note shows the sections the platform has so far', () => {
    const full = thinking(MATERIAL_PROBLEM);
    const progress = (partial: object) => thinkingProgress({ status: 'RUNNING', ...partial }, translatorFor('en'));
    expect(progress({})).toBeUndefined();
    const first = progress({ problem_statement: full.problem_statement })!;
    expect(first).toContain('Problem analysis');
    expect(first).not.toContain('Direction decomposition');
    const more = progress({ problem_statement: full.problem_statement, direction: full.direction, references: full.references })!;
    expect(more).toContain('Direction decomposition');
    expect(more).toContain('**Literature search** (4 documents)');
    expect(more.length).toBeLessThanOrEqual(2_900);
  });
});
