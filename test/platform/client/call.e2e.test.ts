/**
 * What `call` puts on the wire (auth modes, GET query, request ids, path overrides) and how it reads answers
 * the contract does not allow (a gateway that sends odd bodies is a small local server here).
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../../src/platform/client.js';
import { UnexpectedResponseError, type PlatformError } from '../../../src/platform/errors.js';
import { caught, requestsFor, startHarness, TEST_KEY, type Harness } from './helpers.js';

let h: Harness;
let odd: Server;
let oddUrl: string;
const seenByOdd: { url: string; headers: Record<string, string | string[] | undefined> }[] = [];

/** Bodies a broken gateway might send, by path. */
const ODD_BODIES: Record<string, { type: string; body: string }> = {
  '/html': { type: 'text/html', body: '<html>maintenance</html>' },
  '/no-data': { type: 'application/json', body: JSON.stringify({ status: true, error_code: 0 }) },
  '/wrong-data': { type: 'application/json', body: JSON.stringify({ status: true, error_code: 0, data: { total_search_result_count: 'many' } }) },
  '/json-instead-of-stream': { type: 'application/json', body: JSON.stringify({ status: true, error_code: 0, data: { output: { content: 'hi' } } }) },
};

beforeAll(async () => {
  h = await startHarness();
  odd = createServer((req, res) => {
    seenByOdd.push({ url: req.url ?? '', headers: req.headers });
    const reply = ODD_BODIES[(req.url ?? '').split('?')[0] ?? ''];
    const headers = { 'content-type': reply?.type ?? 'application/json', 'x-request-id': 'gateway-request-7' };
    res.writeHead(reply ? 200 : 404, headers).end(reply?.body ?? '{}');
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  const address = odd.address();
  oddUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => odd.close(() => resolve()));
});

describe('on the wire', () => {
  it('bearer mode sends the Authorization header; query mode the apikey parameter', async () => {
    await h.client.call('P001', { query_text: 'TACD: (graphene)' });
    expect(requestsFor(h.sim, 'P001').at(-1)?.auth).toBe('bearer');
    await h.clientWith({ authMode: 'query' }).call('P001', { query_text: 'TACD: (graphene)' });
    expect(requestsFor(h.sim, 'P001').at(-1)?.auth).toBe('query');
  });

  it('a GET operation sends its request as query parameters', async () => {
    const created = await h.client.call('AI34-1', { technical_issues: 'sodium-ion batteries' });
    await h.client.call('AI34-3', { report_id: created.report_id! });
    expect(requestsFor(h.sim, 'AI34-3').at(-1)).toMatchObject({ method: 'GET', query: { report_id: created.report_id }, body: undefined });
  });

  it('sends JSON, a fresh x-request-id per call, and prefers the gateway request id in errors', async () => {
    const client = h.clientWith({ baseUrl: oddUrl, pathOverrides: { P001: '/no-data' } });
    const error = await caught(() => client.call('P001', { query_text: 'x' }));
    await caught(() => client.call('P001', { query_text: 'y' }));
    const [first, second] = seenByOdd.slice(-2);
    expect(first?.headers['content-type']).toBe('application/json');
    expect(first?.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(first?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers['x-request-id']).not.toBe(first?.headers['x-request-id']);
    expect((error as PlatformError).requestId).toBe('gateway-request-7');
  });

  it('a per-call key overrides the client key', async () => {
    const client = h.clientWith({ baseUrl: oddUrl, pathOverrides: { P001: '/no-data' } });
    await caught(() => client.call('P001', { query_text: 'x' }, { apiKey: 'sk-workspace-key-42' }));
    expect(seenByOdd.at(-1)?.headers.authorization).toBe('Bearer sk-workspace-key-42');
  });

  it('pathOverrides route an operation to another path, and base URL prefixes are kept', async () => {
    const client = h.clientWith({ baseUrl: `${oddUrl}/gateway/`, pathOverrides: { 'AI35-1': '/html' } });
    await caught(() => client.call('AI35-1', { input: 'x', lang: 'en' }));
    expect(seenByOdd.at(-1)?.url).toBe('/gateway/html');
  });

  it('logs each response without the key', async () => {
    await h.clientWith({ authMode: 'query' }).call('P001', { query_text: 'TACD: (graphene)' });
    const line = h.logs.lines.filter((l) => l.includes('platform response')).at(-1);
    expect(JSON.parse(line!)).toMatchObject({ operation: 'P001', method: 'POST', path: '/search/patent/query-search-count', status: 200 });
    expect(h.logs.lines.join('')).not.toContain(TEST_KEY.slice(3));
  });
});

describe('answers outside the contract are UnexpectedResponseError', () => {
  const client = (path: string) => new PlatformClient({ baseUrl: oddUrl, apiKey: TEST_KEY, pathOverrides: { P001: path }, retry: { attempts: 1 } });

  it.each([
    ['/html', 'not a JSON envelope'],
    ['/no-data', 'no data'],
    ['/wrong-data', 'total_search_result_count'],
  ])('%s', async (path, mentions) => {
    const c = client(path);
    try {
      const error = await caught(() => c.call('P001', { query_text: 'x' }));
      expect(error).toBeInstanceOf(UnexpectedResponseError);
      expect((error as PlatformError).message).toContain(mentions);
      expect((error as PlatformError).status).toBe(200);
    } finally {
      await c.close();
    }
  });

  it('a stream operation answered with a JSON success', async () => {
    const c = new PlatformClient({ baseUrl: oddUrl, apiKey: TEST_KEY, pathOverrides: { AI07: '/json-instead-of-stream' } });
    try {
      const error = await caught(() => c.stream('AI07', { prompt: 'hi', stream: true }));
      expect(error).toBeInstanceOf(UnexpectedResponseError);
      expect((error as PlatformError).message).toContain('expected an event stream');
    } finally {
      await c.close();
    }
  });
});

describe('lifecycle', () => {
  it('close() is idempotent, and a closed client fails with NetworkError', async () => {
    const client = h.clientWith({ retry: { attempts: 1 } });
    await client.call('P001', { query_text: 'TACD: (graphene)' });
    await client.close();
    await client.close();
    const error = await caught(() => client.call('P001', { query_text: 'TACD: (graphene)' }));
    expect((error as PlatformError).kind).toBe('network');
  });
});
