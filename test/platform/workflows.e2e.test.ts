/**
 * One happy path per workflow family over HTTP against the simulator, with tasks that stay running for a
 * few polls, so later work can rely on the client, pollTask and taskState together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsFor, startHarness, type Harness } from './client/helpers.js';
import * as flows from './client/workflows.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({}, { taskDurationMs: 100, streamChunkChars: 32 });
});
afterAll(async () => {
  await h.close();
});

/** every poll state the workflows saw, in order */
const allStates: string[] = [];

/** Polled while running (if the poll came before the task's end), then succeeded. */
const ranThrough = (states: string[]) => {
  allStates.push(...states);
  expect(states.at(-1)).toBe('succeeded');
  expect(states.slice(0, -1).every((s) => s === 'running')).toBe(true);
};

describe('workflows end to end', () => {
  it('chats: AI07, AI20 over two turns, AI68-1 then AI68-2', async () => {
    const r = await flows.chats(h.client);
    expect(flows.textOf(r.ai07).length).toBeGreaterThan(20);
    expect(r.ai07.at(-1)?.type).toBe('done');
    expect(r.sessionId).toBeTruthy();
    expect(r.secondTurn.some((e) => e.type === 'session' && e.sessionId === r.sessionId)).toBe(true);
    expect(requestsFor(h.sim, 'AI20').at(-1)?.body).toMatchObject({ session_id: r.sessionId });
    expect(r.firstTurn.some((e) => e.type === 'references' && e.references.length > 0)).toBe(true);
    expect((r.chat.ref_doc ?? []).length).toBeGreaterThan(0);
    expect(flows.textOf(r.ai68).length).toBeGreaterThan(20);
    expect(r.ai68.some((e) => e.type === 'usage')).toBe(true);
  });

  it('disclosure: AI32-1, AI32-2, the AI32-4 stream, then the AI32-3 download link', async () => {
    const r = await flows.disclosure(h.client);
    expect(r.job.job_id).toBeTruthy();
    expect(flows.textOf(r.events)).toContain('\n');
    ranThrough(r.states);
    expect(r.download.job_status).toBe(2);
    expect(r.link).toMatchObject({ status: 200 });
    expect(r.link.bytes).toBeGreaterThan(100);
  });

  it('solution: AI33-1 to AI33-6 with the agent stream', async () => {
    const r = await flows.solution(h.client);
    expect(r.recommend.status).toBe('SUCCEED');
    expect((r.recommend.recommend ?? []).length).toBeGreaterThan(0);
    expect((r.directions.directions ?? []).length).toBeGreaterThan(0);
    ranThrough(r.states);
    expect(r.result.solution?.cells.length).toBeGreaterThan(1);
    expect(r.agent.some((e) => e.type === 'progress')).toBe(true);
    expect(r.agent.at(-1)?.type).toBe('done');
  });

  it('pre-research report: AI34-1 with a custom outline (AI34-2), polled with the AI34-3 GET', async () => {
    const r = await flows.report(h.client);
    expect(r.created.report_id).toBeTruthy();
    ranThrough(r.states);
    expect(r.result.report_status).toBe('SUCCEED');
    expect(requestsFor(h.sim, 'AI34-3').at(-1)).toMatchObject({ method: 'GET', query: { report_id: r.created.report_id } });
    expect(r.link.status).toBe(200);
    expect(r.link.contentType).toContain('pdf');
  });

  it('guided novelty: AI35-1 to AI35-12 and the report link', async () => {
    const r = await flows.guidedNovelty(h.client);
    expect(r.summary.tech_solution).toBeTruthy();
    expect((r.features.data ?? []).length).toBeGreaterThan(0);
    expect((r.elements.elements?.list ?? []).length).toBeGreaterThan(0);
    expect(r.searchStates).toContain('running');
    expect(r.search.task_status).toBe('success');
    expect((r.search.final_result ?? []).length).toBeGreaterThan(0);
    expect((r.added.final_res ?? []).length).toBe(1);
    expect(r.exported.status).toBe(2);
    expect(r.link.status).toBe(200);
  });

  it('the older novelty group: report, query, download', async () => {
    const r = await flows.legacyNovelty(h.client);
    ranThrough(r.states);
    expect((r.result.references ?? []).length).toBeGreaterThan(0);
    expect(r.download.report_url).toMatch(/^http/);
    expect(r.link.status).toBe(200);
  });

  it('material: AI73-1 to AI73-9 down to one node', async () => {
    const r = await flows.material(h.client);
    expect(r.thinking.board_id).toBeTruthy();
    expect((r.recommend.recommend ?? []).length).toBeGreaterThan(0);
    expect(r.nodeId).toBeTruthy();
    expect((r.citations.records ?? []).length).toBeGreaterThan(0);
    expect(r.reference).toBeTruthy();
    expect(r.plan.status).toBe('SUCCEED');
    expect(r.plan.markdown_message).toBeTruthy();
  });

  it('design: AI39-1 then AI39-2 results', async () => {
    const r = await flows.design(h.client);
    ranThrough(r.states);
    expect(r.result.task_status).toBe(2);
    expect(r.result.line_drawing_base64).toBeTruthy();
    expect(r.result.patent_messages?.patent_messages.length).toBeGreaterThan(0);
  });

  it('count: P001', async () => {
    const r = await flows.count(h.client);
    expect(r.total_search_result_count).toBeGreaterThan(0);
  });

  it('the polls went through running states before succeeding', () => {
    expect(allStates.filter((s) => s === 'running').length).toBeGreaterThan(2);
  });
});
