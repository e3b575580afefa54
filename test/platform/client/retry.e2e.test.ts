/** Which failures are repeated, counted from what the simulator received. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, QuotaError, RateLimitedError, ServiceError, TimeoutError } from '../../../src/platform/errors.js';
import { backoffDelay, retryPolicy, shouldRetry } from '../../../src/platform/retry.js';
import { caught, requestsFor, startHarness, type Harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ retry: { attempts: 4, baseDelayMs: 1, maxDelayMs: 5 } });
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.sim.clearFaults();
  h.sim.requests.length = 0;
});

describe('retries against the simulator', () => {
  it('a read is retried on 5xx until it succeeds', async () => {
    h.sim.inject({ kind: 'http-status', status: 503, operation: 'P001', times: 2 });
    const data = await h.client.call('P001', { query_text: 'TACD: (graphene)' });
    expect(data).toBeTruthy();
    expect(requestsFor(h.sim, 'P001')).toHaveLength(3);
    expect(h.logs.lines.filter((l) => l.includes('retrying') && l.includes('"P001"'))).toHaveLength(2);
  });

  it('a create is not retried on 5xx: exactly one request', async () => {
    h.sim.inject({ kind: 'http-status', status: 500, operation: 'AI35-1', times: 1 });
    const error = await caught(() => h.client.call('AI35-1', { input: 'a battery separator of coated ceramic', lang: 'en' }));
    expect(error).toBeInstanceOf(ServiceError);
    expect(requestsFor(h.sim, 'AI35-1')).toHaveLength(1);
  });

  it('a create is not retried on an envelope service error either', async () => {
    h.sim.inject({ kind: 'envelope-error', errorCode: 68300008, operation: 'AI33-1', times: 1 });
    await expect(h.client.call('AI33-1', { solution_issues: 'reduce battery weight', lang: 'en' })).rejects.toBeInstanceOf(ServiceError);
    expect(requestsFor(h.sim, 'AI33-1')).toHaveLength(1);
  });

  it('a create is retried on 67200002 (QPS): nothing was created', async () => {
    h.sim.inject({ kind: 'envelope-error', errorCode: 67200002, operation: 'AI35-1', times: 2 });
    const data = await h.client.call('AI35-1', { input: 'a battery separator of coated ceramic', lang: 'en' });
    expect(data.task_id).toBeTruthy();
    expect(requestsFor(h.sim, 'AI35-1')).toHaveLength(3);
  });

  it('the wait honours Retry-After', async () => {
    h.sim.inject({ kind: 'http-status', status: 429, retryAfterSeconds: 1, operation: 'P001', times: 1 });
    const started = Date.now();
    await h.client.call('P001', { query_text: 'TACD: (graphene)' });
    const [first, second] = requestsFor(h.sim, 'P001');
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const logged = h.logs.lines
      .filter((l) => l.includes('retrying'))
      .map((l) => JSON.parse(l) as { delayMs: number })
      .at(-1);
    expect(logged?.delayMs).toBeGreaterThanOrEqual(1000);
  });

  it('attempts are capped: the last error comes out after `attempts` requests', async () => {
    h.sim.inject({ kind: 'http-status', status: 502, operation: 'AI35-2' });
    const error = await caught(() => h.client.call('AI35-2', { task_id: 'any-task' }));
    expect(error).toBeInstanceOf(ServiceError);
    expect(requestsFor(h.sim, 'AI35-2')).toHaveLength(4);
  });

  it("the caller's abort during the backoff wait stops the retries with an AbortError", async () => {
    h.sim.inject({ kind: 'http-status', status: 429, retryAfterSeconds: 5, operation: 'P001' });
    const controller = new AbortController();
    const pending = caught(() => h.client.call('P001', { query_text: 'TACD: (graphene)' }, { signal: controller.signal }));
    await vi.waitFor(() => expect(requestsFor(h.sim, 'P001')).toHaveLength(1), { interval: 5 });
    controller.abort();
    const error = await pending;
    expect((error as Error).name).toBe('AbortError');
    expect(requestsFor(h.sim, 'P001')).toHaveLength(1);
  });

  it('rate limits are retried for reads too, and give up at the cap', async () => {
    h.sim.inject({ kind: 'http-status', status: 429, operation: 'P001' });
    expect(await caught(() => h.client.call('P001', { query_text: 'TACD: (graphene)' }))).toBeInstanceOf(RateLimitedError);
    expect(requestsFor(h.sim, 'P001')).toHaveLength(4);
  });

  it('a stream start is retried on a rate limit, but not on 5xx', async () => {
    h.sim.inject({ kind: 'http-status', status: 429, operation: 'AI07', times: 1 });
    const stream = await h.client.stream('AI07', { prompt: 'What is a solid-state battery?', stream: true });
    const types = [];
    for await (const event of stream) types.push(event.type);
    expect(types.at(-1)).toBe('done');
    expect(requestsFor(h.sim, 'AI07')).toHaveLength(2);

    h.sim.inject({ kind: 'http-status', status: 503, operation: 'AI07', times: 1 });
    await expect(h.client.stream('AI07', { prompt: 'again', stream: true })).rejects.toBeInstanceOf(ServiceError);
    expect(requestsFor(h.sim, 'AI07')).toHaveLength(3);
  });
});

describe('the retry rules', () => {
  const init = { operation: 'X' };
  it('reads retry transient failures; creates and streams only rate limits', () => {
    for (const error of [new ServiceError(init), new TimeoutError(init), new NetworkError(init)]) {
      expect(shouldRetry('read', error)).toBe(true);
      expect(shouldRetry('create', error)).toBe(false);
      expect(shouldRetry('stream', error)).toBe(false);
    }
    for (const kind of ['read', 'create', 'stream'] as const) {
      expect(shouldRetry(kind, new RateLimitedError(init))).toBe(true);
      expect(shouldRetry(kind, new QuotaError(init))).toBe(false);
      expect(shouldRetry(kind, new Error('not a platform error'))).toBe(false);
    }
  });

  it('backoff is full jitter under an exponential, capped ceiling, never below Retry-After', () => {
    const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 1000 });
    for (let i = 0; i < 200; i++) {
      expect(backoffDelay(0, policy)).toBeLessThan(100);
      expect(backoffDelay(3, policy)).toBeLessThan(800);
      expect(backoffDelay(10, policy)).toBeLessThan(1000);
      expect(backoffDelay(0, policy, 5000)).toBe(5000);
    }
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(4, policy)));
    expect(spread.size).toBeGreaterThan(10);
  });
});
