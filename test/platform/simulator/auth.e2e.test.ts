/** Authentication as the gateway does it, and what the simulator records about each request. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/log.js';
import { startSimulator, type RunningSimulator } from '../../../src/platform/simulator/index.js';
import { call, contractErrors, KEY, send, type Envelope } from './helpers.js';

const P001 = { query_text: 'TACD: (solid-state battery)' };
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});

describe('auth', () => {
  it('no key: HTTP 401 with envelope 67200008', async () => {
    const response = await send(sim, 'P001', P001, { key: null });
    expect(response.status).toBe(401);
    const envelope = (await response.json()) as Envelope;
    expect(envelope).toMatchObject({ status: false, error_code: 67200008 });
    expect(envelope.error_msg).toBeTruthy();
    expect(contractErrors('P001', envelope)).toEqual([]);
  });

  it('a bearer sk- key works', async () => {
    const envelope = await call(sim, 'P001', P001);
    expect(envelope).toMatchObject({ status: true, error_code: 0 });
    expect(typeof envelope.data?.total_search_result_count).toBe('number');
  });

  it('?apikey=sk-... works too', async () => {
    const envelope = await call(sim, 'P001', P001, { via: 'query' });
    expect(envelope.status).toBe(true);
  });

  it('a key without the sk- prefix: HTTP 200 with envelope 67200003', async () => {
    const envelope = await call(sim, 'P001', P001, { key: 'bad-key' });
    expect(envelope).toMatchObject({ status: false, error_code: 67200003 });
    const viaQuery = await call(sim, 'P001', P001, { key: 'bad-key', via: 'query' });
    expect(viaQuery.error_code).toBe(67200003);
  });

  it('records how the key came, never the key', async () => {
    const before = sim.requests.length;
    await send(sim, 'P001', P001);
    await send(sim, 'P001', P001, { via: 'query', query: { trace: 'yes' } });
    await send(sim, 'P001', P001, { key: null });
    const recorded = sim.requests.slice(before);
    expect(recorded.map((r) => r.auth)).toEqual(['bearer', 'query', 'none']);
    expect(recorded.every((r) => r.operation === 'P001' && r.method === 'POST' && r.path === '/search/patent/query-search-count')).toBe(true);
    expect(recorded[0]?.body).toEqual(P001);
    expect(recorded[1]?.query).toEqual({ trace: 'yes' });
    expect(JSON.stringify(sim.requests)).not.toContain(KEY);
  });

  it('every response carries a request id, echoing the caller’s', async () => {
    const own = await fetch(new URL('/search/patent/query-search-count', sim.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'x-request-id': 'req-12345678' },
      body: JSON.stringify(P001),
    });
    expect(own.headers.get('x-request-id')).toBe('req-12345678');
    const generated = await send(sim, 'P001', P001);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('routing', () => {
  it('an unknown path is 404 and a wrong method is 405 with Allow', async () => {
    const missing = await fetch(new URL('/no/such/path', sim.url), { method: 'POST', headers: { authorization: `Bearer ${KEY}` } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as Envelope).status).toBe(false);
    const wrong = await fetch(new URL('/search/patent/query-search-count', sim.url), { headers: { authorization: `Bearer ${KEY}` } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(sim.requests.at(-1)).toMatchObject({ operation: 'unknown', method: 'GET' });
  });

  it('path overrides move an operation', async () => {
    const moved = await startSimulator({ paths: { P001: '/v2/count' } });
    try {
      const response = await fetch(new URL('/v2/count', moved.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}` },
        body: JSON.stringify(P001),
      });
      expect(((await response.json()) as Envelope).status).toBe(true);
      expect(moved.requests[0]?.operation).toBe('P001');
    } finally {
      await moved.close();
    }
  });
});

describe('logging', () => {
  it('logs one line per request with the operation and status, never the key', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logged = await startSimulator({ logger: createLogger('info', sink) });
    try {
      await send(logged, 'P001', P001);
      await send(logged, 'P001', P001, { via: 'query' });
      await send(logged, 'P001', P001, { key: 'sk-bad/../x', via: 'query' });
    } finally {
      await logged.close();
    }
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!)).toMatchObject({ operation: 'P001', method: 'POST', path: '/search/patent/query-search-count', status: 200 });
    expect(lines.join('')).not.toContain(KEY);
    expect(lines.join('')).not.toContain('apikey');
  });
});
