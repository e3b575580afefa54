/**
 * Waiting in a workspace's answer queue (core/queue-wait.ts over the one-process limits) with fake timers:
 * places told in order, a freed slot goes to the head of the queue, the bound refuses, the deadline and a
 * withdrawal leave the queue, and a place whose waiter died frees itself after its lease.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_LIMITS, type LimitSettings, type WorkScope } from '../../src/core/limits.js';
import { admitOrQueue, type QueuedAdmission, type QueueWait } from '../../src/core/queue-wait.js';
import { MemoryWorkLimits } from '../../src/state/limits-memory.js';

const HOUR = 3_600_000;
const settings = (overrides: Partial<LimitSettings> = {}): LimitSettings => ({
  ...DEFAULT_LIMITS,
  answersPerUser: 2,
  answersPerWorkspace: 2,
  answerQueuePerWorkspace: 2,
  answerQueueWaitMs: 60_000,
  ...overrides,
});
const user = (userId: string): WorkScope => ({ chat: 'slack', workspaceId: 'T1', userId });

describe('the answer queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const waiter = (limits: MemoryWorkLimits, who: string, id: string, extra: Partial<QueueWait> = {}) => {
    const places: number[] = [];
    const result = admitOrQueue(
      limits,
      user(who),
      'answer',
      id,
      HOUR,
      { waitMs: limits.settings.answerQueueWaitMs, leaseMs: 15_000, pollMs: 1_000, onPlace: async (n) => void places.push(n), ...extra },
      () => undefined,
    );
    let settled: QueuedAdmission | undefined;
    void result.then((r) => {
      settled = r;
    });
    return { places, result, settled: () => settled };
  };

  test('past the workspace limit questions wait in order and a freed slot goes to the head', async () => {
    const limits = new MemoryWorkLimits(settings());
    const a = await limits.acquire(user('U1'), 'answer', 'a', HOUR);
    expect((await limits.acquire(user('U2'), 'answer', 'b', HOUR)).ok).toBe(true);
    const c = waiter(limits, 'U3', 'c');
    const d = waiter(limits, 'U4', 'd');
    await vi.advanceTimersByTimeAsync(10);
    expect(c.places).toEqual([0]);
    expect(d.places).toEqual([1]);
    // a newcomer does not jump the queue: the queue (bound 2) is full
    expect(await limits.acquireOrQueue(user('U5'), 'answer', 'e', HOUR, 15_000)).toEqual({ ok: false, reason: 'queue', limit: 2 });
    // waits renew their places: a minute later they are still there
    await vi.advanceTimersByTimeAsync(30_000);
    expect(c.settled()).toBeUndefined();
    if (a.ok) await a.release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(c.settled()).toMatchObject({ ok: true, waited: true });
    expect(d.settled()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(d.places).toEqual([1, 0]);
    const admitted = c.settled();
    if (admitted?.ok) await admitted.release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(d.settled()).toMatchObject({ ok: true, waited: true });
  });

  test('the per-user limit still refuses, and a queued question counts in it', async () => {
    const limits = new MemoryWorkLimits(settings());
    expect((await limits.acquire(user('U1'), 'answer', 'a', HOUR)).ok).toBe(true);
    expect((await limits.acquire(user('U2'), 'answer', 'b', HOUR)).ok).toBe(true);
    const queued = waiter(limits, 'U1', 'a2');
    await vi.advanceTimersByTimeAsync(10);
    expect(queued.places).toEqual([0]);
    expect(await (await waiter(limits, 'U1', 'a3')).result).toEqual({ ok: false, reason: 'user', limit: 2 });
  });

  test('past its deadline a question leaves the queue and the next one moves up', async () => {
    const limits = new MemoryWorkLimits(settings({ answerQueueWaitMs: 5_000 }));
    await limits.acquire(user('U1'), 'answer', 'a', HOUR);
    await limits.acquire(user('U2'), 'answer', 'b', HOUR);
    const c = waiter(limits, 'U3', 'c');
    await vi.advanceTimersByTimeAsync(3_000);
    const d = waiter(limits, 'U4', 'd');
    await vi.advanceTimersByTimeAsync(2_100);
    expect(c.settled()).toEqual({ ok: false, reason: 'timeout', waited: true });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(d.places).toEqual([1, 0]);
  });

  test('a withdrawn question leaves the queue at its next look', async () => {
    const limits = new MemoryWorkLimits(settings());
    await limits.acquire(user('U1'), 'answer', 'a', HOUR);
    await limits.acquire(user('U2'), 'answer', 'b', HOUR);
    let wanted = true;
    const c = waiter(limits, 'U3', 'c', { stillWanted: async () => wanted });
    const d = waiter(limits, 'U4', 'd');
    await vi.advanceTimersByTimeAsync(10);
    wanted = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(c.settled()).toEqual({ ok: false, reason: 'withdrawn', waited: true });
    expect(d.places).toEqual([1, 0]);
  });

  test('the place of a waiter that died frees itself after its lease', async () => {
    const limits = new MemoryWorkLimits(settings());
    await limits.acquire(user('U1'), 'answer', 'a', HOUR);
    await limits.acquire(user('U2'), 'answer', 'b', HOUR);
    // a replica took the place and never looked again
    expect(await limits.acquireOrQueue(user('U3'), 'answer', 'dead', HOUR, 15_000)).toEqual({ ok: false, reason: 'queued', ahead: 0 });
    const d = waiter(limits, 'U4', 'd');
    await vi.advanceTimersByTimeAsync(10);
    expect(d.places).toEqual([1]);
    await vi.advanceTimersByTimeAsync(16_000);
    expect(d.places).toEqual([1, 0]);
  });

  test('a place far back is told paced: every 5 s per question ahead (at least 10 s), at once when next, its latest once the time is up', async () => {
    const limits = new MemoryWorkLimits(settings({ answersPerWorkspace: 1, answerQueuePerWorkspace: 10 }));
    await limits.acquire(user('U0'), 'answer', 'running', HOUR);
    const wanted = new Map<string, boolean>();
    const ahead = ['w0', 'w1', 'w2', 'w3', 'w4', 'w5'].map((id) => {
      wanted.set(id, true);
      return waiter(limits, `U-${id}`, id, { stillWanted: async () => wanted.get(id)! });
    });
    await vi.advanceTimersByTimeAsync(10);
    const last = waiter(limits, 'U9', 'last');
    await vi.advanceTimersByTimeAsync(10);
    expect(last.places).toEqual([6]);
    // the three questions at the head leave, one a second: 5, 4, 3 ahead, each within its 15-25 s
    for (const id of ['w0', 'w1', 'w2']) {
      wanted.set(id, false);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(ahead.slice(0, 3).map((w) => w.settled())).toEqual(Array(3).fill({ ok: false, reason: 'withdrawn', waited: true }));
    expect(last.places).toEqual([6]);
    // standing at 3 ahead, it is told once 15 s passed since it was told 6
    await vi.advanceTimersByTimeAsync(11_000);
    expect(last.places).toEqual([6]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(last.places).toEqual([6, 3]);
    // the rest leave at once: being next is told at the next look
    for (const id of ['w3', 'w4', 'w5']) wanted.set(id, false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(last.places).toEqual([6, 3, 0]);
  });

  test('a freed slot wakes only the head of the queue at once: the others look at their next poll', async () => {
    const limits = new MemoryWorkLimits(settings({ answersPerWorkspace: 1, answerQueuePerWorkspace: 10 }));
    const looks = new Map<string, number>();
    const acquireOrQueue = limits.acquireOrQueue.bind(limits);
    limits.acquireOrQueue = (scope, kind, id, ttlMs, leaseMs) => {
      looks.set(id, (looks.get(id) ?? 0) + 1);
      return acquireOrQueue(scope, kind, id, ttlMs, leaseMs);
    };
    const first = waiter(limits, 'U0', 'first');
    await vi.advanceTimersByTimeAsync(10);
    const queued = ['q0', 'q1', 'q2'].map((id) => waiter(limits, `U-${id}`, id));
    await vi.advanceTimersByTimeAsync(10);
    expect(queued.map((q) => q.places)).toEqual([[0], [1], [2]]);
    looks.clear();
    const running = first.settled();
    if (running?.ok) await running.release();
    await vi.advanceTimersByTimeAsync(10);
    expect(queued[0]!.settled()).toMatchObject({ ok: true, waited: true });
    expect(Object.fromEntries(looks)).toEqual({ q0: 1 });
    // the next one moves up at its poll
    await vi.advanceTimersByTimeAsync(1_000);
    expect(queued[1]!.places).toEqual([1, 0]);
  });

  test('a queue of 0 refuses past the workspace limit as before; a workspace limit of 0 never queues', async () => {
    const none = new MemoryWorkLimits(settings({ answerQueuePerWorkspace: 0 }));
    await none.acquire(user('U1'), 'answer', 'a', HOUR);
    await none.acquire(user('U2'), 'answer', 'b', HOUR);
    expect(await none.acquireOrQueue(user('U3'), 'answer', 'c', HOUR, 15_000)).toEqual({ ok: false, reason: 'workspace', limit: 2 });
    const open = new MemoryWorkLimits(settings({ answersPerWorkspace: 0 }));
    for (const id of ['a', 'b', 'c']) expect((await open.acquireOrQueue(user(id), 'answer', id, HOUR, 15_000)).ok).toBe(true);
  });
});
