/** AI35 guided novelty check: the whole chain over HTTP, every response valid, confirmed edits reaching later steps. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/platform/simulator/index.js';
import { at, call, data, download, pollUntil } from './helpers.js';

const INPUT =
  'A telephone with image recognition. It includes a telephone, a camera linked to the telephone; a controller ' +
  'commands the camera, recognises text in the captured image, and shows the text on the telephone display.';
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
const rows = (value: unknown): Row[] => value as Row[];

async function submit(): Promise<string> {
  const { task_id: taskId } = await data(sim, 'AI35-1', { input: INPUT, lang: 'en', pbd_start: '20200101', pbd_end: '20250101' });
  expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
  return taskId as string;
}

describe('AI35 guided novelty check', () => {
  it('runs submit → … → report, and every confirmed edit reaches the next step', async () => {
    const taskId = await submit();
    const summary = await data(sim, 'AI35-2', { task_id: taskId });
    expect(summary.status).toBe(2);
    expect(String(summary.tech_solution)).toContain('telephone');

    const edited = 'A smartphone with an infrared camera; a controller recognises handwriting in the image; the text appears on a flexible display';
    await data(sim, 'AI35-3', { task_id: taskId, tech_solution: edited });
    const extracted = await data(sim, 'AI35-4', { task_id: taskId });
    expect(extracted.status).toBe(2);
    const features = rows(extracted.data);
    expect(features.length).toBeGreaterThanOrEqual(3);
    expect(features[0]).toMatchObject({ feature_num: 'F1', feature_weight: 'topic', selected: true, user_add: false });
    for (const f of features) expect(edited).toContain(String(f.feature_text));

    // AI35-5 confirms what it is sent ("adds/reduces"): a feature left out is not in the request
    const confirmed = [
      ...features.filter((_, i) => i !== 1),
      { feature_num: 'F9', feature_text: 'a graphene heat spreader under the display', feature_weight: 'sup', selected: true, user_add: true },
    ];
    await data(sim, 'AI35-5', { task_id: taskId, tech_features: confirmed });
    const elements = await data(sim, 'AI35-6', { task_id: taskId });
    expect(elements.status).toBe(2);
    const list = rows(at(elements, 'elements', 'list'));
    expect(list.map((e) => e.feature_text_original)).toEqual(confirmed.map((f) => f.feature_text));
    expect(list.at(-1)?.feature_type).toBe('sup_search');

    const editedList = list.map((e, i) => (i === 0 ? { ...e, express: [{ word: { key: 'quantumdot', source: 'user' }, extend: [], ipc: [] }] } : e));
    await data(sim, 'AI35-7', { task_id: taskId, elements: { family_merge_enabled: true, list: editedList } });
    const result = await data(sim, 'AI35-8', { task_id: taskId });
    expect(result.task_status).toBe('success');
    expect(JSON.stringify(at(result, 'feature_analysis_result', 'block_query'))).toContain('quantumdot');
    const findings = rows(result.final_result);
    expect(findings.length).toBeGreaterThan(2);
    expect(rows(findings[0]?.features).map((f) => f.tech_feature)).toEqual(confirmed.map((f) => f.feature_text));
    expect(String(findings[0]?.document)).toMatch(/^(CN|US|EP|WO|JP)\d+[AB]\d?\s/);

    const added = await data(sim, 'AI35-12', {
      request: { pn: 'CN118289111A', is_add_patent: true, add_patent_selected: true },
      tech_features: confirmed,
    });
    const addedEntry = rows(added.final_res)[0];
    expect(addedEntry).toMatchObject({ patent_id: 'CN118289111A' });
    expect(rows(addedEntry?.features)).toHaveLength(confirmed.length);

    const finalResult = [
      { ...findings[1], selected: true },
      { ...findings[0], selected: false },
      { patent_id: addedEntry?.patent_id, document: addedEntry?.document, features: addedEntry?.features, selected: true, user_added: true },
    ];
    await data(sim, 'AI35-9', { task_id: taskId, final_result: finalResult });
    await data(sim, 'AI35-10', { task_id: taskId, title: 'Smartphone handwriting recognition' });
    const report = await data(sim, 'AI35-11', { task_id: taskId });
    expect(report).toMatchObject({ status: 2, task_id: taskId });
    expect(String(report.report_url)).toMatch(new RegExp(`^${sim.url}/files/[0-9a-f]{32}\\.docx$`));

    const file = await download(report.report_url);
    expect(file.contentType).toContain('wordprocessingml');
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
    const text = file.bytes.toString('utf8');
    expect(text).toContain('Smartphone handwriting recognition');
    expect(text).toContain('CN118289111A');
    expect(text).toContain(String(findings[1]?.document));
    expect(text).not.toContain(String(findings[0]?.document));
  });

  it('stages are RUNNING (1) until the task duration passes, then succeed', async () => {
    sim.setTaskDuration(60_000);
    const taskId = await submit();
    const running = await data(sim, 'AI35-2', { task_id: taskId });
    expect(running).toEqual({ status: 1 });
    sim.setTaskDuration(0);
    expect((await data(sim, 'AI35-2', { task_id: taskId })).status).toBe(2);
    sim.setTaskDuration(60_000);
    expect((await data(sim, 'AI35-4', { task_id: taskId })).status).toBe(1);
    expect((await data(sim, 'AI35-6', { task_id: taskId })).status).toBe(1);
  });

  it('AI35-8 takes the longest and reports several progress states on the way', async () => {
    const taskId = await submit();
    const elements = at(await data(sim, 'AI35-6', { task_id: taskId }), 'elements');
    sim.setTaskDuration(100);
    await data(sim, 'AI35-7', { task_id: taskId, elements });
    const seen = await pollUntil(
      () => data(sim, 'AI35-8', { task_id: taskId }),
      (d) => d.task_status === 'success',
    );
    const states = seen.map((d) => d.task_status);
    expect(states[0]).toBe('waiting');
    expect(states).toContain('running');
    expect([...new Set(states)]).toEqual(['waiting', 'running', 'success']);
    const steps = seen.map((d) => Object.keys(d.process_dict as object).length);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(seen.filter((d) => d.task_status !== 'success').every((d) => d.final_result === undefined)).toBe(true);
  });

  it('unknown task ids and a report before export are invalid parameters (68300004)', async () => {
    for (const id of ['AI35-2', 'AI35-4', 'AI35-6', 'AI35-8', 'AI35-11'] as const) {
      expect(await call(sim, id, { task_id: 'no-such-task' })).toMatchObject({ status: false, error_code: 68300004 });
    }
    const taskId = await submit();
    const early = await call(sim, 'AI35-11', { task_id: taskId });
    expect(early.error_code).toBe(68300004);
    expect(early.error_msg).toContain('AI35-10');
  });

  it('a task-fails fault makes the next poll report the failed state (3, or "failed" for AI35-8)', async () => {
    const taskId = await submit();
    sim.inject({ kind: 'task-fails', operation: 'AI35-2', times: 1 });
    expect(await data(sim, 'AI35-2', { task_id: taskId })).toEqual({ status: 3 });
    sim.inject({ kind: 'task-fails', operation: 'AI35-8', times: 1 });
    const failed = await data(sim, 'AI35-8', { task_id: taskId });
    expect(failed.task_status).toBe('failed');
    expect(failed.final_result).toBeUndefined();
  });
});

describe('the older novelty group (spec only)', () => {
  it('creates a report task, queries results, downloads the report', async () => {
    sim.setTaskDuration(60_000);
    const { task_id: taskId } = await data(sim, 'NOVELTY-REPORT', { input: INPUT, lang: 'en' });
    expect(await data(sim, 'NOVELTY-QUERY', { task_id: taskId })).toEqual({ task_id: taskId, status: 1 });
    sim.setTaskDuration(0);
    const result = await data(sim, 'NOVELTY-QUERY', { task_id: taskId });
    expect(result.status).toBe(2);
    const references = rows(result.references);
    expect(references.length).toBe(5);
    const download0 = await data(sim, 'NOVELTY-DOWNLOAD', { task_id: taskId });
    expect(download0.status).toBe(2);
    const file = await download(download0.report_url);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.bytes.toString('latin1')).toContain(String(references[0]?.pn));
    expect((await call(sim, 'NOVELTY-QUERY', { task_id: 'nope' })).error_code).toBe(68300004);
  });
});
