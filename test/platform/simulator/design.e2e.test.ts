/** AI39 design-patent image search and P001 counts. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/platform/simulator/index.js';
import { call, data } from './helpers.js';

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
const SUBMIT = {
  country: ['US', 'CN', 'JP'],
  lang: 'en',
  url: 'https://example.com/phone.png',
  main_field: 'Smartphone',
  loc_items: ['14-03'],
  apply_start_time: '20200101',
};

describe('AI39 design image search', () => {
  it('polls from task_status 1 to 2 with the line drawing, both result lists and the risk report', async () => {
    sim.setTaskDuration(60_000);
    const { task_id: taskId } = await data(sim, 'AI39-1', SUBMIT);
    expect(await data(sim, 'AI39-2', { task_id: taskId })).toEqual({ task_id: taskId, task_status: 1 });
    sim.setTaskDuration(0);
    const result = await data(sim, 'AI39-2', { task_id: taskId });
    expect(result.task_status).toBe(2);

    const drawing = String(result.line_drawing_base64);
    expect(drawing.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(drawing.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');

    const hits = (result.patent_messages as { patent_messages: Row[] }).patent_messages;
    expect(hits.length).toBeGreaterThan(3);
    expect(new Set(hits.map((h) => h.authority))).toEqual(new Set(SUBMIT.country));
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score as number)].sort((a, b) => b - a));
    expect(String(hits[0]?.title)).toMatch(/^Smartphone /);
    const fused = (result.rrffusion_response as { patent_messages: Row[] }).patent_messages;
    expect(fused.map((f) => f.rerank_rank)).toEqual(fused.map((_, i) => i + 1));
    const report = result.report as Row;
    expect(report.country).toEqual(SUBMIT.country);
    expect((report.comparisons as Row[]).length).toBeGreaterThan(0);
  });

  it('an unknown task is invalid', async () => {
    expect((await call(sim, 'AI39-2', { task_id: 'missing' })).error_code).toBe(68300004);
  });
});

describe('P001 query search count', () => {
  it('is deterministic per query and narrower with family collapse', async () => {
    const all = await data(sim, 'P001', { query_text: 'TACD: virtual reality' });
    expect(await data(sim, 'P001', { query_text: 'TACD: virtual reality' })).toEqual(all);
    const family = await data(sim, 'P001', {
      query_text: 'TACD: virtual reality',
      collapse_type: 'DOCDB',
      collapse_by: 'PBD',
      collapse_order: 'LATEST',
    });
    expect(family.total_search_result_count as number).toBeLessThan(all.total_search_result_count as number);
  });
});
