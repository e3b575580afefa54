/** Plain-fetch helpers for the simulator tests: call an operation, read an event stream, check the contract. */
import { expect } from 'vitest';
import { OPERATIONS, type OperationId } from '../../../src/platform/operations.js';
import type { RunningSimulator } from '../../../src/platform/simulator/index.js';
import { isPublished, responseErrors } from '../../helpers/openapi-validator.js';

export const KEY = 'sk-simulator-test-key';

export interface Envelope {
  status: boolean;
  error_code: number;
  error_msg?: string;
  data?: Record<string, unknown>;
}

export interface CallOptions {
  /** null: send no key; default: KEY as a bearer token */
  key?: string | null;
  via?: 'bearer' | 'query';
  query?: Record<string, string>;
  signal?: AbortSignal;
}

/** Sends the request for an operation (a GET's body becomes its query string). */
export function send(sim: RunningSimulator, id: OperationId, body?: unknown, options: CallOptions = {}): Promise<Response> {
  const spec = OPERATIONS[id];
  const url = new URL(spec.path, sim.url);
  const key = options.key === undefined ? KEY : options.key;
  const params = { ...options.query, ...(spec.method === 'GET' ? (body as Record<string, string> | undefined) : {}) };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null && options.via === 'query') url.searchParams.set('apikey', key);
  else if (key !== null) headers.authorization = `Bearer ${key}`;
  return fetch(url, {
    method: spec.method,
    headers,
    signal: options.signal,
    body: spec.method === 'POST' && body !== undefined ? JSON.stringify(body) : undefined,
  });
}

/** The envelope's contract errors: openapi.json for published operations, the zod envelope for the others. */
export function contractErrors(id: OperationId, envelope: unknown): string[] {
  if (isPublished(id)) return responseErrors(id, envelope);
  const parsed = OPERATIONS[id].envelope.safeParse(envelope);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('/')} ${i.message}`);
}

/** Calls a JSON operation, checks HTTP 200 and the contract, and returns the envelope. */
export async function call(sim: RunningSimulator, id: OperationId, body?: unknown, options?: CallOptions): Promise<Envelope> {
  const response = await send(sim, id, body, options);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const envelope = (await response.json()) as Envelope;
  expect(contractErrors(id, envelope)).toEqual([]);
  return envelope;
}

/** Calls and expects success; returns `data`. */
export async function data(sim: RunningSimulator, id: OperationId, body?: unknown): Promise<Record<string, unknown>> {
  const envelope = await call(sim, id, body);
  expect(envelope, JSON.stringify(envelope)).toMatchObject({ status: true, error_code: 0 });
  return envelope.data ?? {};
}

/** The `data:` payloads of an event stream, in order (whole body; events split on blank lines). */
export async function sseData(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      expect(block.startsWith('data: ')).toBe(true);
      return block.slice('data: '.length);
    });
}

/** Streams an operation, checks every event envelope against the contract and returns the envelopes. */
export async function stream(sim: RunningSimulator, id: OperationId, body: unknown): Promise<{ envelopes: Envelope[]; raw: string[] }> {
  const response = await send(sim, id, body);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const raw = await sseData(response);
  const envelopes = raw.filter((r) => r !== '[DONE]').map((r) => JSON.parse(r) as Envelope);
  for (const envelope of envelopes) expect(contractErrors(id, envelope)).toEqual([]);
  return { envelopes, raw };
}

/** A nested field of a loosely typed object. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], value);
}

/** Repeats `probe` (a few ms apart) until `done` says so; returns every value seen, the last one satisfying `done`. */
export async function pollUntil<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T[]> {
  const seen: T[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    seen.push(value);
    if (done(value)) return seen;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Downloads a file the simulator links to. */
export async function download(link: unknown): Promise<{ contentType: string; bytes: Buffer }> {
  expect(typeof link).toBe('string');
  const response = await fetch(link as string);
  expect(response.status).toBe(200);
  return { contentType: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
}
