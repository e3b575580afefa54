import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamRelay } from '../../../src/core/relay/index.js';
import { FakeChatAdapter, type CallRecord } from '../../helpers/fake-adapter.js';
import { settle } from './fake-time.js';
import { joined, PushStream, steady, threadIn, timedDeltas } from './streams.js';

/** Edits that are not the last content of their message: the ones the workspace budget paces. */
function intermediateEdits(adapter: FakeChatAdapter): Set<CallRecord> {
  const lastOfMessage = new Map<string, CallRecord>();
  for (const call of adapter.callsOf('edit')) lastOfMessage.set(call.messageId!, call);
  const finals = new Set(lastOfMessage.values());
  return new Set(adapter.callsOf('edit').filter((call) => !finals.has(call)));
}

describe('StreamRelay: first and final text before the workspace budget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the finals of many relays that end together at once, with the budget long spent', async () => {
    const adapter = new FakeChatAdapter();
    const relay = new StreamRelay(adapter, { minEditIntervalMs: 100, workspaceEditsPerMinute: 10 });
    const streams = Array.from({ length: 30 }, () => new PushStream());
    const threads = streams.map((_, i) => threadIn('T1', i));
    const done = Promise.all(streams.map((deltas, i) => relay.relay({ thread: threads[i]!, deltas })));
    for (let round = 0; round < 20; round += 1) {
      for (const [i, stream] of streams.entries()) stream.push(`s${i}r${round} `);
      await vi.advanceTimersByTimeAsync(150);
    }
    const intermediateBeforeEnd = adapter.callsOf('edit').length;
    expect(intermediateBeforeEnd).toBeLessThanOrEqual(10); // the budget held the intermediate edits back
    const endedAt = Date.now();
    for (const stream of streams) stream.end();
    await vi.advanceTimersByTimeAsync(0);
    const finals = adapter.callsOf('edit').slice(intermediateBeforeEnd);
    expect(finals).toHaveLength(30);
    expect(finals.every((call) => call.at === endedAt && call.outcome === 'ok')).toBe(true);
    const results = await done;
    expect(Date.now()).toBe(endedAt);
    threads.forEach((thread, i) => {
      expect(adapter.messagesIn(thread)[0]!.content.text).toBe(Array.from({ length: 20 }, (_, r) => `s${i}r${r} `).join(''));
      expect(results[i]!.status).toBe('complete');
    });
  });

  it('posts the first text of a new answer at once while the same workspace waits out a 429 on its edits', async () => {
    const adapter = new FakeChatAdapter();
    const relay = new StreamRelay(adapter, { minEditIntervalMs: 100 });
    const [busy, fresh] = [new PushStream(), new PushStream()];
    const [busyThread, freshThread] = [threadIn('T1', 1), threadIn('T1', 2)];
    const busyDone = relay.relay({ thread: busyThread, deltas: busy });
    busy.push('first');
    await vi.advanceTimersByTimeAsync(200);
    adapter.rateLimitNext('edit', 1, 5000);
    busy.push(' second');
    await vi.advanceTimersByTimeAsync(0);
    const limited = adapter.callsOf('edit')[0]!;
    expect(limited.outcome).toBe('rate-limited');
    await vi.advanceTimersByTimeAsync(1000);
    const freshDone = relay.relay({ thread: freshThread, deltas: fresh });
    const askedAt = Date.now();
    fresh.push('a new answer');
    await vi.advanceTimersByTimeAsync(0);
    const post = adapter.callsOf('post').find((call) => call.thread === freshThread)!;
    expect([post.at, post.outcome, post.message!.text]).toEqual([askedAt, 'ok', 'a new answer']);
    fresh.push(' grows');
    busy.push(' third');
    await vi.advanceTimersByTimeAsync(3000);
    const pauseEnd = limited.settledAt! + 5000;
    expect(adapter.callsOf('edit').filter((call) => call.at > limited.at && call.at < pauseEnd)).toEqual([]);
    fresh.end();
    busy.end();
    await settle(Promise.all([busyDone, freshDone]));
    expect(
      adapter
        .callsOf('edit')
        .slice(1)
        .every((call) => call.at >= pauseEnd),
    ).toBe(true);
    expect(adapter.messagesIn(busyThread)[0]!.content.text).toBe('first second third');
    expect(adapter.messagesIn(freshThread)[0]!.content.text).toBe('a new answer grows');
  });

  it('sends a part at once when it is sealed while its edit waits for the budget, and posts the next part at once', async () => {
    const adapter = new FakeChatAdapter({ maxMessageChars: 100 });
    const relay = new StreamRelay(adapter, { minEditIntervalMs: 100, workspaceEditsPerMinute: 10 }); // 1 token, 9 a minute
    const thread = threadIn('T1');
    const stream = new PushStream();
    const done = relay.relay({ thread, deltas: stream });
    stream.push('first words ');
    await vi.advanceTimersByTimeAsync(200);
    stream.push('take the only token ');
    await vi.advanceTimersByTimeAsync(200);
    stream.push('then wait for the next one ');
    await vi.advanceTimersByTimeAsync(1000);
    expect(adapter.calls.map((c) => c.kind)).toEqual(['post', 'edit']); // the next token is 6.7 s away
    const sealedAt = Date.now();
    stream.push(`${'and the answer outgrows its message '.repeat(3)}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(adapter.calls.slice(2).map((c) => [c.kind, c.at])).toEqual([
      ['edit', sealedAt],
      ['post', sealedAt],
    ]);
    stream.end();
    const result = await settle(done);
    expect(adapter.messagesIn(thread).map((m) => m.content.text)).toEqual(result.parts);
    expect(result.parts).toHaveLength(2);
  });

  it('keeps intermediate edits, plus the final edits they make room for, under the budget in every window', async () => {
    const adapter = new FakeChatAdapter({ latencyMs: 20 });
    const [limit, windowMs] = [45, 60_000];
    // the guarantee of a fixed budget (an adaptive one grows past `limit` while the platform accepts)
    const relay = new StreamRelay(adapter, {
      minEditIntervalMs: 1000,
      workspaceEditsPerMinute: limit,
      budgetWindowMs: windowMs,
      adaptiveBudget: false,
    });
    const answer = (i: number) => steady(60 + (i % 5) * 20, 250, (k) => `a${i}w${k} `);
    const starts = Array.from({ length: 60 }, (_, i) => (i * 1_700) % 90_000);
    const runs = starts.map(
      (startMs, i) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            void relay.relay({ thread: threadIn('T1', i), deltas: timedDeltas(answer(i)) }).then(() => resolve());
          }, startMs),
        ),
    );
    await settle(Promise.all(runs), 100);
    const intermediate = intermediateEdits(adapter);
    const edits = adapter.callsOf('edit');
    expect(intermediate.size).toBeGreaterThan(15); // the 60 finals take most of the budget; these get the rest
    for (const [i, edit] of edits.entries()) {
      if (!intermediate.has(edit)) continue;
      expect(edits.slice(0, i + 1).filter((e) => e.at > edit.at - windowMs).length).toBeLessThanOrEqual(limit);
    }
    starts.forEach((_, i) => expect(adapter.messagesIn(threadIn('T1', i))[0]!.content.text).toBe(joined(answer(i))));
  });
});
