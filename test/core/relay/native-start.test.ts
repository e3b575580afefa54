/** A new answer's first text opens its stream at once, even while a 429 holds the workspace's appends back. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { StreamRelay } from '../../../src/core/relay/index.js';
import { FakeChatAdapter } from '../../helpers/fake-adapter.js';
import { settle } from './fake-time.js';
import { joined, steady, threadIn, timedDeltas } from './streams.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it("opens a second answer's stream with its first text during a 30 s pause of the first answer's appends", async () => {
  const adapter = new FakeChatAdapter({ native: 'available' });
  const relay = new StreamRelay(adapter, { minEditIntervalMs: 200 });
  const first = threadIn('T1', 1);
  const second = threadIn('T1', 2);
  const start = Date.now();
  adapter.onCall = (call) => {
    if (call.kind === 'append' && call.thread === first && adapter.callsOf('append').length === 2) adapter.rateLimitNext('append', 1, 30_000);
  };
  const long = steady(100, 20); // 2 s
  const late = steady(20, 20).map((t) => ({ ...t, at: t.at + 1000 })); // first text 1,020 ms in
  const [a, b] = await settle(
    Promise.all([relay.relay({ thread: first, deltas: timedDeltas(long) }), relay.relay({ thread: second, deltas: timedDeltas(late) })]),
  );

  const appendsOf = (thread: typeof first) => adapter.callsOf('append').filter((c) => c.thread === thread);
  expect(
    appendsOf(first)
      .map((c) => c.outcome)
      .slice(0, 2),
  ).toEqual(['ok', 'rate-limited']);
  const opened = appendsOf(second)[0]!;
  expect(opened.outcome).toBe('ok');
  expect(opened.at - start).toBeLessThan(1500);
  for (const [thread, timetable] of [
    [first, long],
    [second, late],
  ] as const)
    expect(adapter.callsOf('stop').find((c) => c.thread === thread)!.message!.text).toBe(joined(timetable));
  expect([a.status, b.status]).toEqual(['complete', 'complete']);
  expect(vi.getTimerCount()).toBe(0);
});
