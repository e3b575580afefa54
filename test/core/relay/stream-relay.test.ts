import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamRelay } from '../../../src/core/relay/index.js';
import { FakeChatAdapter } from '../../helpers/fake-adapter.js';
import { settle } from './fake-time.js';
import { joined, PushStream, steady, threadIn, timedDeltas } from './streams.js';

const thread = threadIn('T1');

describe('StreamRelay: first text, coalescing, final text', () => {
  afterEach(() => vi.useRealTimers());

  describe('on fake time', () => {
    beforeEach(() => vi.useFakeTimers());

    it('posts the first text at once, coalesces the rest, and sends the final text right after the end', async () => {
      const adapter = new FakeChatAdapter();
      const stream = new PushStream();
      const start = Date.now();
      const done = new StreamRelay(adapter, { minEditIntervalMs: 1000 }).relay({ thread, deltas: stream });
      stream.push('Hello');
      await vi.advanceTimersByTimeAsync(0);
      expect(adapter.calls.map((c) => [c.kind, c.at - start, c.message?.text])).toEqual([['post', 0, 'Hello']]);
      for (let i = 1; i <= 14; i += 1) {
        await vi.advanceTimersByTimeAsync(100);
        stream.push(` ${i}`);
      }
      expect(adapter.callsOf('edit').map((c) => [c.at - start, c.message?.text])).toEqual([[1000, 'Hello 1 2 3 4 5 6 7 8 9']]);
      await vi.advanceTimersByTimeAsync(50);
      stream.end();
      const result = await settle(done);
      const edits = adapter.callsOf('edit');
      expect(edits.map((c) => c.at - start)).toEqual([1000, 1450]);
      const [message] = adapter.messagesIn(thread);
      expect(message!.content.text).toBe('Hello 1 2 3 4 5 6 7 8 9 10 11 12 13 14');
      expect(result).toEqual({
        status: 'complete',
        text: message!.content.text,
        parts: [message!.content.text],
        messages: [message!.ref],
      });
      expect(vi.getTimerCount()).toBe(0);
    });

    it('posts the placeholder before any delta and replaces it with the first text without waiting', async () => {
      const adapter = new FakeChatAdapter();
      const start = Date.now();
      const done = new StreamRelay(adapter, { minEditIntervalMs: 1000 }).relay({
        thread,
        placeholder: 'Thinking…',
        deltas: timedDeltas([
          { at: 300, delta: 'First' },
          { at: 400, delta: ' words' },
        ]),
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(adapter.calls.map((c) => [c.kind, c.at - start, c.message?.text])).toEqual([['post', 0, 'Thinking…']]);
      const result = await settle(done);
      expect(adapter.calls.map((c) => [c.kind, c.at - start, c.message?.text])).toEqual([
        ['post', 0, 'Thinking…'],
        ['edit', 300, 'First'],
        ['edit', 400, 'First words'],
      ]);
      expect(result.status).toBe('complete');
    });

    it('never has two calls in flight for one message, even when calls take longer than the interval', async () => {
      const adapter = new FakeChatAdapter({ latencyMs: 700 });
      const timetable = steady(60, 50);
      const result = await settle(new StreamRelay(adapter, { minEditIntervalMs: 100 }).relay({ thread, deltas: timedDeltas(timetable) }));
      expect(adapter.maxInFlightPerMessage).toBe(1);
      const calls = adapter.calls;
      for (let i = 1; i < calls.length; i += 1) expect(calls[i]!.at).toBeGreaterThanOrEqual(calls[i - 1]!.settledAt!);
      expect(adapter.messagesIn(thread)[0]!.content.text).toBe(joined(timetable));
      expect(result.text).toBe(joined(timetable));
      expect(vi.getTimerCount()).toBe(0);
    });

    it('renders through the given render function, with final set only for the last content sent', async () => {
      const adapter = new FakeChatAdapter();
      const states: string[] = [];
      await settle(
        new StreamRelay(adapter, { minEditIntervalMs: 10 }).relay({
          thread,
          deltas: timedDeltas(steady(3, 100)),
          render: (text, state) => {
            states.push(`${text.trim()}|${state.final}|${state.part}`);
            return { text: state.final ? `${text}\n— sources: 2` : text };
          },
        }),
      );
      expect(adapter.messagesIn(thread)[0]!.content.text).toBe('w0 w1 w2 \n— sources: 2');
      expect(states.at(-1)).toBe('w0 w1 w2|true|0');
      const history = adapter.messagesIn(thread)[0]!.history.map((m) => m.text);
      expect(history.filter((text) => text.includes('sources'))).toEqual([history.at(-1)]);
      expect(states.filter((s) => s.endsWith('|true|0')).every((s) => s === 'w0 w1 w2|true|0')).toBe(true);
    });
  });

  it('coalesces fast deltas on real timers: few edits, each at least the interval after the one before', async () => {
    const adapter = new FakeChatAdapter({ latencyMs: 5 });
    const timetable = steady(150, 2);
    const start = Date.now();
    const result = await new StreamRelay(adapter, { minEditIntervalMs: 30 }).relay({ thread, deltas: timedDeltas(timetable) });
    const elapsed = Date.now() - start;
    const updates = adapter.calls.filter((c) => c.kind === 'post' || c.kind === 'edit');
    expect(updates[0]!.kind).toBe('post');
    expect(updates.length).toBeGreaterThanOrEqual(3);
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(elapsed / 30) + 2);
    const beforeFinal = updates.slice(0, -1);
    // the relay times an edit from the moment it issues it and the fake stamps it in the same step, both in whole
    // milliseconds: a boundary crossed in between shows the interval as 1 ms shorter
    for (let i = 1; i < beforeFinal.length; i += 1) expect(beforeFinal[i]!.at - beforeFinal[i - 1]!.at).toBeGreaterThanOrEqual(30 - 1);
    expect(adapter.maxInFlightPerMessage).toBe(1);
    expect(adapter.messagesIn(thread)[0]!.content.text).toBe(joined(timetable));
    expect(result.status).toBe('complete');
  });

  it('paces with timers that do not hold the process open, but holds it to deliver a rate-limited final text', async () => {
    const timers = trackTimers();
    try {
      const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
      const adapter = new FakeChatAdapter();
      const stream = new PushStream();
      const done = new StreamRelay(adapter, { minEditIntervalMs: 10_000 }).relay({ thread, deltas: stream });
      stream.push('a');
      await nextTurn();
      stream.push('b');
      await nextTurn();
      expect(adapter.calls.map((c) => c.kind)).toEqual(['post']);
      expect(timers.pending()).toBe(1); // waiting out the 10 s interval...
      expect(timers.keepingAlive()).toBe(0); // ...on an unref'd timer
      adapter.rateLimitNext('edit', 1, 300);
      stream.end();
      await nextTurn();
      expect(adapter.callsOf('edit').map((c) => c.outcome)).toEqual(['rate-limited']);
      expect(timers.keepingAlive()).toBe(1); // the final text waits out the pause and keeps the process up for it
      const result = await done;
      expect(result.status).toBe('complete');
      expect(adapter.messagesIn(thread)[0]!.content.text).toBe('ab');
      expect(timers.pending()).toBe(0);
    } finally {
      timers.restore();
    }
  });
});

/** Follows the timers code under test creates, to tell which are still pending and which keep the process up. */
function trackTimers(): { pending: () => number; keepingAlive: () => number; restore: () => void } {
  const pending = new Set<NodeJS.Timeout>();
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const set = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
    const timer = realSet(() => {
      pending.delete(timer);
      callback();
    }, ms);
    pending.add(timer);
    return timer;
  }) as unknown as typeof setTimeout);
  const clear = vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((timer: NodeJS.Timeout) => {
    pending.delete(timer);
    realClear(timer);
  }) as unknown as typeof clearTimeout);
  return {
    pending: () => pending.size,
    keepingAlive: () => [...pending].filter((timer) => timer.hasRef()).length,
    restore: () => {
      set.mockRestore();
      clear.mockRestore();
    },
  };
}
