/**
 * What the client reads at most, against the simulator's faults over real HTTP: a JSON body, one event, a whole
 * stream and its text past their limits end with ResponseTooLargeError and an aborted request (nothing more is
 * read), and a stream that sends only keep-alives, or runs past its deadline, ends as interrupted with what
 * arrived before it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../../src/platform/client.js';
import { ResponseTooLargeError, StreamInterruptedError } from '../../../src/platform/errors.js';
import type { StreamEvent } from '../../../src/platform/events.js';
import { caught, requestsFor, startHarness, TEST_KEY, type Harness } from './helpers.js';

let h: Harness | undefined;
let server: Server | undefined;
afterEach(async () => {
  await h?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  h = server = undefined;
});

const MiB = 1024 * 1024;

/** Reads a stream to its end or its error; the events that came before either. */
async function drain(stream: AsyncIterable<StreamEvent>): Promise<{ events: StreamEvent[]; error?: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events };
  } catch (error) {
    return { events, error };
  }
}
const textOf = (events: StreamEvent[]) => events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');

describe('a JSON body past its limit', () => {
  it('is refused as too large once the limit is read, the request aborted, and not repeated', async () => {
    h = await startHarness({ limits: { maxJsonBytes: 64 * 1024 } });
    h.sim.inject({ kind: 'oversized-body', bytes: 4 * MiB, operation: 'AI39-2', times: 1 });
    const error = await caught(() => h!.client.call('AI39-2', { task_id: 'design-1' }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).kind).toBe('too-large');
    expect((error as Error).message).toContain('the body is larger than 65536 bytes');
    expect(requestsFor(h.sim, 'AI39-2')).toHaveLength(1);
    // the next poll gets the platform's own answer (an unknown task here), on a client that is still fine
    const next = await caught(() => h!.client.call('AI39-2', { task_id: 'design-1' }));
    expect((next as { kind?: string }).kind).toBe('invalid-request');
  });

  it('a Content-Length over the limit is refused before the body is read', async () => {
    h = await startHarness({ limits: { maxJsonBytes: 64 * 1024 } });
    h.sim.inject({ kind: 'oversized-body', bytes: 2 * MiB, declared: true, operation: 'AI39-2', times: 1 });
    const error = await caught(() => h!.client.call('AI39-2', { task_id: 'design-1' }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });

  it('stops reading at the default 8 MiB: a 200 MB answer is cut off long before its end', async () => {
    let written = 0;
    let closedEarly = false;
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const piece = Buffer.alloc(MiB, 'x');
      res.write('{"status":true,"error_code":0,"data":{"padding":"');
      const more = (): void => {
        while (written < 200 * MiB) {
          written += piece.length;
          if (!res.write(piece)) return void res.once('drain', more);
        }
        res.end('"}}');
      };
      res.on('close', () => {
        closedEarly = !res.writableFinished;
      });
      more();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = new PlatformClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: TEST_KEY });
    try {
      const error = await caught(() => client.call('AI39-2', { task_id: 'design-1' }));
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect((error as Error).message).toContain(`larger than ${8 * MiB} bytes`);
      // the connection's close reaches the server a moment later (longer on a busy machine)
      await expect.poll(() => closedEarly, { timeout: 5_000 }).toBe(true);
      expect(written).toBeLessThan(100 * MiB);
    } finally {
      await client.close();
    }
  });
});

describe('a stream past its limits', () => {
  it('one 10 MB event ends the stream as too large (default 1 MiB) after the text before it, and aborts the request', async () => {
    h = await startHarness({}, { streamChunkChars: 16 });
    h.sim.inject({ kind: 'huge-event', afterEvents: 2, chars: 10 * MiB, operation: 'AI07', times: 1 });
    const { events, error } = await drain(await h.client.stream('AI07', { prompt: 'What is graphene?', stream: true }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toContain(`one event of the stream is larger than ${MiB} bytes`);
    expect(textOf(events).length).toBe(32);
    await expect.poll(() => h!.sim.streamsAbortedByClient).toBe(1);
  });

  it('distinct deltas without end stop at the text limit', async () => {
    h = await startHarness({ limits: { maxStreamChars: 50_000 } });
    h.sim.inject({ kind: 'runaway-stream', afterEvents: 0, deltaChars: 8_000, operation: 'AI07', times: 1 });
    const { events, error } = await drain(await h.client.stream('AI07', { prompt: 'What is graphene?', stream: true }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toContain('the text of the stream is larger than 50000 characters');
    // the delta that crossed the limit is not handed out
    expect(textOf(events).length).toBe(48_000);
    await expect.poll(() => h!.sim.streamsAbortedByClient).toBe(1);
  });

  it('bytes without end (keep-alives) stop at the stream limit', async () => {
    h = await startHarness({ limits: { maxStreamBytes: 4096 } });
    h.sim.inject({ kind: 'stream-stall', afterEvents: 1, pingEveryMs: 1, operation: 'AI07', times: 1 });
    const { error } = await drain(await h.client.stream('AI07', { prompt: 'What is graphene?', stream: true }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toContain('the stream is larger than 4096 bytes');
  });
});

describe('a stream that never ends', () => {
  it('keep-alives do not reset the silence: the stream ends as interrupted after the text that came', async () => {
    h = await startHarness({ timeouts: { streamSilenceMs: 400 } }, { streamChunkChars: 16 });
    h.sim.inject({ kind: 'stream-stall', afterEvents: 3, pingEveryMs: 20, operation: 'AI07', times: 1 });
    const { events, error } = await drain(await h.client.stream('AI07', { prompt: 'What is graphene?', stream: true }));
    expect(error).toBeInstanceOf(StreamInterruptedError);
    expect((error as StreamInterruptedError).reason).toBe('the stream sent no event for 400 ms (keep-alives do not count)');
    expect(textOf(events).length).toBe(48);
    await expect.poll(() => h!.sim.streamsAbortedByClient).toBe(1);
  });

  it('a consumer slow to ask for the next event is no silence: the whole answer is read', async () => {
    h = await startHarness({ timeouts: { streamSilenceMs: 300 } }, { streamChunkChars: 16, streamChunkDelayMs: 20 });
    const events: StreamEvent[] = [];
    for await (const event of await h.client.stream('AI07', { prompt: 'What is graphene?', stream: true })) {
      events.push(event);
      // the events that came meanwhile wait in the connection, read only once asked for
      if (events.length === 1) await new Promise((resolve) => setTimeout(resolve, 600));
    }
    expect(events.at(-1)?.type).toBe('done');
    expect(textOf(events)).toBe(h.sim.expectedStreamText('AI07', { prompt: 'What is graphene?', stream: true }));
  });

  it('a stream that keeps sending ends at its deadline', async () => {
    h = await startHarness({ limits: { maxStreamChars: 10_000_000 }, timeouts: { streamDeadlineMs: 500 } });
    h.sim.inject({ kind: 'runaway-stream', afterEvents: 0, deltaChars: 100, operation: 'AI07', times: 1 });
    const { events, error } = await drain(await h.client.stream('AI07', { prompt: 'What is graphene?', stream: true }));
    expect(error).toBeInstanceOf(StreamInterruptedError);
    expect((error as StreamInterruptedError).reason).toBe('the answer ran past its deadline');
    expect(textOf(events).length).toBeGreaterThan(0);
  });
});

describe('a long Retry-After', () => {
  it('is not waited: the rate limit goes to the caller at once with its Retry-After; a short one is still waited', async () => {
    h = await startHarness({ retry: { baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2_000 } });
    h.sim.inject({ kind: 'http-status', status: 429, retryAfterSeconds: 600, operation: 'P001', times: 1 });
    const error = await caught(() => h!.client.call('P001', { query_text: 'TACD: (graphene)' }));
    expect((error as { kind?: string }).kind).toBe('rate-limited');
    expect((error as { retryAfterMs?: number }).retryAfterMs).toBe(600_000);
    expect(requestsFor(h.sim, 'P001')).toHaveLength(1);

    h.sim.inject({ kind: 'http-status', status: 429, retryAfterSeconds: 1, operation: 'P001', times: 1 });
    await h.client.call('P001', { query_text: 'TACD: (graphene)' });
    expect(requestsFor(h.sim, 'P001')).toHaveLength(3);
  });
});
