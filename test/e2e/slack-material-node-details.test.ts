/**
 * Issue 16: a node's implementation plan comes with its details (AI73-7: principle, maturity, engineering
 * reliability, expected challenges, industry cases; citations as [n]) and its first references (AI73-6), with
 * the exact bodies; when AI73-7 fails the plan is still shown and says what is missing.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { nodeDetailBlocks } from '../../src/handlers/material/node-details.js';
import { translatorFor } from '../../src/i18n/index.js';
import { PlatformClient } from '../../src/platform/client.js';
import { materialRecommendations } from '../../src/platform/simulator/content/material.js';
import { isPublished, requestErrors } from '../helpers/openapi-validator.js';
import { API_KEY, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, textOf } from './slack-novelty-steps.js';
import { pressWithTicks } from './slack-solution-steps.js';
import { MATERIAL_PROBLEM, openMaterial, withMenu } from './slack-material-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function toPlan(harness: SlackBotHarness) {
  const t = await openMaterial(harness);
  await pressWithTicks(t, await t.step('Step 1 of 2'), 'Confirm', ['0', '1']);
  const mind = await withMenu(t, 'Technical mind map');
  const title = `${materialRecommendations(MATERIAL_PROBLEM, 'en')[1]} — option 1`;
  await t.choose(mind, title);
  return { t, mind, title, plan: await withMenu(t, 'Implementation plan', mind) };
}

describe('material node details', () => {
  test('the plan shows the node’s principle, maturity, reliability, challenges, industry cases and references', async () => {
    h = await startSlackBot();
    const { plan, title } = await toPlan(h);
    const taskId = (bodiesOf(h, 'AI73-2')[0] as { task_id: string }).task_id;
    const platform = new PlatformClient({ baseUrl: h.sim.url, apiKey: API_KEY });
    const boardId = (await platform.call('AI73-4', { task_id: taskId })).board_id!;
    const cells = (await platform.call('AI73-5', { task_id: taskId })).solution!.cells;
    const nodeId = cells.find((c) => c.data?.sys_title === title)!.data!.node_id!;
    const records = (await platform.call('AI73-6', { task_id: taskId, board_id: boardId, node_id: nodeId, page: 1, limit: 5 })).records!;
    await platform.close();

    const ids = { task_id: taskId, board_id: boardId, node_id: nodeId };
    expect(bodiesOf(h, 'AI73-7')).toEqual([ids]);
    expect(bodiesOf(h, 'AI73-6').slice(0, 1)).toEqual([{ ...ids, page: 1, limit: 5 }]);
    const text = textOf(plan);
    for (const heading of ['About this node', 'Principle', 'Maturity', 'Engineering reliability', 'Expected challenges', 'Industry cases'])
      expect(text).toContain(heading);
    expect(text).toContain(`${title} works by controlling interfacial energy between the particles and the matrix [1].`);
    expect(text).not.toContain('<cite');
    expect(text).toContain('References (5 of 12)');
    expect(text).toContain(
      `1. <https://patents.google.com/patent/${String((records[0] as Record<string, unknown>).PN)}|${String((records[0] as Record<string, unknown>).PN)} `,
    );
    // numbered once: the list numbers its items, the titles carry none of their own (issue 29: "[1] [1] JP…")
    expect(text).not.toMatch(/\[\d+\]\s*\[\d+\]/);
    for (const request of h.sim.requests)
      if (request.operation !== 'unknown' && isPublished(request.operation)) expect(requestErrors(request.operation, request.body)).toEqual([]);
  });

  test('when AI73-7 fails the plan is still shown with its references and says the details could not be read', async () => {
    h = await startSlackBot();
    h.sim.inject({ kind: 'envelope-error', errorCode: 68300008, operation: 'AI73-7', times: 5 });
    const { plan } = await toPlan(h);
    const text = textOf(plan);
    expect(text).toContain('Implementation strategy');
    expect(text).toContain("The node's principle, maturity and industry cases could not be read.");
    expect(text).toContain('References (5 of 12)');
    expect(text).not.toContain('About this node');
    await waitFor(() => bodiesOf(h!, 'AI73-7').length >= 1 || undefined, 'AI73-7 asked');
  });

  test('a citation as the published example writes it (a link inside <cite>) becomes its number; the text stays the platform’s', () => {
    const item =
      '成本方面,合成工艺相对复杂<cite class="rounded-full" title="两亲共聚物"><a href="/view/#/?patentId=172d" target="_blank">1</a></cite>。';
    const [block] = nodeDetailBlocks({ facts: { expected_challenge: [item] } }, translatorFor('en'));
    expect(block).toEqual({ type: 'markdown', text: '**About this node**\n\n**Expected challenges**\n- 成本方面,合成工艺相对复杂 [1]。' });
  });
});
