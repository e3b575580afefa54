/**
 * Issue 6 `/iip solution` end to end: the real Bolt app, the workflow machinery, the platform client against the
 * simulator and the fake Slack Web API; the exact AI33 bodies at each step, the agent's steps as a plan below the
 * progress message, the solutions posted one per message; refusals that call nothing.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { renderMessage } from '../../src/adapters/slack/render/message.js';
import { solutionMessages } from '../../src/handlers/solution/render.js';
import { translatorFor } from '../../src/i18n/index.js';
import { directionsFor, recommendations } from '../../src/platform/simulator/content/solution.js';
import { requestErrors, isPublished } from '../helpers/openapi-validator.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, eventually, textOf } from './slack-novelty-steps.js';
import { checkboxesOf, openSolution, pressWithTicks, PROBLEM } from './slack-solution-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('/iip solution', () => {
  test("ticked goals and directions are sent exactly; the agent's steps show as a plan; each solution is posted", async () => {
    h = await startSlackBot();
    const t = await openSolution(h);
    expect(h.slack.message('C1', t.parentTs)!.text).toContain('<@U1> started a technical solution exploration');
    const step1 = await t.step('Step 1 of 3');
    expect(bodiesOf(h, 'AI33-1')).toEqual([{ lang: 'en', solution_issues: PROBLEM }]);
    const taskId = (bodiesOf(h, 'AI33-2')[0] as { task_id: string }).task_id;
    const recs = recommendations(PROBLEM, 'en');
    const boxes1 = checkboxesOf(step1)!;
    expect(boxes1.values).toEqual(recs.map((_, i) => String(i)));
    expect(boxes1.initial).toEqual(boxes1.values);
    expect(buttonsOf(step1).map((b) => b.label)).toEqual(['Continue', 'Add your own', 'Cancel']);

    await pressWithTicks(t, step1, 'Continue', ['0', '2', '3']);
    await waitFor(() => bodiesOf(h!, 'AI33-3').length === 1, 'AI33-3');
    const kept = [recs[0], recs[2], recs[3]];
    expect(bodiesOf(h, 'AI33-3')).toEqual([{ task_id: taskId, lang: 'en', recommend: kept }]);
    const settled1 = await waitFor(() => t.replies.find((m) => m.ts === step1.ts && textOf(m).includes('Confirmed by <@U1>')), 'step 1 settled');
    expect(buttonsOf(settled1)).toEqual([]);
    expect(checkboxesOf(settled1)).toBeUndefined();
    expect(textOf(settled1)).toContain(`☑ ${recs[0]}`);
    expect(textOf(settled1)).toContain('☐ ');

    const step2 = await t.step('Step 2 of 3');
    const directions = directionsFor(PROBLEM, kept as string[]);
    expect(textOf(step2)).toContain(directions[0]!.reason);
    expect(textOf(step2)).toContain('Verification:');
    expect(checkboxesOf(step2)!.initial).toEqual(['0', '1']);
    h.sim.setTaskDuration(60_000); // hold the solutions running while the agent streams
    await pressWithTicks(t, step2, 'Continue', ['0', '2']);
    await waitFor(() => bodiesOf(h!, 'AI33-5').length === 1, 'AI33-5');
    expect(bodiesOf(h, 'AI33-5')).toEqual([{ task_id: taskId, lang: 'en', directions: directions.map((d, i) => ({ ...d, ticked: i !== 1 })) }]);

    // the agent's steps show as the tasks of a plan below the progress message, the running one with its latest text
    const isPlan = (m: FakeSlackMessage) => m.threadTs === t.parentTs && m.stream?.taskDisplayMode === 'plan';
    const taskUpdates = (m: FakeSlackMessage) => m.stream!.chunks.filter((c) => c.type === 'task_update');
    const plan = await waitFor(
      () => h!.slack.streams.messages().find((m) => isPlan(m) && taskUpdates(m).some((c) => c.title === 'Solution synthesis')),
      "the agent's steps in the plan",
    );
    expect([...new Set(taskUpdates(plan).map((c) => c.title))]).toEqual([
      'Problem analysis',
      'Literature search',
      'Direction generation',
      'Solution synthesis',
    ]);
    expect(String(taskUpdates(plan).at(-1)!.details)).toContain('Recommended: combine the first two directions');
    const progress = t.replies.find((m) => textOf(m).includes('Writing the solutions'))!;
    expect(bodiesOf(h, 'AGENT-SSE')).toEqual([{ job_id: taskId }]);
    h.sim.setTaskDuration(0);

    const summary = await t.reply('4 solutions found');
    expect(summary.ts).toBe(progress.ts);
    expect(plan.stream!.state).toBe('completed');
    const lastStates = Object.fromEntries(taskUpdates(plan).map((c) => [c.title, c.status]));
    expect(Object.values(lastStates)).toEqual(['complete', 'complete', 'complete', 'complete']);
    expect(textOf(summary)).toContain(directions[0]!.reason);
    const solutions = await waitFor(() => {
      const found = t.replies.filter((m) => textOf(m).includes('Solution ') && textOf(m).includes(' of 4 · '));
      return found.length === 4 ? found : undefined;
    }, 'four solution messages');
    const first = textOf(solutions[0]!);
    expect(first).toContain(`${directions[0]!.reason} — option 1`);
    expect(first).toContain('Innovation level');
    expect(first).toContain('Improvements');
    expect(first).toMatch(/https:\/\/patents\.google\.com\/patent\/[A-Z]{2}\d+/);
    expect(first).not.toContain('<strong>');
    expect(textOf(solutions[3]!)).toContain(`${directions[2]!.reason} — option 2`);
    expect(solutions.every((m) => buttonsOf(m).length === 0)).toBe(true);
    await eventually(async () => (await h!.bot.state.listOpenByUser('T1', 'U1')).length === 0, 'the exploration to be done');

    for (const request of h.sim.requests) {
      if (request.operation !== 'unknown' && isPublished(request.operation)) expect(requestErrors(request.operation, request.body)).toEqual([]);
    }
  });

  test('a problem over the platform limit, an empty one and a bad language are refused with the usage; nothing is sent', async () => {
    h = await startSlackBot();
    await h.command(`solution ${'x'.repeat(501)}`);
    await h.command('solution');
    await h.command('solution --lang fr Improve the anode');
    const notes = await waitFor(() => (h!.slack.ephemerals.length === 3 ? h!.slack.ephemerals.map((e) => e.text) : undefined), 'three notes');
    expect(notes.find((n) => n.includes('at most 500 characters') && n.includes('yours has 501'))).toBeDefined();
    expect(notes.find((n) => n.includes('Describe the technical problem.'))).toBeDefined();
    expect(notes.find((n) => n.includes('`--lang` must be `en` or `cn`'))).toBeDefined();
    for (const note of notes) expect(note).toMatch(/Nothing was sent\.\nUsage: `\/iip solution (<|&lt;)technical problem/);
    expect(h.sim.requests).toEqual([]);
  });

  test('help lists solution and material with their usage and an example', async () => {
    h = await startSlackBot();
    const response = await h.command('help');
    const shown = await waitFor(() => {
      const texts = [response.body, ...h!.slack.ephemerals.map((e) => e.text)].join('\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
      return texts.includes('/iip material') ? texts : undefined;
    }, 'the help text');
    expect(shown).toContain('/iip solution <technical problem> [--lang en|cn]');
    expect(shown).toContain('/iip solution Improve the energy density');
    expect(shown).toContain('/iip material <problem> [--lang en|cn]');
    expect(shown).toContain('/iip material Improve the UV protection');
  });

  test('a solution too long for one Slack message goes out as several, its whole content kept in order', () => {
    const paragraphs = Array.from(
      { length: 60 },
      (_, i) => `Paragraph ${i + 1}: ${'the anode coating keeps its thickness below 20 µm while the binder holds. '.repeat(8)}`,
    );
    const map = {
      title: 'Anode',
      cells: [
        { id: 'root', shape: 'idea-node', data: { sys_title: 'Anode', order: '0' } },
        {
          id: 'leaf',
          shape: 'solution-node',
          data: {
            sys_title: 'Thin coating',
            sys_content: paragraphs.join('<br><br>'),
            innovation: 4,
            improvements: ['Raise the margin'],
            order: '1',
          },
        },
        { id: 'e1', shape: 'default-edge', source: { cell: 'root' }, target: { cell: 'leaf' } },
      ],
    };
    const [message] = solutionMessages(map, translatorFor('en'));
    const pages = renderMessage(message!);
    expect(pages.length).toBeGreaterThan(1);
    const all = JSON.stringify(pages);
    let at = -1;
    for (let i = 1; i <= 60; i++) {
      const next = all.indexOf(`Paragraph ${i}:`);
      expect(next).toBeGreaterThan(at);
      at = next;
    }
    expect(all).toContain('Raise the margin');
  });
});
