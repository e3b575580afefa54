/**
 * The client against the published contract: every one of the 45 operations is driven through the real
 * workflows, and every request body the simulator received and every response body the client received is
 * checked against openapi.json (ajv), or against the project's zod schemas for the 5 spec-only operations.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS, OPERATIONS, resolvePath, type OperationId } from '../../src/platform/operations.js';
import { isPublished, requestErrors, responseErrors } from '../helpers/openapi-validator.js';
import { requestsFor, startHarness, type Harness } from './client/helpers.js';
import { recordingDispatcher, type RecordedResponse, type RecordingDispatcher } from './client/recording-dispatcher.js';
import { ALL_WORKFLOWS } from './client/workflows.js';

let h: Harness;
let wire: RecordingDispatcher;

beforeAll(async () => {
  wire = recordingDispatcher();
  h = await startHarness({ dispatcher: wire.dispatcher });
  for (const run of Object.values(ALL_WORKFLOWS)) await run(h.client);
}, 30_000);
afterAll(async () => {
  await h.close();
  await wire.close();
});

const responsesFor = (id: OperationId): RecordedResponse[] =>
  wire.responses.filter((r) => r.path === resolvePath(id) && r.method === OPERATIONS[id].method);

/** The envelopes in an event-stream body (`data:` lines; `[DONE]` is not an envelope). */
function streamEnvelopes(body: string): unknown[] {
  return body
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim())
    .filter((data) => data !== '' && data !== '[DONE]')
    .map((data) => JSON.parse(data) as unknown);
}

const zodErrors = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } }, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : (parsed.error?.issues ?? ['invalid']).map((i) => JSON.stringify(i));
};

/** The query parameters openapi.json declares for a GET operation. */
function declaredQueryParameters(id: OperationId): { name: string; required?: boolean; schema: { type: string } }[] {
  const doc = JSON.parse(readFileSync(new URL('../../src/platform/openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean; schema: { type: string } }[] }>>;
  };
  return (doc.paths[OPERATIONS[id].path]?.get?.parameters ?? []).filter((p) => p.in === 'query');
}

describe('the contract of every operation', () => {
  it('all 45 operations were exercised, all with the bearer key', () => {
    expect(OPERATION_IDS).toHaveLength(45);
    const missing = OPERATION_IDS.filter((id) => requestsFor(h.sim, id).length === 0);
    expect(missing).toEqual([]);
    // the export links are plain downloads, fetched without the key
    const apiCalls = h.sim.requests.filter((r) => !r.path.startsWith('/files/'));
    expect(apiCalls.filter((r) => r.auth !== 'bearer')).toEqual([]);
    expect(apiCalls.filter((r) => r.operation === 'unknown')).toEqual([]);
  });

  it('the validators reject what does not fit (the checks below are not vacuous)', () => {
    expect(requestErrors('P001', { collapse_type: 'ALL' })).not.toEqual([]);
    expect(responseErrors('AI35-2', { status: 'yes', error_code: 0 })).not.toEqual([]);
    expect(zodErrors(OPERATIONS['NOVELTY-REPORT'].request, { lang: 'en' })).not.toEqual([]);
  });

  it.each(OPERATION_IDS)('%s: every request body sent fits the request schema', (id) => {
    const sent = requestsFor(h.sim, id);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(request.method).toBe(OPERATIONS[id].method);
      if (OPERATIONS[id].method === 'GET') {
        expect(request.body).toBeUndefined();
        for (const parameter of declaredQueryParameters(id)) {
          if (parameter.required) expect(typeof request.query[parameter.name]).toBe(parameter.schema.type);
        }
        expect(zodErrors(OPERATIONS[id].request, request.query)).toEqual([]);
      } else if (isPublished(id)) {
        expect(requestErrors(id, request.body)).toEqual([]);
      } else {
        expect(zodErrors(OPERATIONS[id].request, request.body)).toEqual([]);
      }
    }
  });

  it.each(OPERATION_IDS)('%s: every response received fits the response schema', (id) => {
    const received = responsesFor(id);
    expect(received.length).toBeGreaterThan(0);
    for (const response of received) {
      expect(response.statusCode).toBe(200);
      const envelopes = OPERATIONS[id].kind === 'stream' ? streamEnvelopes(response.body) : [JSON.parse(response.body) as unknown];
      expect(envelopes.length).toBeGreaterThan(0);
      for (const envelope of envelopes) {
        expect(envelope).toMatchObject({ status: true, error_code: 0 });
        expect(isPublished(id) ? responseErrors(id, envelope) : zodErrors(OPERATIONS[id].envelope, envelope)).toEqual([]);
      }
    }
  });
});
