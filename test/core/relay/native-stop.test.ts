/** A native stream's stop carries the final text at once, even while a 429 holds the workspace's appends back. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { StreamRelay } from '../../../src/core/relay/index.js';
import { FakeChatAdapter } from '../../helpers/fake-adapter.js';
import { settle } from './fake-time.js';
import { joined, steady, threadIn, timedDeltas } from './streams.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('stops the stream with the whole text when it ends during a pause of the appends, not after the pause', async () => {
  const adapter = new FakeChatAdapter({ native: 'available' });
  const relay = new StreamRelay(adapter, { minEditIntervalMs: 200 });
  const timetable = steady(50, 20); // ends 1 s in
  const start = Date.now();
  adapter.onCall = (call) => {
    if (call.kind === 'append' && adapter.callsOf('append').length === 2) adapter.rateLimitNext('append', 1, 30_000);
  };
  const result = await settle(relay.relay({ thread: threadIn('T1'), deltas: timedDeltas(timetable) }));
  const appends = adapter.callsOf('append');
  expect(appends.map((c) => c.outcome)).toEqual(['ok', 'rate-limited']);
  const stop = adapter.callsOf('stop')[0]!;
  expect(stop.at - start).toBe(1000);
  expect(stop.message!.text).toBe(joined(timetable));
  expect(result.status).toBe('complete');
  expect(vi.getTimerCount()).toBe(0);
});
