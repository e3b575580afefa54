import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkspaceBudget, type ChatMethod } from '../../../src/core/relay/workspace-budget.js';
import { seeded } from './streams.js';

/** The most grants that fall in any window of `windowMs` (a window is (t - windowMs, t]). */
const busiestWindow = (times: number[], windowMs: number): number =>
  Math.max(0, ...times.map((t) => times.filter((u) => u > t - windowMs && u <= t).length));

/** Takes a slot, waits for it and reports the call answered at once; resolves with the grant time. */
async function call(budget: WorkspaceBudget, workspace: string, method: ChatMethod, urgent: boolean): Promise<number> {
  const slot = budget.acquire(workspace, method, { urgent, keepAlive: false });
  await slot.granted;
  slot.done();
  return Date.now();
}

describe('WorkspaceBudget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never grants more intermediate edits than the limit in any window, yet keeps close to the limit under load', async () => {
    const budget = new WorkspaceBudget(10, 1000, Date.now);
    const granted: number[] = [];
    const until = Date.now() + 10_000;
    const consumer = async (): Promise<void> => {
      while (Date.now() < until) granted.push(await call(budget, 'slack:T1', 'edit', false));
    };
    const consumers = Array.from({ length: 30 }, () => consumer());
    await vi.advanceTimersByTimeAsync(20_000);
    await Promise.all(consumers);
    expect(busiestWindow(granted, 1000)).toBeLessThanOrEqual(10);
    expect(granted.length).toBeGreaterThanOrEqual(85);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends first and final text at once whatever the bucket holds, and makes intermediate edits repay the debt', async () => {
    const budget = new WorkspaceBudget(45, 60_000, Date.now); // 5 tokens, 40 a minute, 1 kept spare
    const start = Date.now();
    const early = await Promise.all([1, 2, 3, 4].map(() => call(budget, 'slack:T1', 'edit', false)));
    expect(early).toEqual([start, start, start, start]);
    const waitingIntermediate = call(budget, 'slack:T1', 'edit', false);
    const finals = await Promise.all(Array.from({ length: 10 }, () => call(budget, 'slack:T1', 'edit', true)));
    expect(finals.every((at) => at === start)).toBe(true);
    // the bucket is at 1 - 10 = -9; the next intermediate edit needs 2: 11 tokens at 40 a minute = 16.5 s
    await vi.advanceTimersByTimeAsync(16_500);
    expect(await waitingIntermediate).toBe(start + 16_500);
    const promoted = budget.acquire('slack:T1', 'edit', { urgent: false, keepAlive: false });
    let promotedAt = 0;
    void promoted.granted.then(() => (promotedAt = Date.now()));
    await vi.advanceTimersByTimeAsync(10);
    expect(promotedAt).toBe(0);
    promoted.promote();
    await vi.advanceTimersByTimeAsync(0);
    expect(promotedAt).toBe(start + 16_510);
    promoted.done();
  });

  it('bounds intermediate edits plus the debt they repay in every window, with first and final text arriving at random', async () => {
    const [limit, windowMs, burst] = [45, 60_000, 5];
    const budget = new WorkspaceBudget(limit, windowMs, Date.now);
    const grants: { at: number; urgent: boolean }[] = [];
    const start = Date.now();
    const until = start + 10 * windowMs;
    const intermediate = async (): Promise<void> => {
      while (Date.now() < until) grants.push({ at: await call(budget, 'slack:T1', 'edit', false), urgent: false });
    };
    const random = seeded(42);
    const urgentTimes = Array.from({ length: 300 }, () => start + Math.floor(random() * 10 * windowMs));
    for (const at of urgentTimes)
      setTimeout(() => void call(budget, 'slack:T1', 'edit', true).then((t) => grants.push({ at: t, urgent: true })), at - start);
    const consumers = Array.from({ length: 20 }, () => intermediate());
    await vi.advanceTimersByTimeAsync(12 * windowMs);
    await Promise.all(consumers);
    expect(
      grants
        .filter((g) => g.urgent)
        .map((g) => g.at)
        .sort(),
    ).toEqual([...urgentTimes].sort());
    // every window: its intermediate edits and the urgent ones granted before its last intermediate edit
    for (const [i, last] of grants.entries()) {
      if (last.urgent) continue;
      const inWindow = grants.slice(0, i + 1).filter((g) => g.at > last.at - windowMs);
      expect(inWindow.length).toBeLessThanOrEqual(limit);
    }
    // the long run: intermediate edits get what the refill leaves after the urgent ones (300 here), and no more
    const lastIntermediate = grants.findLastIndex((g) => !g.urgent);
    const spent = grants.slice(0, lastIntermediate + 1);
    const allowed = burst + ((limit - burst) * (grants[lastIntermediate]!.at - start)) / windowMs;
    expect(spent.length).toBeLessThanOrEqual(allowed);
    expect(spent.length).toBeGreaterThanOrEqual(allowed - 3);
  });

  it('pauses only the rate-limited method of the workspace: its other methods and other workspaces go on', async () => {
    const budget = new WorkspaceBudget(10, 1000, Date.now);
    const start = Date.now();
    const limited = budget.acquire('slack:T1', 'edit', { urgent: true, keepAlive: false });
    await limited.granted;
    limited.rateLimited(500);
    expect([budget.pausedFor('slack:T1', 'edit'), budget.pausedFor('slack:T1', 'post'), budget.pausedFor('slack:T2', 'edit')]).toEqual([500, 0, 0]);
    const times: Record<string, number> = {};
    const track = (name: string, at: Promise<number>): Promise<void> => at.then((t) => void (times[name] = t - start));
    const all = [
      track('edit', call(budget, 'slack:T1', 'edit', true)),
      track('post', call(budget, 'slack:T1', 'post', true)),
      track('stream', call(budget, 'slack:T1', 'stream', false)),
      track('other workspace edit', call(budget, 'slack:T2', 'edit', false)),
    ];
    await vi.advanceTimersByTimeAsync(499);
    expect(times).toEqual({ post: 0, stream: 0, 'other workspace edit': 0 });
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all(all);
    expect(times.edit).toBe(500);
    expect(budget.pausedFor('slack:T1', 'edit')).toBe(0);
  });

  it("a first text waiting out its method's pause holds the process open once promoted (its answer ended)", async () => {
    vi.useRealTimers(); // a spy on fake timers outlives the test in this worker's other files
    const budget = new WorkspaceBudget(10, 1000, Date.now);
    const refused = budget.acquire('slack:T1', 'start', { urgent: true, keepAlive: false });
    await refused.granted;
    refused.rateLimited(50);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const lastTimer = (): NodeJS.Timeout => timers.mock.results.at(-1)!.value as NodeJS.Timeout;
    const waiting = budget.acquire('slack:T1', 'start', { urgent: true, keepAlive: false });
    const unpromoted = lastTimer().hasRef();
    waiting.promote();
    const promoted = lastTimer().hasRef();
    timers.mockRestore();
    expect([unpromoted, promoted]).toEqual([false, true]);
    await waiting.granted;
    waiting.done();
  });

  it('a 429 on native stream appends holds back appends only: the stop with the final text goes at once', async () => {
    const budget = new WorkspaceBudget(45, 60_000, Date.now, { adaptive: true });
    const start = Date.now();
    const append = budget.acquire('slack:T1', 'stream', { urgent: true, keepAlive: false });
    await append.granted;
    append.rateLimited(30_000);
    const stoppedAt = await call(budget, 'slack:T1', 'stop', true);
    expect(stoppedAt).toBe(start);
    expect([budget.pausedFor('slack:T1', 'stream'), budget.pausedFor('slack:T1', 'stop')]).toEqual([30_000, 0]);
    const nextAppend = call(budget, 'slack:T1', 'stream', true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await nextAppend).toBe(start + 30_000);
  });

  it('after a pause lets the calls of that method out one at a time, the rate-limited one first, until none waits', async () => {
    const budget = new WorkspaceBudget(100, 1000, Date.now);
    const first = budget.acquire('slack:T1', 'post', { urgent: true, keepAlive: false });
    await first.granted;
    const order: string[] = [];
    const waiting = ['a', 'b', 'c'].map((name) => {
      const slot = budget.acquire('slack:T1', 'post', { urgent: true, keepAlive: true });
      void slot.granted.then(() => order.push(name));
      return slot;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['a', 'b', 'c']); // no pause yet: all at once
    first.rateLimited(300);
    const retried = budget.acquire('slack:T1', 'post', { urgent: true, keepAlive: true, retry: true });
    void retried.granted.then(() => order.push('retried'));
    const later = ['d', 'e'].map((name) => {
      const slot = budget.acquire('slack:T1', 'post', { urgent: true, keepAlive: true });
      void slot.granted.then(() => order.push(name));
      return slot;
    });
    for (const slot of waiting) slot.done();
    await vi.advanceTimersByTimeAsync(300);
    expect(order.slice(3)).toEqual(['retried']);
    retried.done();
    await vi.advanceTimersByTimeAsync(0);
    expect(order.slice(3)).toEqual(['retried', 'd']);
    later[0]!.done();
    await vi.advanceTimersByTimeAsync(0);
    expect(order.slice(3)).toEqual(['retried', 'd', 'e']);
    later[1]!.done();
    const sideBySide = [1, 2].map(() => budget.acquire('slack:T1', 'post', { urgent: false, keepAlive: false }));
    let grantedTogether = 0;
    for (const slot of sideBySide) void slot.granted.then(() => (grantedTogether += 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(grantedTogether).toBe(2); // the queue was served: calls go side by side again
    for (const slot of sideBySide) slot.done();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects a limit too small to pace', () => {
    expect(() => new WorkspaceBudget(1, 1000, Date.now)).toThrow(RangeError);
  });
});
