import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { interruptedNote, StreamRelay } from '../../../src/core/relay/index.js';
import { translatorFor } from '../../../src/i18n/index.js';
import { FakeChatAdapter } from '../../helpers/fake-adapter.js';
import { Wakeup } from '../../../src/core/relay/wakeup.js';
import { settle } from './fake-time.js';
import { joined, PushStream, steady, threadIn, timedDeltas } from './streams.js';

const thread = threadIn('T1');
/** a relay that names no language speaks the workspace default, English in the tests */
const en = translatorFor('en');

describe('StreamRelay with native streaming', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appends coalesced deltas to the native stream and stops it with the final message', async () => {
    const adapter = new FakeChatAdapter({ native: 'available' });
    const timetable = steady(50, 20);
    const start = Date.now();
    const result = await settle(new StreamRelay(adapter, { minEditIntervalMs: 200 }).relay({ thread, deltas: timedDeltas(timetable) }));
    expect(adapter.callsOf('post')).toEqual([]);
    expect(adapter.callsOf('edit')).toEqual([]);
    const appends = adapter.callsOf('append');
    expect(appends[0]!.at - start).toBe(20);
    expect(appends.length).toBeLessThanOrEqual(1 + Math.ceil(1000 / 200));
    for (let i = 1; i < appends.length; i += 1) expect(appends[i]!.at - appends[i - 1]!.at).toBeGreaterThanOrEqual(200);
    const stop = adapter.callsOf('stop')[0]!;
    expect(stop.at - start).toBe(1000);
    expect(stop.message!.text).toBe(joined(timetable));
    expect(appends.map((c) => c.delta).join('')).toBe(joined(timetable).slice(0, appends.map((c) => c.delta).join('').length));
    const [message] = adapter.messagesIn(thread);
    expect(result).toMatchObject({ status: 'complete', text: joined(timetable), messages: [message!.ref] });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops the native stream with the interruption note and retry button when the stream breaks', async () => {
    const adapter = new FakeChatAdapter({ native: 'available' });
    const stream = new PushStream();
    const retry = { action: 'retry', label: 'Retry', value: 's1:v1' };
    const done = new StreamRelay(adapter).relay({ thread, deltas: stream, retry });
    stream.push('half');
    await vi.advanceTimersByTimeAsync(0);
    stream.fail(new Error('gateway timeout'));
    const result = await settle(done);
    expect(result.status).toBe('interrupted');
    expect(adapter.callsOf('stop')[0]!.message!.blocks).toEqual([
      { type: 'markdown', text: 'half' },
      { type: 'context', text: interruptedNote(en) },
      { type: 'actions', buttons: [retry] },
    ]);
  });

  for (const native of ['unavailable', 'throws'] as const) {
    it(`posts and edits when the adapter's native stream is ${native}`, async () => {
      const adapter = new FakeChatAdapter({ native });
      const timetable = steady(10, 50);
      const result = await settle(new StreamRelay(adapter, { minEditIntervalMs: 100 }).relay({ thread, deltas: timedDeltas(timetable) }));
      expect(adapter.calls[0]!.kind).toBe('stream');
      expect(adapter.callsOf('post')).toHaveLength(1);
      expect(adapter.messagesIn(thread)[0]!.content.text).toBe(joined(timetable));
      expect(result.status).toBe('complete');
    });
  }

  it('falls back to editing, with every delta read so far, when the first append fails', async () => {
    const adapter = new FakeChatAdapter({ native: 'available' });
    adapter.failNext('append', 1, () => new Error('not_in_streaming_mode'));
    const timetable = steady(10, 50);
    const result = await settle(new StreamRelay(adapter, { minEditIntervalMs: 100 }).relay({ thread, deltas: timedDeltas(timetable) }));
    expect(adapter.callsOf('append').map((c) => c.outcome)).toEqual(['failed']);
    const posted = adapter.callsOf('post');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.message!.text).toBe('w0 ');
    expect(result.messages).toEqual([adapter.messagesIn(thread).at(-1)!.ref]);
    expect(adapter.messagesIn(thread).at(-1)!.content.text).toBe(joined(timetable));
    expect(result.status).toBe('complete');
  });

  it('finishes the native message at the size limit and continues the answer in posted messages', async () => {
    const adapter = new FakeChatAdapter({ native: 'available', maxMessageChars: 100 });
    const timetable = steady(60, 10, (i) => `word${i} `);
    const result = await settle(
      new StreamRelay(adapter, { minEditIntervalMs: 50, workspaceEditsPerMinute: 6000 }).relay({
        thread,
        deltas: timedDeltas(timetable),
      }),
    );
    const messages = adapter.messagesIn(thread);
    expect(messages.length).toBeGreaterThanOrEqual(4);
    expect(adapter.callsOf('stop')[0]!.message!.text).toBe(result.parts[0]);
    expect(messages.map((m) => m.content.text)).toEqual(result.parts);
    expect(result.parts.join('')).toBe(joined(timetable));
    expect(result.messages).toEqual(messages.map((m) => m.ref));
  });
});

describe('StreamRelay between appends', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sleeps through the deltas of an append interval: one wait an append, not one a delta', async () => {
    const adapter = new FakeChatAdapter({ native: 'available' });
    const waits = vi.spyOn(Wakeup.prototype, 'wait');
    const timetable = steady(200, 20);
    const result = await settle(new StreamRelay(adapter, { minEditIntervalMs: 500 }).relay({ thread, deltas: timedDeltas(timetable) }));
    expect(result).toMatchObject({ status: 'complete', text: joined(timetable) });
    const appends = adapter.callsOf('append').length;
    expect(appends).toBeGreaterThanOrEqual(6);
    // each append: its interval, its slot, the next delta (it was a wait for each of the 200 deltas: 209 in all)
    expect(waits.mock.calls.length).toBeLessThanOrEqual(3 * appends + 4);
  });

  it('still sends a sealed part at once, whatever the interval', async () => {
    const adapter = new FakeChatAdapter({ native: 'available', maxMessageChars: 100 });
    const stream = new PushStream();
    const done = new StreamRelay(adapter, { minEditIntervalMs: 60_000 }).relay({ thread, deltas: stream });
    stream.push('a'.repeat(60));
    await vi.advanceTimersByTimeAsync(10);
    stream.push(' b'.repeat(40));
    await vi.advanceTimersByTimeAsync(10);
    // the first part outgrew its message: it is stopped with its final text long before the minute's interval
    expect(adapter.callsOf('stop')).toHaveLength(1);
    stream.end();
    const result = await settle(done);
    expect(result.status).toBe('complete');
  });
});
