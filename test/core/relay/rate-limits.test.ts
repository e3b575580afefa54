import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamRelay } from '../../../src/core/relay/index.js';
import { FakeChatAdapter, type CallRecord } from '../../helpers/fake-adapter.js';
import { settle } from './fake-time.js';
import { joined, PushStream, steady, threadIn, timedDeltas } from './streams.js';

const callsDuring = (calls: CallRecord[], from: number, to: number): CallRecord[] =>
  calls.filter((c) => (c.kind === 'edit' || c.kind === 'post') && c.at > from && c.at < to);

describe('StreamRelay under chat rate limits', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pauses on a 429 for its Retry-After, then sends the latest text, not the missed frames', async () => {
    const adapter = new FakeChatAdapter();
    const thread = threadIn('T1');
    const timetable = steady(150, 20);
    const produced: { at: number; text: string }[] = [];
    setTimeout(() => adapter.rateLimitNext('edit', 1, 1000), 500);
    const relay = new StreamRelay(adapter, { minEditIntervalMs: 100, workspaceEditsPerMinute: 6000 });
    const result = await settle(
      relay.relay({
        thread,
        deltas: timedDeltas(timetable, undefined, produced),
      }),
    );
    const edits = adapter.callsOf('edit');
    const limited = edits.find((c) => c.outcome === 'rate-limited')!;
    expect(callsDuring(adapter.calls, limited.settledAt!, limited.settledAt! + 1000)).toEqual([]);
    const resumed = edits[edits.indexOf(limited) + 1]!;
    expect(resumed.at).toBe(limited.settledAt! + 1000);
    // A delta produced in the very same millisecond may land just before or just after the edit.
    const latest = [produced.filter((p) => p.at < resumed.at).at(-1)!.text, produced.filter((p) => p.at <= resumed.at).at(-1)!.text];
    expect(latest).toContain(resumed.message!.text);
    // one catch-up edit, then the usual pace: the missed frames are never replayed
    expect(edits[edits.indexOf(resumed) + 1]!.at - resumed.at).toBeGreaterThanOrEqual(100);
    expect(adapter.messagesIn(thread)[0]!.content.text).toBe(joined(timetable));
    expect(result.status).toBe('complete');
  });

  it('retries a rate-limited final edit after the pause and resolves only once the final text is visible', async () => {
    const adapter = new FakeChatAdapter();
    const thread = threadIn('T1');
    const stream = new PushStream();
    const done = new StreamRelay(adapter, { minEditIntervalMs: 100 }).relay({ thread, deltas: stream });
    stream.push('partial');
    await vi.advanceTimersByTimeAsync(10);
    adapter.rateLimitNext('edit', 2, 700);
    stream.push(' and the rest');
    stream.end();
    const endedAt = Date.now();
    let resolvedAt = 0;
    const result = await settle(
      done.then((r) => {
        resolvedAt = Date.now();
        return r;
      }),
    );
    expect(adapter.callsOf('edit').map((c) => [c.at - endedAt, c.outcome])).toEqual([
      [0, 'rate-limited'],
      [700, 'rate-limited'],
      [1400, 'ok'],
    ]);
    expect(resolvedAt - endedAt).toBe(1400);
    expect(adapter.messagesIn(thread)[0]!.content.text).toBe('partial and the rest');
    expect(result.status).toBe('complete');
  });

  it('posts the first text again after a rate-limited post, with whatever arrived meanwhile', async () => {
    const adapter = new FakeChatAdapter();
    const thread = threadIn('T1');
    adapter.rateLimitNext('post', 1, 800);
    const stream = new PushStream();
    const done = new StreamRelay(adapter, { minEditIntervalMs: 100 }).relay({ thread, deltas: stream });
    const start = Date.now();
    stream.push('first');
    await vi.advanceTimersByTimeAsync(300);
    stream.push(' second');
    await vi.advanceTimersByTimeAsync(600);
    stream.end();
    await settle(done);
    expect(adapter.calls.map((c) => [c.kind, c.at - start, c.outcome, c.message?.text])).toEqual([
      ['post', 0, 'rate-limited', 'first'],
      ['post', 800, 'ok', 'first second'],
    ]);
  });

  it('pauses the edits of every relay of the rate-limited workspace, and of no other workspace', async () => {
    const adapter = new FakeChatAdapter();
    const relay = new StreamRelay(adapter, { minEditIntervalMs: 50, workspaceEditsPerMinute: 6000 });
    const [a, b, other] = [threadIn('T1', 1), threadIn('T1', 2), threadIn('T2', 1)];
    setTimeout(() => adapter.rateLimitNext('edit', 1, 2000), 300);
    const results = await settle(Promise.all([a, b, other].map((thread) => relay.relay({ thread, deltas: timedDeltas(steady(100, 30)) }))));
    const limited = adapter.calls.find((c) => c.outcome === 'rate-limited')!;
    const pause = [limited.settledAt!, limited.settledAt! + 2000] as const;
    const during = callsDuring(adapter.calls, ...pause);
    const limitedWorkspace = limited.thread === other ? 'T2' : 'T1';
    expect(during.filter((c) => c.thread.includes(`:${limitedWorkspace}:`))).toEqual([]);
    expect(during.filter((c) => !c.thread.includes(`:${limitedWorkspace}:`)).length).toBeGreaterThan(10);
    for (const thread of [a, b, other]) expect(adapter.messagesIn(thread)[0]!.content.text).toBe(joined(steady(100, 30)));
    expect(results.map((r) => r.status)).toEqual(['complete', 'complete', 'complete']);
  });

  it('delivers every final text of 100 parallel streams against a chat.update limit of 50 a minute', async () => {
    const adapter = new FakeChatAdapter({ editBudget: { edits: 50, windowMs: 60_000 } });
    const relay = new StreamRelay(adapter, { minEditIntervalMs: 1000, workspaceEditsPerMinute: 45 });
    const threads = Array.from({ length: 100 }, (_, i) => threadIn('T1', i));
    const answer = (i: number) => steady(40, 100 + (i % 7) * 10, (k) => `s${i}w${k} `);
    const start = Date.now();
    const results = await settle(Promise.all(threads.map((thread, i) => relay.relay({ thread, deltas: timedDeltas(answer(i)) }))), 100);
    const edits = adapter.callsOf('edit');
    const accepted = edits.filter((c) => c.outcome === 'ok');
    const limited = edits.filter((c) => c.outcome === 'rate-limited');
    // 100 finals and a few intermediate edits at 50 a minute need two whole windows: intermediate edits gave way
    expect(Date.now() - start).toBeLessThanOrEqual(130_000);
    expect(accepted.length).toBeLessThanOrEqual(110);
    // after a 429 the workspace's edits wait its Retry-After (the fake's is exact), then go one at a time:
    // the edit after each 429 is accepted, and the 429s stay few instead of one per waiting relay each time
    for (const refused of limited) expect(edits[edits.indexOf(refused) + 1]?.outcome).toBe('ok');
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.length).toBeLessThanOrEqual(20);
    expect(adapter.callsOf('post')).toHaveLength(100);
    threads.forEach((thread, i) => expect(adapter.messagesIn(thread)[0]!.content.text).toBe(joined(answer(i))));
    expect(results.every((r) => r.status === 'complete')).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
