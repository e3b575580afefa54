/** The adaptive workspace budget: it learns per workspace and method what the platform allows (fake clock). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkspaceBudget, type ChatMethod } from '../../../src/core/relay/workspace-budget.js';
import { settle } from './fake-time.js';

/** A platform limiting calls to `limit` per rolling window, answering a 429 with the exact wait for a free slot. */
function rollingLimit(limit: number, windowMs: number): (now: number) => number | undefined {
  const accepted: number[] = [];
  return (now) => {
    while (accepted.length > 0 && accepted[0]! <= now - windowMs) accepted.shift();
    if (accepted.length < limit) return void accepted.push(now);
    return accepted[0]! + windowMs - now;
  };
}

interface Tally {
  accepted: number[];
  refused: number[];
}

const ANSWER_MS = 100;

/** `consumers` relays that want an intermediate call of `method` whenever their last one was answered (in 100 ms). */
function demand(
  budget: WorkspaceBudget,
  method: ChatMethod,
  consumers: number,
  until: number,
  answer?: (now: number) => number | undefined,
): {
  tally: Tally;
  done: Promise<void>;
} {
  const tally: Tally = { accepted: [], refused: [] };
  const consumer = async (): Promise<void> => {
    while (Date.now() < until) {
      const slot = budget.acquire('slack:T1', method, { urgent: false, keepAlive: false });
      await slot.granted;
      await new Promise((resolve) => setTimeout(resolve, ANSWER_MS));
      const retryAfter = answer?.(Date.now());
      if (retryAfter === undefined) {
        tally.accepted.push(Date.now());
        slot.done();
      } else {
        tally.refused.push(Date.now());
        slot.rateLimited(retryAfter);
      }
    }
  };
  return { tally, done: Promise.all(Array.from({ length: consumers }, () => consumer())).then(() => undefined) };
}

const within = (times: number[], from: number, to: number): number => times.filter((t) => t >= from && t < to).length;

describe('WorkspaceBudget, adaptive', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts edits at the given rate and native stream calls at twice it; a fixed budget has no stream budget', () => {
    const adaptive = new WorkspaceBudget(45, 60_000, Date.now, { adaptive: true });
    expect([adaptive.rateOf('slack:T1', 'edit'), adaptive.rateOf('slack:T1', 'stream'), adaptive.rateOf('slack:T1', 'post')]).toEqual([
      45,
      90,
      undefined,
    ]);
    const fixed = new WorkspaceBudget(45, 60_000, Date.now);
    expect([fixed.rateOf('slack:T1', 'edit'), fixed.rateOf('slack:T1', 'stream')]).toEqual([45, undefined]);
  });

  it('grows within seconds while the platform accepts every call the budget held back', async () => {
    const budget = new WorkspaceBudget(45, 60_000, Date.now, { adaptive: true });
    const start = Date.now();
    const { tally, done } = demand(budget, 'edit', 100, start + 20_000);
    await settle(done, 100);
    // 45 a minute would allow 5 + 40 * 5 / 60 = 8 in 5 s
    expect(within(tally.accepted, start + 15_000, start + 20_000)).toBeGreaterThan(1_000);
    expect(budget.rateOf('slack:T1', 'edit')).toBeGreaterThan(10_000);
    expect(budget.rateOf('slack:T2', 'edit')).toBe(45); // another workspace learned nothing
    expect(vi.getTimerCount()).toBe(0);
  });

  it("grows past its method's documented limit (a floor: Slack's '100+ a minute') while the platform accepts", async () => {
    const budget = new WorkspaceBudget(45, 30_000, Date.now, { adaptive: true, ceilingsPerMinute: { edit: 50, stream: 100 } });
    // it starts at the documented limit scaled to its window: 25 edits and 50 appends in 30 s
    expect([budget.rateOf('slack:T1', 'edit'), budget.rateOf('slack:T1', 'stream')]).toEqual([25, 50]);
    const start = Date.now();
    const edits = demand(budget, 'edit', 100, start + 20_000);
    const appends = demand(budget, 'stream', 100, start + 20_000);
    await settle(Promise.all([edits.done, appends.done]), 100);
    expect(budget.rateOf('slack:T1', 'edit')).toBeGreaterThan(10_000);
    expect(within(appends.tally.accepted, start + 10_000, start + 20_000)).toBeGreaterThan(1_000);
  });

  it('where the platform enforces the documented limit, one burst of 429s teaches it, and it stays at the limit after', async () => {
    const budget = new WorkspaceBudget(45, 30_000, Date.now, { adaptive: true, ceilingsPerMinute: { edit: 50 } });
    const start = Date.now();
    const edits = demand(budget, 'edit', 100, start + 120_000, rollingLimit(25, 30_000));
    await settle(edits.done, 100);
    expect(within(edits.tally.refused, start, start + 30_000)).toBeGreaterThan(0);
    expect(within(edits.tally.refused, start + 60_000, start + 120_000)).toBe(0);
    expect(budget.rateOf('slack:T1', 'edit')).toBeLessThanOrEqual(25);
    expect(within(edits.tally.accepted, start + 60_000, start + 120_000)).toBeGreaterThanOrEqual(40);
  });

  it('does not grow while the budget holds nothing back, and keeps what it learned while the workspace is idle', async () => {
    const budget = new WorkspaceBudget(45, 60_000, Date.now, { adaptive: true });
    for (let i = 0; i < 30; i++) {
      const slot = budget.acquire('slack:T1', 'edit', { urgent: false, keepAlive: false });
      await slot.granted;
      slot.done();
      await vi.advanceTimersByTimeAsync(5_000);
    }
    expect(budget.rateOf('slack:T1', 'edit')).toBe(45);
    const { done } = demand(budget, 'edit', 20, Date.now() + 5_000);
    await settle(done, 100);
    const learned = budget.rateOf('slack:T1', 'edit')!;
    expect(learned).toBeGreaterThan(90);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(budget.rateOf('slack:T1', 'edit')).toBe(learned);
  });

  it('cuts the rate on a 429 to what the platform accepted in the last window, once for one congestion, then grows slowly', async () => {
    const budget = new WorkspaceBudget(45, 60_000, Date.now, { adaptive: true });
    const start = Date.now();
    const { tally, done } = demand(budget, 'edit', 20, start + 8_000);
    await settle(done, 100);
    const grown = budget.rateOf('slack:T1', 'edit')!;
    expect(grown).toBeGreaterThan(300);
    // the rate grew by half the starting rate per accepted call: far fewer calls were accepted than it allows
    const acceptedInWindow = tally.accepted.length;
    expect(acceptedInWindow).toBeLessThan(0.7 * grown);
    const slots = [1, 2, 3].map(() => budget.acquire('slack:T1', 'edit', { urgent: true, keepAlive: false }));
    await Promise.all(slots.map((slot) => slot.granted));
    for (const slot of slots) slot.rateLimited(1_000);
    const cut = budget.rateOf('slack:T1', 'edit')!;
    expect(cut).toBe(acceptedInWindow); // what the platform evidently allows; the other two 429s cut no further
    await vi.advanceTimersByTimeAsync(1_000);
    const { done: after } = demand(budget, 'edit', 20, Date.now() + 60_000);
    await settle(after, 100);
    // additive now: 20% of the starting rate per window's worth of accepted calls (a little more came in a burst)
    expect(budget.rateOf('slack:T1', 'edit')).toBeLessThanOrEqual(cut + 1.5 * 0.2 * 45);
    expect(budget.rateOf('slack:T1', 'edit')).toBeGreaterThan(cut);
  });

  it('finds a platform limit of 50 a minute and keeps close under it with few 429s', async () => {
    const budget = new WorkspaceBudget(45, 60_000, Date.now, { adaptive: true });
    const start = Date.now();
    const { tally, done } = demand(budget, 'edit', 30, start + 6 * 60_000, rollingLimit(50, 60_000));
    await settle(done, 100);
    const lastMinutes = within(tally.accepted, start + 3 * 60_000, start + 6 * 60_000);
    expect(lastMinutes).toBeGreaterThanOrEqual(0.85 * 150);
    expect(within(tally.refused, start + 3 * 60_000, start + 6 * 60_000)).toBeLessThanOrEqual(15);
    expect(budget.rateOf('slack:T1', 'edit')).toBeGreaterThan(35);
    expect(budget.rateOf('slack:T1', 'edit')).toBeLessThan(80);
  });

  it('learns the limit of native stream calls apart from the limit of edits', async () => {
    const budget = new WorkspaceBudget(45, 60_000, Date.now, { adaptive: true });
    const start = Date.now();
    const streams = demand(budget, 'stream', 30, start + 2 * 60_000, rollingLimit(100, 60_000));
    const edits = demand(budget, 'edit', 5, start + 2 * 60_000);
    await settle(Promise.all([streams.done, edits.done]), 100);
    expect(budget.rateOf('slack:T1', 'stream')).toBeLessThan(160);
    expect(within(streams.tally.accepted, start + 60_000, start + 2 * 60_000)).toBeGreaterThanOrEqual(85);
    expect(budget.rateOf('slack:T1', 'edit')).toBeGreaterThan(1_000);
    expect(edits.tally.refused).toEqual([]);
  });
});
