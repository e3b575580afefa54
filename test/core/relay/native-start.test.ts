/**
 * A new answer's first text opens its stream at once, even while a 429 holds the workspace's appends back; an
 * answer that ended while it waited for chat.startStream opens with all its text as soon as a start is let through,
 * not after a pause of the stops.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ConversationGate } from '../../../src/core/outbox/conversation-gate.js';
import { StreamRelay } from '../../../src/core/relay/index.js';
import { conversationOf } from '../../../src/core/thread-id.js';
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

it('shows an answer that ended while waiting for its stream when the start pause ends, not after the stop pause', async () => {
  const adapter = new FakeChatAdapter({ native: 'available' });
  // the channel's posts are taken for 10 s (another answer just posted): posting would not be sooner than the start
  const gate = new ConversationGate({ postRate: [{ max: 1, windowMs: 10_000 }] });
  const relay = new StreamRelay(adapter, { minEditIntervalMs: 200, gate });
  const [first, second] = [threadIn('T1', 1), threadIn('T1', 2)];
  const start = Date.now();
  await gate.take(conversationOf(first), 'post');
  adapter.rateLimitNext('stop', 1, 40_000); // the first answer's stop: the workspace's stops pause for 40 s
  adapter.onCall = (call) => {
    const opening = call.kind === 'append' && call.thread === second && adapter.callsOf('append').filter((c) => c.thread === second).length === 1;
    if (opening) adapter.rateLimitNext('append', 1, 5_000); // its chat.startStream: the starts pause for 5 s
  };
  const long = steady(50, 20); // ends 1 s in
  const short = steady(10, 100).map((t) => ({ ...t, at: t.at + 500 })); // 600 ms to 1.5 s: ends while it waits
  const [a, b] = await settle(
    Promise.all([relay.relay({ thread: first, deltas: timedDeltas(long) }), relay.relay({ thread: second, deltas: timedDeltas(short) })]),
  );

  const calls = adapter.calls.filter((c) => c.thread === second && (c.kind === 'append' || c.kind === 'stop'));
  expect(calls.map((c) => [c.kind, c.outcome])).toEqual([
    ['append', 'rate-limited'],
    ['append', 'ok'],
    ['stop', 'ok'],
  ]);
  const [refused, opened, stopped] = calls as [(typeof calls)[0], (typeof calls)[0], (typeof calls)[0]];
  // opened once the start pause ended, with the whole text: not 40 s later with the stop
  expect(opened.at - refused.at).toBeGreaterThanOrEqual(5_000);
  expect(opened.at - start).toBeLessThan(6_000);
  expect(opened.delta).toBe(joined(short));
  expect(stopped.at - adapter.callsOf('stop')[0]!.at).toBeGreaterThanOrEqual(40_000);
  expect(stopped.message!.text).toBe(joined(short));
  expect(adapter.messagesIn(second).map((m) => m.content.text)).toEqual([joined(short)]);
  expect(adapter.callsOf('post')).toEqual([]);
  expect([a.status, b.status]).toEqual(['complete', 'complete']);
  expect(vi.getTimerCount()).toBe(0);
});
