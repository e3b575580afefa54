import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkspaceBudget } from '../../../src/core/relay/workspace-budget.js';

/** The most grants that fall in any window of `windowMs` (a window is (t - windowMs, t]). */
const busiestWindow = (times: number[], windowMs: number): number =>
  Math.max(0, ...times.map((t) => times.filter((u) => u > t - windowMs && u <= t).length));

describe('WorkspaceBudget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never grants more than the limit in any window, yet keeps close to the limit under load', async () => {
    const budget = new WorkspaceBudget(10, 1000, Date.now);
    const granted: number[] = [];
    const until = Date.now() + 10_000;
    const consumer = async (high: boolean): Promise<void> => {
      while (Date.now() < until) {
        await budget.request('slack:T1', high, false).granted;
        granted.push(Date.now());
      }
    };
    const consumers = Array.from({ length: 30 }, (_, i) => consumer(i % 5 === 0));
    await vi.advanceTimersByTimeAsync(20_000);
    await Promise.all(consumers);
    expect(busiestWindow(granted, 1000)).toBeLessThanOrEqual(10);
    expect(granted.length).toBeGreaterThanOrEqual(85);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('serves first and final text before intermediate edits, and keeps a token for them', async () => {
    const budget = new WorkspaceBudget(45, 60_000, Date.now);
    const order: string[] = [];
    const track = (name: string, high: boolean): Promise<void> =>
      budget.request('slack:T1', high, false).granted.then(() => void order.push(name));
    await Promise.all([1, 2, 3, 4].map((i) => track(`normal${i}`, false)));
    const waitingNormal = track('normal5', false);
    await vi.advanceTimersByTimeAsync(0);
    expect(order).not.toContain('normal5');
    await track('final', true);
    expect(order).toEqual(['normal1', 'normal2', 'normal3', 'normal4', 'final']);
    const promoted = budget.request('slack:T1', false, false);
    const promotedDone = promoted.granted.then(() => void order.push('promoted'));
    promoted.promote();
    await vi.advanceTimersByTimeAsync(60_000);
    await Promise.all([waitingNormal, promotedDone]);
    expect(order.slice(5)).toEqual(['promoted', 'normal5']);
  });

  it('holds every edit and post of a paused workspace until the pause ends, and no other workspace', async () => {
    const budget = new WorkspaceBudget(10, 1000, Date.now);
    const start = Date.now();
    budget.pause('slack:T1', 500);
    expect(budget.pausedFor('slack:T1')).toBe(500);
    const times: Record<string, number> = {};
    const edit = budget.request('slack:T1', true, true).granted.then(() => (times.edit = Date.now() - start));
    const post = budget.whenUnpaused('slack:T1', false).then(() => (times.post = Date.now() - start));
    const other = budget.request('slack:T2', false, false).granted.then(() => (times.other = Date.now() - start));
    await vi.advanceTimersByTimeAsync(499);
    expect(times).toEqual({ other: 0 });
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all([edit, post, other]);
    expect(times).toEqual({ other: 0, edit: 500, post: 500 });
    expect(budget.pausedFor('slack:T1')).toBe(0);
  });

  it('rejects a limit too small to pace', () => {
    expect(() => new WorkspaceBudget(1, 1000, Date.now)).toThrow(RangeError);
  });
});
