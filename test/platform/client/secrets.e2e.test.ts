/**
 * The API key never shows up in an error (message, stack, own properties, causes, deep inspect) or a log line,
 * for every kind of failure, with the key in the Authorization header or in the `?apikey=` query parameter.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient, PlatformClientOptions } from '../../../src/platform/client.js';
import { PlatformError } from '../../../src/platform/errors.js';
import { pollTask } from '../../../src/platform/poll.js';
import { taskState } from '../../../src/platform/task-state.js';
import { caught, closedPort, serializeFully, startHarness, TEST_KEY, type Harness } from './helpers.js';

const SECRET_PART = TEST_KEY.slice(3);
const P001 = { query_text: 'TACD: (graphene)' };

let h: Harness;
let echo: Server;
let echoUrl: string;
let closedUrl: string;

beforeAll(async () => {
  h = await startHarness();
  echo = await startEchoServer();
  const address = echo.address();
  echoUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  closedUrl = `http://127.0.0.1:${await closedPort()}`;
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => echo.close(() => resolve()));
});

type MakeClient = (extra?: Partial<PlatformClientOptions>) => PlatformClient;
/** Each scenario returns the error one kind of failure produces. */
type Scenario = (client: MakeClient) => Promise<unknown>;

const scenarios: Record<string, Scenario> = {
  unauthorized: (c) => {
    h.sim.inject({ kind: 'envelope-error', errorCode: 67200009, operation: 'P001', times: 1 });
    return caught(() => c().call('P001', P001));
  },
  'unauthorized (bad key echoed)': (c) => caught(() => c({ baseUrl: echoUrl }).call('P001', P001)),
  forbidden: (c) => {
    h.sim.inject({ kind: 'http-status', status: 403, operation: 'P001', times: 1 });
    return caught(() => c().call('P001', P001));
  },
  'not-found': (c) => caught(() => c({ pathOverrides: { P001: '/nowhere' } }).call('P001', P001)),
  quota: (c) => {
    h.sim.inject({ kind: 'envelope-error', errorCode: 67200005, operation: 'P001', times: 1 });
    return caught(() => c().call('P001', P001));
  },
  'rate-limited': (c) => {
    h.sim.inject({ kind: 'http-status', status: 429, retryAfterSeconds: 0, operation: 'P001', times: 3 });
    return caught(() => c().call('P001', P001));
  },
  'invalid-request (platform)': (c) => {
    h.sim.inject({ kind: 'envelope-error', errorCode: 68300004, operation: 'P001', times: 1 });
    return caught(() => c().call('P001', P001));
  },
  'invalid-request (schema)': (c) => caught(() => c().call('P001', { query_text: 1 } as unknown as typeof P001)),
  service: (c) => {
    h.sim.inject({ kind: 'http-status', status: 500, operation: 'P001', times: 3 });
    return caught(() => c().call('P001', P001));
  },
  // its own operation: the slowed requests finish on the server later and must not use up the P001 faults above
  timeout: (c) => {
    h.sim.inject({ kind: 'slow-headers', delayMs: 300, operation: 'AI33-2', times: 3 });
    return caught(() => c({ timeouts: { headersMs: 30 } }).call('AI33-2', { task_id: 'slow-task' }));
  },
  network: (c) => caught(() => c({ baseUrl: closedUrl }).call('P001', P001)),
  'unexpected-response': (c) => caught(() => c({ baseUrl: echoUrl, pathOverrides: { P001: '/html' } }).call('P001', P001)),
  'stream-interrupted': async (c) => {
    h.sim.inject({ kind: 'stream-cut', afterEvents: 1, operation: 'AI07', times: 1 });
    const stream = await c().stream('AI07', { prompt: 'What is graphene?', stream: true });
    return caught(async () => {
      for await (const _ of stream) {
        /* read to the cut */
      }
    });
  },
  'stream error envelope': async (c) => {
    h.sim.inject({ kind: 'stream-error-envelope', afterEvents: 1, errorCode: 68300008, operation: 'AI07', times: 1 });
    const stream = await c().stream('AI07', { prompt: 'What is graphene?', stream: true });
    return caught(async () => {
      for await (const _ of stream) {
        /* read to the error */
      }
    });
  },
  'task-failed': (c) => {
    h.sim.inject({ kind: 'task-fails', operation: 'AI35-2', times: 1 });
    return caught(async () => {
      const { task_id } = await c().call('AI35-1', { input: 'a ceramic-coated battery separator', lang: 'en' });
      await pollTask((signal) => c().call('AI35-2', { task_id: task_id! }, { signal }), {
        operation: 'AI35-2',
        state: (d) => taskState('AI35-2', d),
        intervalMs: 1,
        deadlineMs: 5_000,
      });
    });
  },
};

describe.each(['bearer', 'query'] as const)('with the key in %s mode', (authMode) => {
  it.each(Object.keys(scenarios))('%s: the key appears nowhere', async (name) => {
    h.sim.clearFaults();
    const client: MakeClient = (extra = {}) => h.clientWith({ authMode, ...extra });
    const error = await scenarios[name]!(client);
    expect(error).toBeInstanceOf(PlatformError);
    const text = serializeFully(error);
    expect(text.length).toBeGreaterThan(50);
    expect(text).not.toContain(SECRET_PART);
    expect(h.logs.lines.join('\n')).not.toContain(SECRET_PART);
  });
});

it('the echo server really did receive the key, so the redaction above was tested', async () => {
  const error = await caught(() => h.clientWith({ baseUrl: echoUrl, authMode: 'query' }).call('P001', P001));
  expect((error as PlatformError).platformMessage).toContain('apikey=***');
  expect(h.logs.lines.some((l) => l.includes('"operation":"P001"'))).toBe(true);
});

/** A gateway that echoes the request URL and Authorization header back in its error message, or sends HTML. */
async function startEchoServer(): Promise<Server> {
  const server = createHttpServer((req, res) => {
    if (req.url?.startsWith('/html')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html>${req.url} ${req.headers.authorization ?? ''}</html>`);
      return;
    }
    const body = JSON.stringify({
      status: false,
      error_code: 67200003,
      error_msg: `bad key at ${req.url} (${req.headers.authorization ?? 'no header'})`,
    });
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'echo-1' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
