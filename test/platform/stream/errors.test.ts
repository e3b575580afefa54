/** Every way a stream fails throws a PlatformError naming the operation, after the text that came before. */
import { describe, expect, it } from 'vitest';
import {
  PlatformError,
  QuotaError,
  RateLimitedError,
  ServiceError,
  StreamInterruptedError,
  TimeoutError,
  UnauthorizedError,
} from '../../../src/platform/errors.js';
import { encoder, failure, ok, openStream, readAll, sse, textOf } from './helpers.js';

const chat = (content: string) => ok({ output: { content, status: 'running' } });

describe('error envelopes inside the stream', () => {
  it.each([
    [67200002, RateLimitedError],
    [68300008, ServiceError],
    [67200005, QuotaError],
    [67200003, UnauthorizedError],
  ])('error_code %i becomes %o after the text before it', async (code, errorClass) => {
    const { stream, aborts } = openStream(sse([chat('Partial '), chat('answer'), failure(code, 'gateway says no')]), {
      operation: 'AI07',
      family: 'ai07',
    });
    const { events, error } = await readAll(stream);
    expect(textOf(events)).toBe('Partial answer');
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toMatchObject({ operation: 'AI07', errorCode: code, platformMessage: 'gateway says no', requestId: 'req-test-1' });
    expect((error as Error).message).toMatch(/^AI07: /);
    expect(aborts()).toBe(1);
  });

  it('treats a non-zero error_code as a failure even with status true', async () => {
    const { error } = await readAll(openStream(sse([{ status: true, error_code: 68300008, data: null }])).stream);
    expect(error).toBeInstanceOf(ServiceError);
  });
});

describe('interrupted streams', () => {
  it('a body that throws mid-stream gives StreamInterruptedError with the cause, after the text before it', async () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const { stream, aborts } = openStream([encoder.encode(sse([chat('Hello '), chat('there')]))], { failWith: reset });
    const { events, error } = await readAll(stream);
    expect(textOf(events)).toBe('Hello there');
    expect(error).toBeInstanceOf(StreamInterruptedError);
    expect(error).toMatchObject({ operation: 'AI20', kind: 'stream-interrupted', cause: reset });
    expect(aborts()).toBe(0);
  });

  it('a body that times out (as the client reports it) is an interrupted stream too', async () => {
    const silence = new TimeoutError({ operation: 'AI20' });
    const { error } = await readAll(openStream([encoder.encode(sse([chat('Hi')]))], { failWith: silence }).stream);
    expect(error).toBeInstanceOf(StreamInterruptedError);
    expect((error as StreamInterruptedError).reason).toContain('silent');
  });

  it("the caller's own abort passes through as an AbortError, not as a broken stream", async () => {
    const abortError = new DOMException('The operation was aborted', 'AbortError');
    const { error } = await readAll(openStream([encoder.encode(sse([chat('Hi')]))], { failWith: abortError }).stream);
    expect(error).toBe(abortError);
  });

  it('a body that ends in the middle of an event gives StreamInterruptedError', async () => {
    const wire = `${sse([chat('Complete ')])}data: {"status":true,"error_code":0,"data":{"output":{"content":"cut`;
    const { events, error } = await readAll(openStream(wire).stream);
    expect(textOf(events)).toBe('Complete ');
    expect(error).toBeInstanceOf(StreamInterruptedError);
    expect((error as StreamInterruptedError).reason).toContain('middle of an event');
  });

  it('a body that ends inside a multi-byte character gives StreamInterruptedError', async () => {
    const bytes = encoder.encode(`${sse([chat('µm')])}data: {"status":true,"error_code":0,"data":{"output":{"content":"中`);
    const { error } = await readAll(openStream([bytes.slice(0, bytes.length - 1)]).stream);
    expect(error).toBeInstanceOf(StreamInterruptedError);
  });

  it('a malformed event gives StreamInterruptedError naming it, after the text before it', async () => {
    const { events, error } = await readAll(openStream(sse([chat('Good text'), '{not json', chat('never seen')])).stream);
    expect(textOf(events)).toBe('Good text');
    expect(error).toBeInstanceOf(StreamInterruptedError);
    expect((error as Error).message).toMatch(/^AI20: malformed event/);
  });

  it('JSON that is not an envelope is malformed too', async () => {
    const { error } = await readAll(openStream(sse(['[1,2,3]'])).stream);
    expect((error as StreamInterruptedError).reason).toContain('not an envelope');
  });

  it('a body with no event at all gives StreamInterruptedError', async () => {
    for (const wire of ['', ': just a comment\n\n']) {
      const { events, error } = await readAll(openStream(wire).stream);
      expect(events).toEqual([]);
      expect(error).toBeInstanceOf(StreamInterruptedError);
      expect((error as StreamInterruptedError).reason).toContain('before any event');
    }
  });

  it('every error is a PlatformError whose message never carries a key the platform echoed', async () => {
    const { error } = await readAll(openStream(sse([failure(67200009, 'key sk-live1234567890abcdef does not match')])).stream);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).message).not.toContain('sk-live1234567890abcdef');
    expect((error as PlatformError).platformMessage).not.toContain('sk-live1234567890abcdef');
  });
});
