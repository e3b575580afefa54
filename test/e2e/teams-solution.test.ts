/**
 * `solution` in a Teams channel, end to end through botbuilder's CloudAdapter, the workflow machinery and the
 * simulator: the recommended goals as a ticked multi-select choice set, the ticks sent with Continue (as Teams
 * merges the card's inputs into the submit), a double click that moves the step once, the directions' choice set,
 * the agent stream in the progress message and each solution in its own card.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { directionsFor, recommendations } from '../../src/platform/simulator/content/solution.js';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import { isPublished, requestErrors } from '../helpers/openapi-validator.js';
import { USER } from '../helpers/teams-activities.js';
import { bodiesOf, choiceSetsOf, TeamsThread, textOf } from '../helpers/teams-workflow-steps.js';

const PROBLEM = 'Improve the energy density of lithium battery anodes without raising the production cost.';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('solution in a Teams channel', () => {
  test('ticked goals and directions are sent exactly; a double click continues once; the agent streams; each solution is a card', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `solution ${PROBLEM}`);
    const step1 = await t.step('Step 1 of 3');
    expect(bodiesOf(h, 'AI33-1')).toEqual([{ lang: 'en', solution_issues: PROBLEM }]);
    const taskId = (bodiesOf(h, 'AI33-2')[0] as { task_id: string }).task_id;
    const recs = recommendations(PROBLEM, 'en');
    const [goals] = choiceSetsOf(step1);
    expect(goals).toMatchObject({ multi: true, value: recs.map((_, i) => String(i)).join(',') });
    expect(goals!.choices.map((c) => c.value)).toEqual(recs.map((_, i) => String(i)));
    expect(buttonsOf(step1).map((b) => b.title)).toEqual(['Continue', 'Add your own', 'Cancel']);

    // a double click: the same Continue, with the same ticks, delivered twice at once
    await t.doubleClick(step1, 'Continue', { [goals!.id]: '0,2,3' });
    await waitFor(() => bodiesOf(h!, 'AI33-3').length === 1, 'AI33-3');
    const kept = [recs[0], recs[2], recs[3]] as string[];
    expect(bodiesOf(h, 'AI33-3')).toEqual([{ task_id: taskId, lang: 'en', recommend: kept }]);
    const settled = await waitFor(
      () => t.replies.find((m) => m.id === step1.id && textOf(m).includes('Confirmed by') && buttonsOf(m).length === 0),
      'step 1 settled without buttons',
    );
    expect(choiceSetsOf(settled)).toEqual([]);
    expect(textOf(settled)).toContain(`☑ ${recs[0]}`);
    expect(cardJson(settled)).toContain(`<at>${USER.name}</at>`);
    await t.note('Already done');

    const step2 = await t.step('Step 2 of 3');
    const directions = directionsFor(PROBLEM, kept);
    expect(textOf(step2)).toContain(directions[0]!.reason);
    const [chosen] = choiceSetsOf(step2);
    expect(chosen!.value).toBe('0,1');
    h.sim.setTaskDuration(60_000); // hold the solutions running while the agent streams
    await t.press(step2, 'Continue', { [chosen!.id]: '0,2' });
    await waitFor(() => bodiesOf(h!, 'AI33-5').length === 1, 'AI33-5');
    expect(bodiesOf(h, 'AI33-5')).toEqual([{ task_id: taskId, lang: 'en', directions: directions.map((d, i) => ({ ...d, ticked: i !== 1 })) }]);
    const streamed = await waitFor(
      () => t.replies.find((m) => textOf(m).includes('Writing the solutions') && textOf(m).includes('Solution synthesis')),
      'the agent stream in the progress message',
    );
    expect(bodiesOf(h, 'AGENT-SSE')).toEqual([{ job_id: taskId }]);
    h.sim.setTaskDuration(0);

    const summary = await t.reply('4 solutions found');
    expect(summary.id).toBe(streamed.id);
    const solutions = await waitFor(() => {
      const found = t.replies.filter((m) => textOf(m).includes('Solution ') && textOf(m).includes(' of 4 · '));
      return found.length === 4 ? found : undefined;
    }, 'four solution cards');
    expect(textOf(solutions[0])).toContain(`${directions[0]!.reason} — option 1`);
    expect(cardJson(solutions[0])).toContain('Innovation level');
    expect(cardJson(solutions[0])).not.toContain('<strong>');
    expect(textOf(solutions[3])).toContain(`${directions[2]!.reason} — option 2`);
    expect(solutions.every((m) => buttonsOf(m).length === 0)).toBe(true);
    expect(bodiesOf(h, 'AI33-3')).toHaveLength(1);
    for (const request of h.sim.requests) {
      if (request.operation !== 'unknown' && isPublished(request.operation)) expect(requestErrors(request.operation, request.body)).toEqual([]);
    }
  });

  test('a problem over the platform limit is refused with the usage; nothing is sent', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `solution ${'x'.repeat(501)}`);
    const note = await t.note('at most 500 characters');
    expect(textOf(note)).toContain('yours has 501');
    expect(textOf(note)).toMatch(/Usage: `@iip solution <technical problem>/);
    expect(h.sim.requests).toEqual([]);
  });
});
