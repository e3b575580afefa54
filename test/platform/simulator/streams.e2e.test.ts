/** The stream families over real HTTP: event shapes, exact text, cumulative mode, multi-turn ids, client aborts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedChatAnswer, startSimulator, type RunningSimulator } from '../../../src/platform/simulator/index.js';
import { at, call, data, pollUntil, send, stream, type Envelope } from './helpers.js';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ streamChunkChars: 24 });
});
afterAll(async () => {
  await sim.close();
});

const content = (e: Envelope) => String(at(e, 'data', 'output', 'content') ?? '');

describe('AI07', () => {
  const body = { prompt: 'Which solid-state battery anode patents matter most?' };

  it('streams output.content deltas, running until the last event, which is finished with usage', async () => {
    const { envelopes } = await stream(sim, 'AI07', body);
    expect(envelopes.length).toBeGreaterThan(10);
    const statuses = envelopes.map((e) => at(e, 'data', 'output', 'status'));
    expect(statuses.slice(0, -1).every((s) => s === 'running')).toBe(true);
    expect(statuses.at(-1)).toBe('finished');
    const usage = at(envelopes.at(-1), 'data', 'output', 'usage') as Record<string, number>;
    expect(usage.total_tokens).toBe(usage.input_tokens! + usage.output_tokens!);
    expect(envelopes.slice(0, -1).every((e) => at(e, 'data', 'output', 'usage') === undefined)).toBe(true);
    const text = envelopes.map(content).join('');
    expect(text).toBe(expectedChatAnswer('AI07', body));
    expect(sim.expectedStreamText('AI07', body)).toBe(text);
    expect(envelopes.slice(0, -1).every((e) => Array.from(content(e)).length === 24)).toBe(true);
  });

  it('answers are realistic markdown with multi-byte characters, and deterministic', () => {
    const answer = expectedChatAnswer('AI07', body);
    expect(answer.split(/\s+/).length).toBeGreaterThan(200);
    expect(answer).toMatch(/^## /m);
    expect(answer).toMatch(/^- /m);
    expect(answer).toMatch(/\*\*[^*]+\*\*/);
    expect(answer).toMatch(/\[[^\]]+\]\(https:\/\/[^)]+\)/);
    expect(answer).toMatch(/^\|---\|---\|---\|$/m);
    expect(answer).toMatch(/`[^`]+`/);
    expect(answer).toMatch(/[≥µ]/);
    expect(answer).toMatch(/\p{Script=Han}/u);
    expect(answer).toMatch(/\p{Extended_Pictographic}/u);
    expect(expectedChatAnswer('AI07', body)).toBe(answer);
    expect(expectedChatAnswer('AI07', { prompt: 'something else entirely' })).not.toBe(answer);
  });

  it('stream:false gives one JSON envelope with the whole answer', async () => {
    const envelope = await call(sim, 'AI07', { ...body, stream: false });
    expect(at(envelope, 'data', 'output', 'content')).toBe(expectedChatAnswer('AI07', body));
    expect(at(envelope, 'data', 'output', 'status')).toBe('finished');
  });

  it('cumulative mode sends the whole text so far in every event', async () => {
    const cumulative = await startSimulator({ cumulativeContent: true, streamChunkChars: 40 });
    try {
      const { envelopes } = await stream(cumulative, 'AI07', body);
      const texts = envelopes.map(content);
      texts.forEach((t, i) => {
        if (i > 0) expect(t.startsWith(texts[i - 1]!)).toBe(true);
      });
      expect(texts.at(-1)).toBe(expectedChatAnswer('AI07', body));
    } finally {
      await cumulative.close();
    }
  });
});

describe('AI20', () => {
  it('sends session_id on every event and references when finished; a known session_id continues the session', async () => {
    const first = { query: 'What are the indications for siRNA drugs?' };
    expect(sim.expectedStreamText('AI20', first)).toBe(expectedChatAnswer('AI20', first));
    const turn1 = await stream(sim, 'AI20', first);
    const sessionId = at(turn1.envelopes[0], 'data', 'output', 'session_id');
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(turn1.envelopes.every((e) => at(e, 'data', 'output', 'session_id') === sessionId)).toBe(true);
    expect(turn1.envelopes.map(content).join('')).toBe(expectedChatAnswer('AI20', first));
    const last = at(turn1.envelopes.at(-1), 'data', 'output') as Record<string, unknown>;
    expect(last.status).toBe('finished');
    const references = last.references as Record<string, unknown>[];
    expect(references.length).toBeGreaterThanOrEqual(3);
    expect(references[0]).toMatchObject({ index: 1 });
    expect(String(references[0]?.link)).toMatch(/^https:\/\//);
    expect(turn1.envelopes.slice(0, -1).every((e) => at(e, 'data', 'output', 'references') === undefined)).toBe(true);

    const second = { query: 'And their safety profile?', session_id: sessionId };
    const expected = sim.expectedStreamText('AI20', second);
    expect(expected).toBe(expectedChatAnswer('AI20', second, { turn: 2 }));
    expect(expected).toContain('turn 2');
    const turn2 = await stream(sim, 'AI20', second);
    expect(turn2.envelopes.map(content).join('')).toBe(expected);
    expect(at(turn2.envelopes[0], 'data', 'output', 'session_id')).toBe(sessionId);
  });
});

describe('AI68', () => {
  it('AI68-1 creates a chat with reference documents; AI68-2 streams chat-completion deltas, then [DONE]', async () => {
    const question = 'What is the PK/PD data of RMC-6236?';
    const chat = await data(sim, 'AI68-1', { query: question, deep_search: false, long_think: false, search_website: true, data_source: 1 });
    expect(chat.chat_id).toMatch(/^[0-9a-f]{32}$/);
    expect(chat.chat_item_id).toMatch(/^[0-9a-f]{32}$/);
    const refDoc = chat.ref_doc as Record<string, unknown>[];
    expect(refDoc.length).toBeGreaterThanOrEqual(3);
    expect(refDoc[0]).toMatchObject({ index: '1' });
    for (const key of ['link', 'text', 'type', 'post_time', '_text_display', 'doc_type_detail']) expect(typeof refDoc[0]?.[key]).toBe('string');

    const body = { chat_id: chat.chat_id, chat_item_id: chat.chat_item_id };
    const { envelopes, raw } = await stream(sim, 'AI68-2', body);
    expect(raw.at(-1)).toBe('[DONE]');
    const deltas = envelopes.map((e) => String(at(e, 'data', 'choices', 0, 'delta', 'content') ?? ''));
    expect(deltas.join('')).toBe(expectedChatAnswer('AI68-2', body, { question }));
    expect(deltas.join('')).toBe(sim.expectedStreamText('AI68-2', body));
    const last = envelopes.at(-1)!;
    expect(at(last, 'data', 'choices', 0, 'finish_reason')).toBe('stop');
    expect(at(last, 'data', 'usage', 'total_tokens')).toBeGreaterThan(0);
    expect(envelopes.slice(0, -1).every((e) => at(e, 'data', 'choices', 0, 'finish_reason') === undefined)).toBe(true);
    expect(envelopes.every((e) => at(e, 'data', 'chat_id') === chat.chat_id)).toBe(true);
  });

  it('AI68-2 with an unknown chat is envelope 68300004 (JSON, not a stream)', async () => {
    const envelope = await call(sim, 'AI68-2', { chat_id: 'a'.repeat(32), chat_item_id: 'b'.repeat(32) });
    expect(envelope).toMatchObject({ status: false, error_code: 68300004 });
  });

  it('AI68-1 with a known chat_id adds a second question to that chat', async () => {
    const chat = await data(sim, 'AI68-1', { query: 'EGFR mutation rates?', deep_search: false, long_think: false, search_website: false });
    const next = await data(sim, 'AI68-1', {
      query: 'And in East Asia?',
      chat_id: chat.chat_id,
      deep_search: false,
      long_think: false,
      search_website: false,
    });
    expect(next.chat_id).toBe(chat.chat_id);
    expect(next.chat_item_id).not.toBe(chat.chat_item_id);
    const body = { chat_id: next.chat_id, chat_item_id: next.chat_item_id };
    const { envelopes } = await stream(sim, 'AI68-2', body);
    const text = envelopes.map((e) => String(at(e, 'data', 'choices', 0, 'delta', 'content') ?? '')).join('');
    expect(text).toBe(expectedChatAnswer('AI68-2', body, { question: 'And in East Asia?', turn: 2 }));
  });
});

describe('client aborts', () => {
  it('closing the connection mid-stream counts in streamsAbortedByClient; a stream read to the end does not', async () => {
    await stream(sim, 'AI07', { prompt: 'read to the end' });
    expect(sim.streamsAbortedByClient).toBe(0);
    const slow = await startSimulator({ streamChunkDelayMs: 20, streamChunkChars: 8 });
    try {
      const controller = new AbortController();
      const response = await send(slow, 'AI07', { prompt: 'a long answer please' }, { signal: controller.signal });
      const reader = response.body!.getReader();
      await reader.read();
      controller.abort();
      await pollUntil(
        async () => slow.streamsAbortedByClient,
        (n) => n === 1,
      );
      expect(slow.streamsAbortedByClient).toBe(1);
    } finally {
      await slow.close();
    }
  });

  it('close() ends open streams at once and does not count them as client aborts', async () => {
    const slow = await startSimulator({ streamChunkDelayMs: 50, streamChunkChars: 4 });
    const response = await send(slow, 'AI07', { prompt: 'a slow answer' });
    const reader = response.body!.getReader();
    await reader.read();
    const started = Date.now();
    await slow.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(slow.streamsAbortedByClient).toBe(0);
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'ended';
      })(),
    ).rejects.toThrow();
  });
});
