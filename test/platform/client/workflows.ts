/**
 * One happy path per workflow family, written the way the bot will drive the platform: submit, poll with
 * pollTask, read results, fetch the export link. The e2e test asserts on what they return; the contract test
 * runs them all and checks every request and response on the wire.
 */
import { request } from 'undici';
import type { PlatformClient } from '../../../src/platform/client.js';
import type { StreamEvent } from '../../../src/platform/events.js';
import type { CallOperationId, DataOf, RequestOf, StreamOperationId } from '../../../src/platform/operations.js';
import { pollTask } from '../../../src/platform/poll.js';
import { taskState } from '../../../src/platform/task-state.js';

/** Polls a read operation until its task succeeds; `states` collects every state seen on the way. */
export async function until<K extends CallOperationId>(client: PlatformClient, id: K, body: RequestOf<K>, states: string[] = []): Promise<DataOf<K>> {
  return pollTask((signal) => client.call(id, body, { signal }), {
    operation: id,
    intervalMs: 5,
    maxIntervalMs: 20,
    deadlineMs: 10_000,
    state: (data) => {
      const state = taskState(id, data);
      states.push(state);
      return state;
    },
  });
}

export async function streamAll<K extends StreamOperationId>(client: PlatformClient, id: K, body: RequestOf<K>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of await client.stream(id, body)) events.push(event);
  return events;
}

export const textOf = (events: StreamEvent[]): string => events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');

/** Downloads an export link: its HTTP status, content type and size. */
export async function fetchLink(url: string): Promise<{ status: number; contentType: string; bytes: number }> {
  const response = await request(url);
  const bytes = (await response.body.arrayBuffer()).byteLength;
  return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), bytes };
}

/** The platform returns nulls where a follow-up request wants the field left out. */
export function withoutNulls<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (v === null ? undefined : v))) as T;
}

export async function chats(client: PlatformClient) {
  const ai07 = await streamAll(client, 'AI07', { prompt: 'What limits the energy density of lithium-ion cells?', stream: true });
  const firstTurn = await streamAll(client, 'AI20', { query: 'What is the mechanism of action of metformin?' });
  const sessionId = firstTurn.flatMap((e) => (e.type === 'session' && e.sessionId ? [e.sessionId] : []))[0];
  const secondTurn = await streamAll(client, 'AI20', { query: 'What are its common side effects?', session_id: sessionId });
  const chat = await client.call('AI68-1', {
    query: 'What is the role of PD-1 in immunotherapy?',
    deep_search: false,
    long_think: false,
    search_website: false,
    data_source: 1,
  });
  const ai68 = await streamAll(client, 'AI68-2', { chat_id: chat.chat_id!, chat_item_id: chat.chat_item_id! });
  return { ai07, firstTurn, sessionId, secondTurn, chat, ai68 };
}

export async function disclosure(client: PlatformClient) {
  const techSolution = 'A lithium battery separator coated with a ceramic layer that blocks dendrite growth at high charge rates.';
  const means = await client.call('AI32-1', { tech_solution: techSolution });
  const job = await client.call('AI32-2', {
    tech_solution: techSolution,
    mechanism: means.mechanism || 'ceramic particles raise the puncture strength',
    language: 'en',
    tech_problem: means.tech_problem ?? undefined,
    outcome: means.outcome ?? undefined,
  });
  const events = await streamAll(client, 'AI32-4', { job_id: job.job_id! });
  const states: string[] = [];
  const download = await until(client, 'AI32-3', { job_id: job.job_id! }, states);
  return { means, job, events, download, states, link: await fetchLink(download.download_url!) };
}

export async function solution(client: PlatformClient) {
  const { task_id: taskId } = await client.call('AI33-1', {
    solution_issues: 'Reduce the weight of an electric-vehicle battery pack without losing crash safety',
    lang: 'en',
  });
  const recommend = await until(client, 'AI33-2', { task_id: taskId! });
  await client.call('AI33-3', { task_id: taskId!, lang: 'en', recommend: (recommend.recommend ?? []).slice(0, 2) });
  const directions = await until(client, 'AI33-4', { task_id: taskId! });
  await client.call('AI33-5', {
    task_id: taskId!,
    lang: 'en',
    directions: withoutNulls<RequestOf<'AI33-5'>['directions']>(directions.directions ?? []),
  });
  const states: string[] = [];
  const result = await until(client, 'AI33-6', { task_id: taskId! }, states);
  const agent = await streamAll(client, 'AGENT-SSE', { job_id: taskId! });
  return { taskId: taskId!, recommend, directions, result, states, agent };
}

export async function report(client: PlatformClient) {
  const technicalIssues = 'Solid-state electrolytes for fast-charging electric vehicle batteries';
  const created = await client.call('AI34-1', { technical_issues: technicalIssues, auto_directory: false });
  const directory = (created.analysis_directory ?? []).map((d) => ({ key: d.key ?? '', name: d.name ?? '', source_type: d.source_type ?? 'system' }));
  await client.call('AI34-2', { report_id: created.report_id!, technical_issues: technicalIssues, analysis_directory: directory });
  const states: string[] = [];
  const result = await until(client, 'AI34-3', { report_id: created.report_id! }, states);
  return { created, result, states, link: await fetchLink(result.report_url!) };
}

export async function guidedNovelty(client: PlatformClient) {
  const { task_id: id } = await client.call('AI35-1', {
    input: 'A battery separator coated with ceramic particles and a polymer binder that resists shrinkage at 180 °C.',
    lang: 'en',
  });
  const taskId = id!;
  const summary = await until(client, 'AI35-2', { task_id: taskId });
  await client.call('AI35-3', { task_id: taskId, tech_solution: `${summary.tech_solution ?? ''} The binder is PVDF.` });
  const features = await until(client, 'AI35-4', { task_id: taskId });
  const techFeatures = withoutNulls<NonNullable<RequestOf<'AI35-5'>['tech_features']>>(features.data ?? []);
  await client.call('AI35-5', { task_id: taskId, tech_features: techFeatures });
  const elements = await until(client, 'AI35-6', { task_id: taskId });
  await client.call('AI35-7', { task_id: taskId, elements: withoutNulls<RequestOf<'AI35-7'>['elements']>(elements.elements ?? {}) });
  const searchStates: string[] = [];
  const search = await until(client, 'AI35-8', { task_id: taskId }, searchStates);
  await client.call('AI35-9', { task_id: taskId, final_result: withoutNulls<RequestOf<'AI35-9'>['final_result']>(search.final_result ?? []) });
  const added = await client.call('AI35-12', {
    request: { pn: 'CN115000000A', is_add_patent: true, add_patent_selected: true },
    tech_features: techFeatures,
  });
  await client.call('AI35-10', { task_id: taskId, title: 'Novelty check: ceramic-coated separator' });
  const exported = await until(client, 'AI35-11', { task_id: taskId });
  return { taskId, summary, features, elements, search, searchStates, added, exported, link: await fetchLink(exported.report_url!) };
}

export async function legacyNovelty(client: PlatformClient) {
  const { task_id: taskId } = await client.call('NOVELTY-REPORT', { input: 'A self-healing polymer coating for battery casings', lang: 'en' });
  const states: string[] = [];
  const result = await until(client, 'NOVELTY-QUERY', { task_id: taskId! }, states);
  const download = await until(client, 'NOVELTY-DOWNLOAD', { task_id: taskId! });
  return { taskId: taskId!, result, states, download, link: await fetchLink(download.report_url!) };
}

export async function material(client: PlatformClient) {
  const { task_id: id } = await client.call('AI73-1', {
    input: 'A flame-retardant polypropylene compound without halogens for battery housings',
    lang: 'en',
  });
  const taskId = id!;
  const thinking = await until(client, 'AI73-4', { task_id: taskId });
  const recommend = await until(client, 'AI73-2', { task_id: taskId });
  await client.call('AI73-3', { task_id: taskId, recommend: (recommend.recommend ?? []).slice(0, 2) });
  const mind = await until(client, 'AI73-5', { task_id: taskId });
  const boardId = thinking.board_id!;
  const nodeId = (mind.solution?.cells ?? []).map((c) => c.data?.node_id).filter((n): n is string => !!n)[1]!;
  const node = { task_id: taskId, board_id: boardId, node_id: nodeId };
  const citations = await client.call('AI73-6', { ...node, page: 1, limit: 5 });
  const reference = await client.call('AI73-7', node);
  const asked = await client.call('AI73-8', node);
  const plan = await until(client, 'AI73-9', { ...node, task_id: asked.task_id });
  return { taskId, thinking, recommend, mind, nodeId, citations, reference, plan };
}

export async function design(client: PlatformClient) {
  const { task_id: taskId } = await client.call('AI39-1', {
    url: 'https://example.com/images/chair.png',
    country: ['US', 'CN', 'EU'],
    lang: 'en',
    loc_items: ['06-01'],
    main_field: 'chair',
  });
  const states: string[] = [];
  const result = await until(client, 'AI39-2', { task_id: taskId }, states);
  return { taskId, result, states };
}

export async function count(client: PlatformClient) {
  return client.call('P001', {
    query_text: 'TACD: (solid-state battery) AND APD: [2015 TO 2024]',
    collapse_type: 'DOCDB',
    collapse_by: 'PBD',
    collapse_order: 'LATEST',
  });
}

export const ALL_WORKFLOWS = { chats, disclosure, solution, report, guidedNovelty, legacyNovelty, material, design, count };
