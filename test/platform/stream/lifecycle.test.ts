/** Iterate once; leaving early aborts the request exactly once; reading to the end never does. */
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../src/platform/events.js';
import { textDeltas } from '../../../src/platform/stream/index.js';
import { encoder, ok, openStream, readAll, sse } from './helpers.js';

const chat = (content: string, status = 'running') => ok({ output: { content, status, session_id: 's-9' } });
const answer = sse([chat('One. '), chat('Two. '), chat('Three.', 'finished'), '[DONE]']);
/** each event in its own chunk, as a slow server sends them */
const chunked = (wire: string) => wire.split(/(?<=\n\n)/).map((part) => encoder.encode(part));

describe('abort on early exit', () => {
  it('break after the first event aborts once and lets go of the body', async () => {
    const { stream, body, aborts } = openStream(chunked(answer));
    for await (const event of stream) {
      expect(event.type).toBe('session');
      break;
    }
    expect(aborts()).toBe(1);
    expect(body.released).toBe(true);
    expect(body.delivered).toBe(1);
  });

  it('an exception thrown in the loop aborts once', async () => {
    const { stream, aborts } = openStream(chunked(answer));
    const loop = async () => {
      for await (const _ of stream) throw new Error('consumer failed');
    };
    await expect(loop()).rejects.toThrow('consumer failed');
    expect(aborts()).toBe(1);
  });

  it('reading to the end does not abort, nor does stopping at done once the body has ended', async () => {
    const full = openStream(chunked(answer));
    const { events } = await readAll(full.stream);
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'finished' });
    expect(full.aborts()).toBe(0);

    const stopAtDone = openStream(chunked(answer));
    for await (const event of stopAtDone.stream) if (event.type === 'done') break;
    expect(stopAtDone.aborts()).toBe(0);
  });

  it('aborts at done when the server keeps the body open past the drain timeout', async () => {
    const { stream, aborts } = openStream(chunked(sse([chat('Hi', 'finished')])), { hang: true, drainTimeoutMs: 5 });
    const { events, error } = await readAll(stream);
    expect(error).toBeUndefined();
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'finished' });
    expect(aborts()).toBe(1);
  });

  it('abort() while waiting for bytes ends the loop quietly, without done, and aborts once', async () => {
    const { stream, aborts } = openStream(chunked(sse([chat('Hi')])), { hang: true });
    const seen: StreamEvent[] = [];
    for await (const event of stream) {
      seen.push(event);
      if (event.type === 'text') setImmediate(() => stream.abort());
    }
    expect(seen.map((event) => event.type)).toEqual(['session', 'text']);
    expect(stream.aborted).toBe(true);
    stream.abort();
    expect(aborts()).toBe(1);
  });

  it('abort() before iterating aborts the request and iteration yields nothing', async () => {
    const { stream, aborts } = openStream(answer);
    stream.abort();
    expect(await readAll(stream)).toEqual({ events: [] });
    expect(aborts()).toBe(1);
  });
});

describe('single use', () => {
  it('a second iteration throws a clear error', async () => {
    const { stream } = openStream(answer);
    await readAll(stream);
    expect(() => stream[Symbol.asyncIterator]()).toThrow(/already been iterated/);
    await expect(stream.collect()).rejects.toThrow('AI20: this stream has already been iterated');
  });
});

describe('consumers', () => {
  it('collect() returns the text, references, usage, session and why it ended', async () => {
    const wire = sse([
      chat('Alpha '),
      ok({ output: { content: 'beta', status: 'finished', session_id: 's-9', usage: { total_tokens: 7 }, references: [{ text: 'Doc', index: 1 }] } }),
    ]);
    expect(await openStream(wire).stream.collect()).toEqual({
      text: 'Alpha beta',
      references: [{ index: 1, title: 'Doc' }],
      usage: { totalTokens: 7 },
      session: { sessionId: 's-9' },
      doneReason: 'finished',
    });
  });

  it('textDeltas yields only text and reports the other events', async () => {
    const others: string[] = [];
    const texts: string[] = [];
    for await (const text of textDeltas(openStream(answer).stream, (event) => others.push(event.type))) texts.push(text);
    expect(texts).toEqual(['One. ', 'Two. ', 'Three.']);
    expect(others).toEqual(['session', 'done']);
  });

  it('breaking out of textDeltas aborts the request once', async () => {
    const { stream, aborts } = openStream(chunked(answer));
    for await (const text of textDeltas(stream)) {
      expect(text).toBe('One. ');
      break;
    }
    expect(aborts()).toBe(1);
  });
});
