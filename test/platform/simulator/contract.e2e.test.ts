/**
 * One simulator, every one of the 45 operations driven through its workflow: each response (success and error
 * envelopes, and every stream event) validates against openapi.json or, for the spec-only five, their zod envelopes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS, OPERATIONS, type OperationId } from '../../../src/platform/operations.js';
import { startSimulator, type RunningSimulator } from '../../../src/platform/simulator/index.js';
import { at, contractErrors, data, send, stream, type Envelope } from './helpers.js';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ streamChunkChars: 64 });
});
afterAll(async () => {
  await sim.close();
});

type Row = Record<string, unknown>;

async function noveltyChain(): Promise<void> {
  const { task_id } = await data(sim, 'AI35-1', { input: 'A drone with a foldable arm and a lidar for obstacle mapping', lang: 'en' });
  await data(sim, 'AI35-2', { task_id });
  await data(sim, 'AI35-3', { task_id });
  const features = (await data(sim, 'AI35-4', { task_id })).data as Row[];
  await data(sim, 'AI35-5', { task_id, tech_features: features });
  const { elements } = await data(sim, 'AI35-6', { task_id });
  await data(sim, 'AI35-7', { task_id, elements });
  const { final_result: finalResult } = await data(sim, 'AI35-8', { task_id });
  await data(sim, 'AI35-12', { request: { pn: 'US20230123456A1' }, tech_features: features });
  await data(sim, 'AI35-9', { task_id, final_result: finalResult });
  await data(sim, 'AI35-10', { task_id, title: 'Foldable drone' });
  await data(sim, 'AI35-11', { task_id });
  const legacy = await data(sim, 'NOVELTY-REPORT', { input: 'A foldable drone', lang: 'en' });
  await data(sim, 'NOVELTY-QUERY', { task_id: legacy.task_id });
  await data(sim, 'NOVELTY-DOWNLOAD', { task_id: legacy.task_id });
}

async function solutionChains(): Promise<void> {
  const { task_id } = await data(sim, 'AI33-1', { lang: 'en', solution_issues: 'Reduce drone motor noise by 6 dB' });
  const { recommend } = await data(sim, 'AI33-2', { task_id });
  await data(sim, 'AI33-3', { task_id, lang: 'en', recommend });
  const { directions } = await data(sim, 'AI33-4', { task_id });
  await data(sim, 'AI33-5', { task_id, lang: 'en', directions });
  await data(sim, 'AI33-6', { task_id });
  await stream(sim, 'AGENT-SSE', { job_id: task_id });
  const material = await data(sim, 'AI73-1', { input: 'Lighter drone frame composite', lang: 'en' });
  const m = { task_id: material.task_id };
  const { board_id } = await data(sim, 'AI73-4', m);
  const picks = await data(sim, 'AI73-2', m);
  await data(sim, 'AI73-3', { ...m, recommend: picks.recommend });
  const cells = at(await data(sim, 'AI73-5', m), 'solution', 'cells') as Row[];
  const node = { ...m, board_id, node_id: String(at(cells[1], 'data', 'node_id')) };
  await data(sim, 'AI73-6', node);
  await data(sim, 'AI73-7', node);
  const { task_id: planTask } = await data(sim, 'AI73-8', node);
  await data(sim, 'AI73-9', { ...node, task_id: planTask });
}

async function otherChains(): Promise<void> {
  await stream(sim, 'AI07', { prompt: 'Drone patents' });
  await stream(sim, 'AI20', { query: 'siRNA drugs' });
  const chat = await data(sim, 'AI68-1', { query: 'EGFR', deep_search: true, long_think: false, search_website: false });
  await stream(sim, 'AI68-2', { chat_id: chat.chat_id, chat_item_id: chat.chat_item_id });
  const means = await data(sim, 'AI32-1', { tech_solution: 'A drone arm that folds with a spring hinge and locks with a magnet.' });
  const job = await data(sim, 'AI32-2', {
    ...means,
    status: undefined,
    tech_solution: 'A folding drone arm',
    language: 'en',
    mechanism: String(means.mechanism),
  });
  await data(sim, 'AI32-3', { job_id: job.job_id });
  await stream(sim, 'AI32-4', { job_id: job.job_id });
  const report = await data(sim, 'AI34-1', { technical_issues: 'Drone noise', auto_directory: false });
  await data(sim, 'AI34-2', { report_id: report.report_id, technical_issues: 'Drone noise', analysis_directory: report.analysis_directory });
  await data(sim, 'AI34-3', { report_id: report.report_id });
  const design = await data(sim, 'AI39-1', { country: ['EU', 'KR'], lang: 'en', url: 'https://example.com/drone.png' });
  await data(sim, 'AI39-2', { task_id: design.task_id });
  await data(sim, 'P001', { query_text: 'TACD: drone AND lidar' });
}

describe('contract', () => {
  it('drives all 45 operations with valid responses', async () => {
    await noveltyChain();
    await solutionChains();
    await otherChains();
    const covered = new Set(sim.requests.map((r) => r.operation));
    expect(OPERATION_IDS.filter((id) => !covered.has(id))).toEqual([]);
    expect(OPERATION_IDS).toHaveLength(45);
  });

  it.each(OPERATION_IDS)('%s: an error envelope also matches its schema', async (id: OperationId) => {
    sim.inject({ kind: 'envelope-error', errorCode: 68300008, operation: id, times: 1 });
    const response = await send(sim, id, OPERATIONS[id].method === 'GET' ? { report_id: 'r' } : {});
    const envelope = (await response.json()) as Envelope;
    expect(envelope).toMatchObject({ status: false, error_code: 68300008 });
    expect(contractErrors(id, envelope)).toEqual([]);
  });
});
