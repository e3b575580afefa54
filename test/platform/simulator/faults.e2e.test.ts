/** Every fault kind is observable over HTTP, is scoped by operation and honours `times`. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectedChatAnswer, startSimulator, type RunningSimulator } from '../../../src/platform/simulator/index.js';
import { at, call, contractErrors, data, send, type Envelope } from './helpers.js';

const P001 = { query_text: 'TACD: (graphene AND anode)' };
const PROMPT = { prompt: 'Summarise sodium-ion battery cathode patents' };
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ streamChunkChars: 32 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.clearFaults();
  sim.setTaskDuration(0);
});

/** Reads a body to its end or to the network error that cut it. */
async function readAll(response: Response): Promise<{ text: string; error?: unknown }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode() };
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { text, error };
  }
}

const events = (text: string) =>
  text
    .split('\n\n')
    .filter((b) => b.trim() !== '')
    .map((b) => b.replace(/^data: /, ''));

describe('http-status', () => {
  it('answers with the status, an envelope and Retry-After, then recovers after `times`', async () => {
    sim.inject({ kind: 'http-status', status: 503, retryAfterSeconds: 2, operation: 'P001', times: 1 });
    const response = await send(sim, 'P001', P001);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toMatchObject({ status: false, error_code: 68300008 });
    expect((await send(sim, 'P001', P001)).status).toBe(200);
  });

  it('429 comes with the QPS code; no Retry-After unless given', async () => {
    sim.inject({ kind: 'http-status', status: 429, times: 1 });
    const response = await send(sim, 'P001', P001);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(((await response.json()) as Envelope).error_code).toBe(67200002);
  });
});

describe('envelope-error', () => {
  it('HTTP 200 with status false and the code, `times` times, only for its operation', async () => {
    sim.inject({ kind: 'envelope-error', errorCode: 67200002, operation: 'P001', times: 2 });
    await data(sim, 'AI35-1', { input: 'not affected', lang: 'en' });
    for (let i = 0; i < 2; i++) {
      const envelope = await call(sim, 'P001', P001);
      expect(envelope).toMatchObject({ status: false, error_code: 67200002 });
      expect(envelope.error_msg).toMatch(/QPS/);
    }
    expect((await call(sim, 'P001', P001)).status).toBe(true);
  });

  it('uses the given message, and applies to streams as a JSON envelope', async () => {
    sim.inject({ kind: 'envelope-error', errorCode: 67200005, message: 'balance is empty', operation: 'AI07', times: 1 });
    const response = await send(sim, 'AI07', PROMPT);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: false, error_code: 67200005, error_msg: 'balance is empty' });
  });
});

describe('slow-headers', () => {
  it('delays the response headers', async () => {
    sim.inject({ kind: 'slow-headers', delayMs: 250, operation: 'P001', times: 1 });
    const started = Date.now();
    const response = await send(sim, 'P001', P001);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(response.status).toBe(200);
    const quick = Date.now();
    await send(sim, 'P001', P001);
    expect(Date.now() - quick).toBeLessThan(240);
  });
});

describe('stream faults', () => {
  it('stream-cut destroys the connection after N events, without ending the body', async () => {
    sim.inject({ kind: 'stream-cut', afterEvents: 3, operation: 'AI07', times: 1 });
    const { text, error } = await readAll(await send(sim, 'AI07', PROMPT));
    expect(error).toBeDefined();
    expect(events(text)).toHaveLength(3);
    expect(text.endsWith('\n\n')).toBe(true);
    const whole = await readAll(await send(sim, 'AI07', PROMPT));
    expect(whole.error).toBeUndefined();
  });

  it('malformed-event inserts a data line that is not JSON, and the stream goes on', async () => {
    sim.inject({ kind: 'malformed-event', afterEvents: 2, operation: 'AI07', times: 1 });
    const { text } = await readAll(await send(sim, 'AI07', PROMPT));
    const lines = events(text);
    expect(() => JSON.parse(lines[2]!)).toThrow();
    const good = lines.filter((_, i) => i !== 2).map((l) => JSON.parse(l) as Envelope);
    expect(good.map((e) => at(e, 'data', 'output', 'content')).join('')).toBe(expectedChatAnswer('AI07', PROMPT));
  });

  it('stream-error-envelope sends an error envelope after N events and ends the stream', async () => {
    sim.inject({ kind: 'stream-error-envelope', afterEvents: 4, errorCode: 68300008, message: 'model overloaded', times: 1 });
    const { text, error } = await readAll(await send(sim, 'AI20', { query: 'GLP-1 agonists pipeline' }));
    expect(error).toBeUndefined();
    const envelopes = events(text).map((l) => JSON.parse(l) as Envelope);
    expect(envelopes).toHaveLength(5);
    expect(envelopes[4]).toEqual({ status: false, error_code: 68300008, error_msg: 'model overloaded' });
    expect(contractErrors('AI20', envelopes[4])).toEqual([]);
    expect(envelopes.slice(0, 4).every((e) => at(e, 'data', 'output', 'status') === 'running')).toBe(true);
  });

  it('stream faults wait for a stream operation and leave JSON operations alone', async () => {
    sim.inject({ kind: 'stream-cut', afterEvents: 1, times: 1 });
    expect((await call(sim, 'P001', P001)).status).toBe(true);
    const { error } = await readAll(await send(sim, 'AI07', PROMPT));
    expect(error).toBeDefined();
  });
});

describe('task-fails', () => {
  it('the next poll reports the family’s failed state', async () => {
    const solution = await data(sim, 'AI33-1', { lang: 'en', solution_issues: 'Raise battery energy density to 260 Wh/kg' });
    sim.inject({ kind: 'task-fails', operation: 'AI33-2', times: 1 });
    expect(await data(sim, 'AI33-2', { task_id: solution.task_id })).toEqual({ status: 'FAILED' });

    const design = await data(sim, 'AI39-1', { country: ['US'], lang: 'en', url: 'https://example.com/p.png' });
    sim.inject({ kind: 'task-fails', operation: 'AI39-2', times: 1 });
    expect(await data(sim, 'AI39-2', { task_id: design.task_id })).toEqual({ task_id: design.task_id, task_status: 3 });

    const job = await data(sim, 'AI32-2', { tech_solution: 'A door opened by phone proximity', mechanism: 'UWB ranging', language: 'en' });
    sim.inject({ kind: 'task-fails', operation: 'AI32-3', times: 1 });
    expect((await data(sim, 'AI32-3', { job_id: job.job_id })).job_status).toBe(3);

    const report = await data(sim, 'AI34-1', { technical_issues: 'Perovskite solar cell stability', auto_directory: true });
    sim.inject({ kind: 'task-fails', operation: 'AI34-3', times: 1 });
    expect(await data(sim, 'AI34-3', { report_id: report.report_id })).toEqual({ report_status: 'FAILED' });
  });

  it('scoped to a create operation, the created task fails; `times` limits it', async () => {
    sim.inject({ kind: 'task-fails', operation: 'AI73-1', times: 1 });
    const failed = await data(sim, 'AI73-1', { input: 'UV-stable ZnO sunscreen', lang: 'en' });
    const ok = await data(sim, 'AI73-1', { input: 'UV-stable ZnO sunscreen', lang: 'en' });
    expect((await data(sim, 'AI73-4', { task_id: failed.task_id })).status).toBe('FAILED');
    expect((await data(sim, 'AI73-4', { task_id: ok.task_id })).status).toBe('SUCCEED');
  });
});
