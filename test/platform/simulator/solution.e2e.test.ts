/** AI33 find-solution (v3) and the agent stream: the chain, status words, and selections that travel. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/platform/simulator/index.js';
import { at, call, data, stream } from './helpers.js';

const ISSUES = 'How to raise lithium battery energy density to 260 Wh/kg without a larger volume';
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.clearFaults();
  sim.setTaskDuration(0);
});

type Row = Record<string, unknown>;

describe('AI33 find-solution', () => {
  it('step1 → step5: recommendations, directions and the final mind map follow the selections', async () => {
    const { task_id: taskId } = await data(sim, 'AI33-1', { lang: 'en', solution_issues: ISSUES });
    const step2 = await data(sim, 'AI33-2', { task_id: taskId });
    expect(step2.status).toBe('SUCCEED');
    const recommend = step2.recommend as string[];
    expect(recommend.length).toBeGreaterThanOrEqual(4);

    const chosen = [recommend[0]!, 'Custom: no cobalt'];
    expect(await data(sim, 'AI33-3', { task_id: taskId, lang: 'en', recommend: chosen })).toEqual({ task_id: taskId });
    const step3 = await data(sim, 'AI33-4', { task_id: taskId });
    expect(step3.status).toBe('SUCCEED');
    const directions = step3.directions as Row[];
    expect(directions.length).toBe(3);
    for (const d of directions) expect(d.verification).toBe(`Meets: ${chosen.join('; ')}`);

    const confirmed = [
      { ...directions[0], ticked: false },
      { ...directions[1], ticked: true },
      {
        reason: 'Custom: solid electrolyte interlayer',
        approaches: ['LLZO coating ≤ 5 µm'],
        ticked: true,
        source_type: 'customize',
        verification: 'lab test',
      },
    ];
    expect(await data(sim, 'AI33-5', { task_id: taskId, lang: 'en', directions: confirmed })).toEqual({ task_id: taskId });
    const step5 = await data(sim, 'AI33-6', { task_id: taskId });
    expect(step5.status).toBe('SUCCEED');
    expect(at(step5, 'solution', 'title')).toBe(ISSUES);
    const cells = at(step5, 'solution', 'cells') as Row[];
    const branchTitles = cells.filter((c) => at(c, 'data', 'order') === '1').map((c) => at(c, 'data', 'sys_title'));
    expect(branchTitles).toEqual([directions[1]?.reason, 'Custom: solid electrolyte interlayer']);
    const edges = cells.filter((c) => c.shape === 'default-edge');
    const ids = new Set(cells.map((c) => c.id));
    expect(edges.length).toBe(cells.length - edges.length - 1);
    for (const e of edges) expect(ids.has(at(e, 'source', 'cell')) && ids.has(at(e, 'target', 'cell'))).toBe(true);
    const leaf = cells.find((c) => at(c, 'data', 'order') === '2');
    expect(String(at(leaf, 'data', 'reference', 0, 'pn'))).toMatch(/^(CN|US|EP|WO|JP)\d/);
  });

  it('reports RUNNING until the stage time has passed', async () => {
    sim.setTaskDuration(60_000);
    const { task_id: taskId } = await data(sim, 'AI33-1', { lang: 'cn', solution_issues: '如何提高锂电池能量密度' });
    expect(await data(sim, 'AI33-2', { task_id: taskId })).toEqual({ status: 'RUNNING' });
    sim.setTaskDuration(0);
    const done = await data(sim, 'AI33-2', { task_id: taskId });
    expect((done.recommend as string[]).some((r) => /\p{Script=Han}/u.test(r))).toBe(true);
    sim.setTaskDuration(60_000);
    await data(sim, 'AI33-3', { task_id: taskId, lang: 'cn' });
    expect(await data(sim, 'AI33-4', { task_id: taskId })).toEqual({ status: 'RUNNING' });
    await data(sim, 'AI33-5', { task_id: taskId, lang: 'cn' });
    expect(await data(sim, 'AI33-6', { task_id: taskId })).toEqual({ status: 'RUNNING' });
  });

  it('unknown task ids are invalid parameters', async () => {
    for (const id of ['AI33-2', 'AI33-4', 'AI33-6'] as const) {
      expect((await call(sim, id, { task_id: 'missing' })).error_code).toBe(68300004);
    }
  });
});

describe('AGENT-SSE', () => {
  it('streams the agent’s steps for a find-solution job, ending with finished', async () => {
    const { task_id: jobId } = await data(sim, 'AI33-1', { lang: 'en', solution_issues: ISSUES });
    const body = { job_id: jobId };
    const expected = sim.expectedStreamText('AGENT-SSE', body);
    const { envelopes } = await stream(sim, 'AGENT-SSE', body);
    const events = envelopes.map((e) => e.data as Row);
    expect(events.every((e) => e.job_id === jobId)).toBe(true);
    expect(events.slice(0, -1).every((e) => e.status === 'running')).toBe(true);
    expect(events.at(-1)).toMatchObject({ status: 'finished' });
    expect([...new Set(events.slice(0, -1).map((e) => e.step))]).toEqual([
      'problem analysis',
      'literature search',
      'direction generation',
      'solution synthesis',
    ]);
    expect(events.map((e) => e.content).join('')).toBe(expected);
    expect(expected).toContain('### Problem analysis');
  });

  it('an unknown job is envelope 68300004', async () => {
    expect((await call(sim, 'AGENT-SSE', { job_id: 'nope' })).error_code).toBe(68300004);
  });
});
