/** What the wire may look like: line ends, `data:` spacing, comments, several events per chunk, [DONE]. */
import { describe, expect, it } from 'vitest';
import { SseDecoder } from '../../../src/platform/stream/sse-decoder.js';
import { encoder, ok, openStream, readAll, sse, textOf } from './helpers.js';

const chat = (content: string, status = 'running') => ok({ output: { content, status } });

describe('SseDecoder', () => {
  it('returns the data of complete events only, and the rest when more bytes arrive', () => {
    const decoder = new SseDecoder();
    expect(decoder.push(encoder.encode('data: {"a":1}\n\ndata: {"b"'))).toEqual([{ data: '{"a":1}', unterminated: false }]);
    expect(decoder.push(encoder.encode(':2}\n\n'))).toEqual([{ data: '{"b":2}', unterminated: false }]);
    expect(decoder.finish()).toEqual([]);
  });

  it('accepts CRLF, LF, data: with and without a space, and skips comments and event names', () => {
    const decoder = new SseDecoder();
    const text = ': hello\r\nevent: message\r\ndata: one\r\n\r\ndata:two\n\n: ping\n\nid: 7\ndata:  three\n\n';
    expect(decoder.push(encoder.encode(text)).map((event) => event.data)).toEqual(['one', 'two', ' three']);
  });

  it('marks an event the body ended inside as unterminated', () => {
    const decoder = new SseDecoder();
    expect(decoder.push(encoder.encode('data: {"a":1}\n\ndata: {"b":'))).toHaveLength(1);
    expect(decoder.finish()).toEqual([{ data: '{"b":', unterminated: true }]);
  });

  it('ends cleanly when the body stops after a blank line or a comment', () => {
    const decoder = new SseDecoder();
    decoder.push(encoder.encode('data: x\n\n: bye\n'));
    expect(decoder.finish()).toEqual([]);
  });
});

describe('stream format', () => {
  it('reads the same text with LF and with CRLF, with and without the space after data:', async () => {
    const envelopes = [chat('Hello'), chat(' world'), chat('', 'finished')];
    for (const options of [{}, { lineEnd: '\r\n' as const }, { noSpace: true }, { lineEnd: '\r\n' as const, noSpace: true }]) {
      const { events } = await readAll(openStream(sse(envelopes, options)).stream);
      expect(events, JSON.stringify(options)).toEqual([
        { type: 'text', text: 'Hello' },
        { type: 'text', text: ' world' },
        { type: 'done', reason: 'finished' },
      ]);
    }
  });

  it('ends at [DONE] even without a status, and ignores anything after it', async () => {
    const { stream, aborts } = openStream(sse([chat('Hi'), '[DONE]', chat(' more')]));
    const { events, error } = await readAll(stream);
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'done', reason: 'done' },
    ]);
    expect(aborts()).toBe(0);
  });

  it('ends with reason "end" when the body closes cleanly after events without saying it is done', async () => {
    const { events } = await readAll(openStream(sse([chat('partial'), chat(' answer')])).stream);
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'end' });
    expect(textOf(events)).toBe('partial answer');
  });

  it('accepts a last event whose blank line never came when its data is complete', async () => {
    const { events, error } = await readAll(openStream(`data: ${JSON.stringify(chat('Hi', 'finished'))}`).stream);
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'done', reason: 'finished' },
    ]);
  });

  it('skips empty data events (heartbeats) and envelopes without data', async () => {
    const wire = `data:\n\n${sse([{ status: true, error_code: 0 }, chat('ok'), chat('', 'stop')])}`;
    const { events } = await readAll(openStream(wire).stream);
    expect(events).toEqual([
      { type: 'text', text: 'ok' },
      { type: 'done', reason: 'stop' },
    ]);
  });

  it('treats length as the end of the answer', async () => {
    const { events } = await readAll(openStream(sse([chat('cut at the limit', 'length')])).stream);
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'length' });
  });
});
