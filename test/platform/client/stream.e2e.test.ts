/** Streams through the client against the simulator: every family's events, early exit, in-stream failures. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformError, ServiceError, StreamInterruptedError, UnauthorizedError } from '../../../src/platform/errors.js';
import type { StreamEvent } from '../../../src/platform/events.js';
import { caught, requestsFor, startHarness, type Harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({}, { streamChunkChars: 16 });
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.sim.clearFaults();
});

async function readAll(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const textOf = (events: StreamEvent[]) => events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
const ofType = <T extends StreamEvent['type']>(events: StreamEvent[], type: T) =>
  events.filter((e): e is Extract<StreamEvent, { type: T }> => e.type === type);

describe('each stream family', () => {
  it('AI07: text in several events, usage, done', async () => {
    const events = await readAll(await h.client.stream('AI07', { prompt: 'What limits the energy density of a lithium battery?', stream: true }));
    expect(ofType(events, 'text').length).toBeGreaterThan(1);
    expect(textOf(events).length).toBeGreaterThan(20);
    expect(ofType(events, 'usage')[0]?.usage.totalTokens).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'finished' });
    const sent = requestsFor(h.sim, 'AI07').at(-1);
    expect(sent?.body).toEqual({ prompt: 'What limits the energy density of a lithium battery?', stream: true });
    expect(sent?.auth).toBe('bearer');
  });

  it('AI20: session id, text, references; the next turn carries the session id', async () => {
    const first = await readAll(await h.client.stream('AI20', { query: 'What is the mechanism of metformin?' }));
    const sessionId = ofType(first, 'session')[0]?.sessionId;
    expect(sessionId).toBeTruthy();
    expect(textOf(first)).not.toBe('');
    const references = ofType(first, 'references')[0]?.references ?? [];
    expect(references.length).toBeGreaterThan(0);
    expect(references[0]?.title).toBeTruthy();
    const second = await readAll(await h.client.stream('AI20', { query: 'And its side effects?', session_id: sessionId }));
    expect(ofType(second, 'session')[0]?.sessionId).toBe(sessionId);
    expect(requestsFor(h.sim, 'AI20').at(-1)?.body).toEqual({ query: 'And its side effects?', session_id: sessionId });
  });

  it('AI68-1 then AI68-2: chat-completion deltas, usage, done', async () => {
    const chat = await h.client.call('AI68-1', { query: 'What is PD-1?', deep_search: false, long_think: false, search_website: false });
    expect(chat.chat_id && chat.chat_item_id).toBeTruthy();
    const events = await readAll(await h.client.stream('AI68-2', { chat_id: chat.chat_id!, chat_item_id: chat.chat_item_id! }));
    expect(textOf(events).length).toBeGreaterThan(20);
    expect(ofType(events, 'usage')[0]?.usage.totalTokens).toBeGreaterThan(0);
    expect(events.at(-1)?.type).toBe('done');
  });

  it('AI32-4: the disclosure text of an AI32-2 job', async () => {
    const job = await h.client.call('AI32-2', {
      tech_solution: 'A separator coated with ceramic particles to stop dendrites',
      mechanism: 'ceramic layer blocks dendrite growth',
      language: 'en',
    });
    const events = await readAll(await h.client.stream('AI32-4', { job_id: job.job_id! }));
    expect(textOf(events).length).toBeGreaterThan(20);
    expect(events.at(-1)?.type).toBe('done');
  });

  it('AGENT-SSE: progress steps and text of an agent job', async () => {
    const task = await h.client.call('AI33-1', { solution_issues: 'reduce the weight of a battery pack', lang: 'en' });
    const events = await readAll(await h.client.stream('AGENT-SSE', { job_id: task.task_id! }));
    expect(ofType(events, 'progress').length).toBeGreaterThan(0);
    expect(textOf(events)).not.toBe('');
    expect(events.at(-1)?.type).toBe('done');
  });
});

describe('leaving early and failing', () => {
  it('break after the first event aborts the request; the simulator sees the client leave', async () => {
    const slow = await startHarness({}, { streamChunkDelayMs: 25, streamChunkChars: 4 });
    try {
      const stream = await slow.client.stream('AI07', { prompt: 'Explain solid-state batteries in detail', stream: true });
      let seen = 0;
      for await (const _event of stream) {
        seen += 1;
        break;
      }
      expect(seen).toBe(1);
      await vi.waitFor(() => expect(slow.sim.streamsAbortedByClient).toBe(1), { timeout: 2_000, interval: 10 });
      // the pool still works afterwards
      await expect(slow.client.call('P001', { query_text: 'TACD: (battery)' })).resolves.toBeTruthy();
    } finally {
      await slow.close();
    }
  });

  it('an error envelope inside the stream raises the typed error after the events before it', async () => {
    h.sim.inject({ kind: 'stream-error-envelope', afterEvents: 2, errorCode: 68300008, message: 'model overloaded', operation: 'AI07', times: 1 });
    const stream = await h.client.stream('AI07', { prompt: 'What is graphene?', stream: true });
    const events: StreamEvent[] = [];
    const error = await caught(async () => {
      for await (const e of stream) events.push(e);
    });
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as PlatformError).platformMessage).toBe('model overloaded');
    expect((error as PlatformError).operation).toBe('AI07');
    expect((error as PlatformError).requestId).toBeTruthy();
    expect(ofType(events, 'text').length).toBeGreaterThan(0);
  });

  it('a cut connection raises StreamInterruptedError', async () => {
    h.sim.inject({ kind: 'stream-cut', afterEvents: 1, operation: 'AI20', times: 1 });
    const before = requestsFor(h.sim, 'AI20').length;
    const stream = await h.client.stream('AI20', { query: 'What is aspirin?' });
    const error = await caught(() => readAll(stream));
    expect(error).toBeInstanceOf(StreamInterruptedError);
    expect((error as PlatformError).operation).toBe('AI20');
    // a stream that has delivered events is never repeated
    expect(requestsFor(h.sim, 'AI20').length).toBe(before + 1);
  });

  it('a malformed event raises StreamInterruptedError', async () => {
    h.sim.inject({ kind: 'malformed-event', afterEvents: 1, operation: 'AI07', times: 1 });
    const error = await caught(async () => readAll(await h.client.stream('AI07', { prompt: 'What is graphene?', stream: true })));
    expect(error).toBeInstanceOf(StreamInterruptedError);
  });

  it('a JSON error envelope instead of an event stream is the envelope error', async () => {
    const error = await caught(() => h.client.stream('AI07', { prompt: 'hello', stream: true }, { apiKey: 'bad-key' }));
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as PlatformError).errorCode).toBe(67200003);
  });

  it("the caller's signal aborting mid-stream ends the loop with an AbortError", async () => {
    const slow = await startHarness({}, { streamChunkDelayMs: 25, streamChunkChars: 4 });
    try {
      const controller = new AbortController();
      const stream = await slow.client.stream('AI07', { prompt: 'Explain graphene', stream: true }, { signal: controller.signal });
      const error = await caught(async () => {
        for await (const _event of stream) controller.abort();
      });
      expect((error as Error).name).toBe('AbortError');
      expect(error).not.toBeInstanceOf(PlatformError);
    } finally {
      await slow.close();
    }
  });
});
