/** AI73 material find-solution: submit → thinking → recommend → confirm → mind map → node details and plans. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/platform/simulator/index.js';
import { at, call, data } from './helpers.js';

const INPUT = 'Improve UVA protection of a zinc oxide sunscreen without losing stability at high temperature and humidity';
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

describe('AI73 material find-solution', () => {
  it('runs the chain; the mind map is built from the confirmed recommendations; nodes have details and plans', async () => {
    const { task_id: taskId } = await data(sim, 'AI73-1', { input: INPUT, lang: 'en' });
    const thinking = await data(sim, 'AI73-4', { task_id: taskId });
    expect(thinking.status).toBe('SUCCEED');
    const boardId = thinking.board_id as string;
    expect(boardId).toMatch(/^[0-9a-f]{32}$/);
    expect(at(thinking, 'problem_statement', 'problem_title')).toBeTruthy();
    expect((at(thinking, 'references', 'references') as Row[]).length).toBeGreaterThan(0);

    const recommend = await data(sim, 'AI73-2', { task_id: taskId });
    expect(recommend.has_recommend).toBe(true);
    const options = recommend.recommend as string[];
    const chosen = [options[1]!, 'Custom: silica shell coating'];
    expect(await data(sim, 'AI73-3', { task_id: taskId, recommend: chosen })).toEqual({ task_id: taskId });

    const mind = await data(sim, 'AI73-5', { task_id: taskId });
    expect(mind.status).toBe('SUCCEED');
    const cells = at(mind, 'solution', 'cells') as Row[];
    expect(cells.filter((c) => at(c, 'data', 'order') === '1').map((c) => at(c, 'data', 'sys_title'))).toEqual(chosen);
    const nodeId = at(
      cells.find((c) => at(c, 'data', 'order') === '2'),
      'data',
      'node_id',
    ) as string;
    const node = { task_id: taskId, board_id: boardId, node_id: nodeId };

    const page1 = await data(sim, 'AI73-6', { ...node, page: 1, limit: 5 });
    expect(page1).toMatchObject({ page: 1, limit: 5, total: 12, has_next: true, has_previous: false });
    expect((page1.records as Row[])[0]).toHaveProperty('PN');
    const page3 = await data(sim, 'AI73-6', { ...node, page: 3, limit: 5 });
    expect(page3).toMatchObject({ has_next: false, has_previous: true });
    expect((page3.records as Row[]).length).toBe(2);

    const details = await data(sim, 'AI73-7', node);
    for (const key of ['technical_principle', 'engineering_reliability', 'technical_maturity', 'expected_challenge', 'industry_application_cases']) {
      expect((details[key] as string[]).length).toBeGreaterThan(0);
    }

    // AI73-8 answers with a new task each time; AI73-9 knows the plan only under that task
    sim.setTaskDuration(60_000);
    const { task_id: planTask } = await data(sim, 'AI73-8', node);
    expect(planTask).toMatch(/^[0-9a-f-]{36}$/);
    expect(planTask).not.toBe(taskId);
    expect((await data(sim, 'AI73-8', node)).task_id).not.toBe(planTask);
    expect((await call(sim, 'AI73-9', node)).error_code).toBe(68300004);
    const planNode = { ...node, task_id: planTask };
    expect(await data(sim, 'AI73-9', planNode)).toEqual({ status: 'RUNNING' });
    sim.setTaskDuration(0);
    const plan = await data(sim, 'AI73-9', planNode);
    expect(plan.status).toBe('SUCCEED');
    expect(String(plan.markdown_message).split('\n')[0]).toBe(`# Implementation strategy: ${chosen[0]} — option 1`);
  });

  it('node requests check the board and node; unknown tasks are invalid', async () => {
    const { task_id: taskId } = await data(sim, 'AI73-1', { input: INPUT, lang: 'cn' });
    const { board_id: boardId } = await data(sim, 'AI73-4', { task_id: taskId });
    expect((await call(sim, 'AI73-7', { task_id: taskId, board_id: 'other', node_id: 'x' })).error_code).toBe(68300004);
    expect((await call(sim, 'AI73-7', { task_id: taskId, board_id: boardId, node_id: 'missing' })).error_code).toBe(68300004);
    expect((await call(sim, 'AI73-2', { task_id: 'missing' })).error_code).toBe(68300004);
    const { recommend } = await data(sim, 'AI73-2', { task_id: taskId });
    expect((recommend as string[]).some((r) => /\p{Script=Han}/u.test(r))).toBe(true);
  });

  it('is RUNNING, without recommendations, while thinking', async () => {
    sim.setTaskDuration(60_000);
    const { task_id: taskId } = await data(sim, 'AI73-1', { input: INPUT, lang: 'en' });
    expect(await data(sim, 'AI73-2', { task_id: taskId })).toEqual({ status: 'RUNNING', has_recommend: false });
    expect((await data(sim, 'AI73-4', { task_id: taskId })).status).toBe('RUNNING');
    await data(sim, 'AI73-3', { task_id: taskId, recommend: ['Microencapsulation'] });
    expect(await data(sim, 'AI73-5', { task_id: taskId })).toEqual({ status: 'RUNNING' });
  });
});
