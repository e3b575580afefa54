/**
 * `novelty quick` in a Teams channel, end to end through botbuilder's CloudAdapter, the workflow machinery and
 * the simulator: the older one-shot group (NOVELTY-REPORT, polled, downloaded) without review steps, the report
 * link in the reply chain; `cancel` mentioned in the chain while it runs ends it and nothing more is posted.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { OPERATIONS, type OperationId } from '../../src/platform/operations.js';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import { bodiesOf, TeamsThread } from '../helpers/teams-workflow-steps.js';

const IDEA = 'A self-heating lunch box with a phase-change layer that keeps food warm for four hours.';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('novelty quick in a Teams channel', () => {
  test('runs the one-shot group and posts the report link without review steps', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `novelty quick ${IDEA} --lang cn`);
    const done = await t.reply('Novelty report ready');
    expect(bodiesOf(h, 'NOVELTY-REPORT')).toEqual([{ input: IDEA, lang: 'cn' }]);
    const taskId = (bodiesOf(h, 'NOVELTY-QUERY')[0] as { task_id: string }).task_id;
    for (const op of ['NOVELTY-QUERY', 'NOVELTY-DOWNLOAD']) {
      expect(bodiesOf(h, op).length).toBeGreaterThan(0);
      for (const body of bodiesOf(h, op)) expect(body).toEqual({ task_id: taskId });
    }
    expect(cardJson(done)).toMatch(/\[download the report\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(cardJson(done)).toContain('Closest references');
    expect(t.replies.flatMap(buttonsOf)).toEqual([]);
    expect(h.sim.requests.some((r) => String(r.operation).startsWith('AI35'))).toBe(false);
    for (const request of h.sim.requests) {
      expect(OPERATIONS[request.operation as OperationId].request.safeParse(request.body).success).toBe(true);
    }
    expect(t.replies.every((m) => m.root === t.root)).toBe(true);
  });

  test('a mention of `cancel` in the reply chain ends the running report; no link is posted', async () => {
    h = await startTeamsBot();
    h.sim.setTaskDuration(60_000);
    const t = await TeamsThread.opened(h, `novelty quick ${IDEA}`);
    await waitFor(() => bodiesOf(h!, 'NOVELTY-QUERY').length > 0, 'the first poll');
    await t.say('cancel');
    await t.reply('Cancelled');
    h.sim.setTaskDuration(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(t.replies.some((m) => cardJson(m).includes('Novelty report ready'))).toBe(false);
    expect(bodiesOf(h, 'NOVELTY-DOWNLOAD')).toEqual([]);
  });
});
