/** AI34 pre-research report: automatic outline, custom outline, GET query by report_id, the PDF it links to. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/platform/simulator/index.js';
import { call, data, download } from './helpers.js';

const ISSUES = 'Research on raising lithium battery energy density';
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

describe('AI34 pre-research report', () => {
  it('auto_directory: generates at once; AI34-3 (GET ?report_id) reports RUNNING then SUCCEED with a PDF link', async () => {
    sim.setTaskDuration(60_000);
    const created = await data(sim, 'AI34-1', { technical_issues: ISSUES, auto_directory: true });
    const reportId = created.report_id as string;
    const directory = created.analysis_directory as Row[];
    expect(directory.map((d) => d.key)).toContain('TECH_RESEARCH_KEY_PATENT_INTERPRETATION');
    expect(await data(sim, 'AI34-3', { report_id: reportId })).toEqual({ report_status: 'RUNNING' });
    expect(sim.requests.at(-1)).toMatchObject({ operation: 'AI34-3', method: 'GET', query: { report_id: reportId }, body: undefined });
    sim.setTaskDuration(0);
    const done = await data(sim, 'AI34-3', { report_id: reportId });
    expect(done.report_status).toBe('SUCCEED');
    expect(done.head_player_analysis).toHaveProperty('players');
    expect(done.key_patent_interpretation).toHaveProperty('patents');
    const file = await download(done.report_url);
    expect(file.contentType).toBe('application/pdf');
    expect(file.bytes.toString('latin1')).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/);
  });

  it('a custom outline from AI34-2 is what the report is built from', async () => {
    const created = await data(sim, 'AI34-1', { technical_issues: ISSUES, auto_directory: false });
    const directory = [
      ...(created.analysis_directory as Row[]).slice(0, 2),
      { key: 'TECH_RESEARCH_CUSTOM_MODULE_1', name: 'Sodium ion alternatives', source_type: 'customize' },
    ];
    const custom = await data(sim, 'AI34-2', { report_id: created.report_id, technical_issues: ISSUES, analysis_directory: directory });
    expect(custom).toEqual({ report_id: created.report_id, analysis_directory: directory });
    const done = await data(sim, 'AI34-3', { report_id: created.report_id });
    const text = (await download(done.report_url)).bytes.toString('latin1');
    expect(text).toContain('3. Sodium ion alternatives');
    expect(text).not.toContain('Evolution path');
  });

  it('unknown report ids are invalid; a missing report_id names the field', async () => {
    expect((await call(sim, 'AI34-3', { report_id: 'missing' })).error_code).toBe(68300004);
    const missing = await call(sim, 'AI34-3', {});
    expect(missing.error_code).toBe(68300004);
    expect(missing.error_msg).toContain('report_id');
    expect((await call(sim, 'AI34-2', { report_id: 'missing', technical_issues: ISSUES, analysis_directory: [] })).error_code).toBe(68300004);
  });
});
