/** Every failure the simulator can produce arrives as the right error class, with its operation, request id and message. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyFailure } from '../../../src/lib/failures.js';
import {
  ForbiddenError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  PlatformError,
  QuotaError,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  UnauthorizedError,
} from '../../../src/platform/errors.js';
import { PlatformClient } from '../../../src/platform/client.js';
import { caught, closedPort, requestsFor, startHarness, TEST_KEY, type Harness } from './helpers.js';

const P001 = { query_text: 'TACD: (lithium battery)' } as const;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ retry: { attempts: 1 } });
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.sim.clearFaults();
});

function expectPlatformError(error: unknown, type: abstract new (...args: never[]) => PlatformError, kind: string): PlatformError {
  expect(error).toBeInstanceOf(type);
  const e = error as PlatformError;
  expect(e.kind).toBe(kind);
  expect(e.operation).toBe('P001');
  expect(e.requestId).toMatch(/\S{8,}/);
  expect(e.message).toContain('P001');
  return e;
}

describe('authentication', () => {
  it('no key: HTTP 401 is UnauthorizedError', async () => {
    const error = await caught(() => h.clientWith({ apiKey: '' }).call('P001', P001));
    const e = expectPlatformError(error, UnauthorizedError, 'unauthorized');
    expect(e.status).toBe(401);
    expect(classifyFailure(e).kind).toBe('final');
    expect(requestsFor(h.sim, 'P001').at(-1)?.auth).toBe('none');
  });

  it('a key that is not sk-... is rejected with envelope 67200003', async () => {
    const error = await caught(() => h.client.call('P001', P001, { apiKey: 'not-a-platform-key' }));
    const e = expectPlatformError(error, UnauthorizedError, 'unauthorized');
    expect(e.errorCode).toBe(67200003);
    expect(e.platformMessage).toBeTruthy();
  });

  it.each([67200008, 67200009])('envelope error %i is UnauthorizedError with the platform message', async (errorCode) => {
    h.sim.inject({ kind: 'envelope-error', errorCode, message: `auth failure ${errorCode}`, operation: 'P001' });
    const e = expectPlatformError(await caught(() => h.client.call('P001', P001)), UnauthorizedError, 'unauthorized');
    expect(e.errorCode).toBe(errorCode);
    expect(e.platformMessage).toBe(`auth failure ${errorCode}`);
  });
});

describe('permission, not found, quota', () => {
  it('HTTP 403 and envelope 67200004 are ForbiddenError', async () => {
    h.sim.inject({ kind: 'http-status', status: 403, operation: 'P001', times: 1 });
    expect(expectPlatformError(await caught(() => h.client.call('P001', P001)), ForbiddenError, 'forbidden').status).toBe(403);
    h.sim.inject({ kind: 'envelope-error', errorCode: 67200004, message: 'no permission', operation: 'P001', times: 1 });
    const e = expectPlatformError(await caught(() => h.client.call('P001', P001)), ForbiddenError, 'forbidden');
    expect(e.platformMessage).toBe('no permission');
  });

  it('an unknown path (via pathOverrides) is NotFoundError', async () => {
    const client = h.clientWith({ pathOverrides: { P001: '/search/patent/no-such-operation' } });
    const e = expectPlatformError(await caught(() => client.call('P001', P001)), NotFoundError, 'not-found');
    expect(e.status).toBe(404);
    expect(h.sim.requests.at(-1)?.path).toBe('/search/patent/no-such-operation');
  });

  it.each([67200000, 67200001, 67200005])('envelope error %i is QuotaError, a final failure', async (errorCode) => {
    h.sim.inject({ kind: 'envelope-error', errorCode, message: 'limit reached', operation: 'P001' });
    const e = expectPlatformError(await caught(() => h.client.call('P001', P001)), QuotaError, 'quota');
    expect(classifyFailure(e).kind).toBe('final');
    expect(e.platformMessage).toBe('limit reached');
  });
});

describe('rate limits and invalid requests', () => {
  it('envelope 67200002 and HTTP 429 are RateLimitedError, transient and not performed, with Retry-After', async () => {
    h.sim.inject({ kind: 'envelope-error', errorCode: 67200002, message: 'QPS too high', operation: 'P001', times: 1 });
    const byCode = expectPlatformError(await caught(() => h.client.call('P001', P001)), RateLimitedError, 'rate-limited');
    expect(classifyFailure(byCode)).toMatchObject({ kind: 'transient', notPerformed: true });
    expect(byCode.platformMessage).toBe('QPS too high');
    h.sim.inject({ kind: 'http-status', status: 429, retryAfterSeconds: 2, operation: 'P001', times: 1 });
    const byStatus = expectPlatformError(await caught(() => h.client.call('P001', P001)), RateLimitedError, 'rate-limited');
    expect(byStatus.status).toBe(429);
    expect(byStatus.retryAfterMs).toBe(2000);
  });

  it.each([68300004, 68300007])('envelope error %i is InvalidRequestError', async (errorCode) => {
    h.sim.inject({ kind: 'envelope-error', errorCode, message: 'bad parameter', operation: 'P001' });
    const e = expectPlatformError(await caught(() => h.client.call('P001', P001)), InvalidRequestError, 'invalid-request');
    expect(e.platformMessage).toBe('bad parameter');
  });

  it('HTTP 400 is InvalidRequestError', async () => {
    h.sim.inject({ kind: 'http-status', status: 400, operation: 'P001' });
    expect(expectPlatformError(await caught(() => h.client.call('P001', P001)), InvalidRequestError, 'invalid-request').status).toBe(400);
  });

  it('a request that does not fit the schema is refused before any HTTP call', async () => {
    const before = h.sim.requests.length;
    const error = await caught(() => h.client.call('P001', { query_text: 42 } as unknown as typeof P001));
    expect(error).toBeInstanceOf(InvalidRequestError);
    const e = error as InvalidRequestError;
    expect(e.operation).toBe('P001');
    expect(e.platformMessage).toContain('query_text');
    expect(e.message).toContain('not sent');
    expect(h.sim.requests.length).toBe(before);
  });
});

describe('service, timeout and network failures', () => {
  it.each([500, 502, 503])('HTTP %i is ServiceError', async (status) => {
    h.sim.inject({ kind: 'http-status', status, operation: 'P001' });
    const e = expectPlatformError(await caught(() => h.client.call('P001', P001)), ServiceError, 'service');
    expect(e.status).toBe(status);
    expect(classifyFailure(e)).toMatchObject({ kind: 'transient', notPerformed: false });
  });

  it.each([68300005, 68300006, 68300008])('envelope error %i is ServiceError', async (errorCode) => {
    h.sim.inject({ kind: 'envelope-error', errorCode, message: 'backend failure', operation: 'P001' });
    const e = expectPlatformError(await caught(() => h.client.call('P001', P001)), ServiceError, 'service');
    expect(e.errorCode).toBe(errorCode);
    expect(e.platformMessage).toBe('backend failure');
  });

  it('slow response headers are TimeoutError', async () => {
    h.sim.inject({ kind: 'slow-headers', delayMs: 500, operation: 'P001' });
    const client = h.clientWith({ timeouts: { headersMs: 50 } });
    const e = expectPlatformError(await caught(() => client.call('P001', P001)), TimeoutError, 'timeout');
    expect(classifyFailure(e)).toMatchObject({ kind: 'transient', notPerformed: false });
  });

  it('an AbortSignal.timeout deadline is TimeoutError, not an abort', async () => {
    h.sim.inject({ kind: 'slow-headers', delayMs: 500, operation: 'P001' });
    const e = expectPlatformError(await caught(() => h.client.call('P001', P001, { signal: AbortSignal.timeout(30) })), TimeoutError, 'timeout');
    expect(e.platformMessage).toBe('the deadline passed');
  });

  it("the caller's own abort is an AbortError, not a platform failure", async () => {
    // headers held long enough that only the abort can end the call, however late a busy machine runs its timers;
    // for every P001 of this test, not once: the last test's aborted call may reach the simulator late and take a
    // one-time fault (beforeEach clears it for the next test)
    h.sim.inject({ kind: 'slow-headers', delayMs: 10_000, operation: 'P001' });
    const controller = new AbortController();
    const pending = caught(() => h.client.call('P001', P001, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    const error = await pending;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(PlatformError);
  });

  it('a closed port is NetworkError', async () => {
    const port = await closedPort();
    const client = new PlatformClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: TEST_KEY, retry: { attempts: 1 } });
    try {
      const error = await caught(() => client.call('P001', P001));
      expect(error).toBeInstanceOf(NetworkError);
      const e = error as NetworkError;
      expect(e.kind).toBe('network');
      expect(e.operation).toBe('P001');
      expect(e.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(classifyFailure(e)).toMatchObject({ kind: 'transient', notPerformed: false });
    } finally {
      await client.close();
    }
  });
});
