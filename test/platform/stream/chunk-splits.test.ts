/**
 * The same realistic AI20 answer (multi-byte text, comments, references, usage, session, [DONE]) must come
 * out identically however the network cuts its bytes: every 2-way split (also inside a character), 1-byte
 * chunks and seeded random 3-way splits.
 */
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../src/platform/events.js';
import { encoder, ok, openStream, readAll, seededRandom, splitAt, sse } from './helpers.js';

const output = (content: string, status: string, extra: Record<string, unknown> = {}) =>
  ok({ output: { content, status, session_id: 'sess-42', ...extra } });

const parts = ['Particles ≥ 5 µm ', 'are filtered; 中文 summary ', 'follows 🧪.'];
const cumulative = (n: number) => parts.slice(0, n).join('');
const references = [
  {
    link: 'https://example.org/p/1',
    text: 'HEPA filter ≥ 99.97 %',
    type: 'patent',
    index: 1,
    doc_id: 'US123',
    doc_type: 'patent',
    post_date: 20200101,
    text_summary: '0.3 µm particles',
  },
  { text: '中文 文献', index: 2, doc_id: 'CN456' },
];
const usage = { input_tokens: 12, output_tokens: 40, total_tokens: 52 };

const wire = [
  ': connected\r\n\r\n',
  sse([output(cumulative(1), 'running')], { lineEnd: '\r\n' }),
  ': ping\n',
  sse([output(cumulative(2), 'running')], { noSpace: true }),
  sse([output(cumulative(3), 'finished', { references, usage })]),
  sse(['[DONE]']),
].join('');
const bytes = encoder.encode(wire);

const expected: StreamEvent[] = [
  { type: 'session', sessionId: 'sess-42' },
  { type: 'text', text: parts[0]! },
  { type: 'text', text: parts[1]! },
  { type: 'text', text: parts[2]! },
  {
    type: 'references',
    references: [
      { index: 1, title: 'HEPA filter ≥ 99.97 %', url: 'https://example.org/p/1', snippet: '0.3 µm particles', kind: 'patent' },
      { index: 2, title: '中文 文献' },
    ],
  },
  { type: 'usage', usage: { inputTokens: 12, outputTokens: 40, totalTokens: 52 } },
  { type: 'done', reason: 'finished' },
];

async function eventsFor(chunks: Uint8Array[]) {
  const { stream, aborts } = openStream(chunks);
  const { events, error } = await readAll(stream);
  return { events, error, aborts: aborts() };
}

describe('chunk boundaries', () => {
  it('the fixture really has multi-byte characters to split', () => {
    expect(bytes.length).toBeGreaterThan(wire.length);
  });

  it('gives the same events in one chunk', async () => {
    expect(await eventsFor([bytes])).toEqual({ events: expected, error: undefined, aborts: 0 });
  });

  it('gives the same events for every 2-way split', async () => {
    for (let at = 1; at < bytes.length; at++) {
      const result = await eventsFor(splitAt(bytes, [at]));
      expect(result, `split at byte ${at}`).toEqual({ events: expected, error: undefined, aborts: 0 });
    }
  });

  it('gives the same events in 1-byte chunks', async () => {
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.slice(i, i + 1));
    expect(await eventsFor(chunks)).toEqual({ events: expected, error: undefined, aborts: 0 });
  });

  it('gives the same events for 300 seeded random 3-way splits', async () => {
    const random = seededRandom(20240611);
    for (let run = 0; run < 300; run++) {
      const offsets = [1 + Math.floor(random() * (bytes.length - 1)), 1 + Math.floor(random() * (bytes.length - 1))].sort((a, b) => a - b);
      const result = await eventsFor(splitAt(bytes, offsets));
      expect(result, `split at bytes ${offsets.join(', ')}`).toEqual({ events: expected, error: undefined, aborts: 0 });
    }
  });
});
