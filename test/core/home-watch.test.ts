/**
 * The home watch on a real (memory) state store: a thread changing state joins its starter's recent list when it
 * finishes and refreshes their home (debounced), only when this process has shown it; writes that keep the
 * state refresh nothing.
 */
import { describe, expect, it } from 'vitest';
import { parseRecent, recentSetting } from '../../src/core/home.js';
import { homeKey, watchHomes } from '../../src/core/home-watch.js';
import type { ThreadRecordInput, ThreadStatus } from '../../src/core/state.js';
import { threadId } from '../../src/core/thread-id.js';
import { silentLogger } from '../../src/log.js';
import { MemoryStateStore } from '../../src/state/memory-store.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function record(ts: string, status: ThreadStatus, startedBy = 'U1'): ThreadRecordInput {
  return {
    thread: threadId('slack', 'T1', 'C1', ts),
    workflow: 'novelty',
    step: 'review',
    status,
    workspaceId: 'T1',
    startedBy,
    ids: {},
    data: {},
    createdAt: 1,
  };
}

function watched(shown: string[]) {
  const store = new MemoryStateStore();
  const refreshed: string[] = [];
  const state = watchHomes(store, {
    shown: new Set(shown),
    refresh: async (workspaceId, userId) => void refreshed.push(`${workspaceId}:${userId}`),
    logger: silentLogger,
  });
  return { store, state, refreshed };
}

describe('home watch', () => {
  it('lists finished threads newest first for their starter and refreshes the home this process showed', async () => {
    const { state, refreshed } = watched([homeKey('slack', 'T1', 'U1')]);
    const a = record('1.1', 'waiting');
    const b = record('1.2', 'waiting');
    await state.compareAndSet(a.thread, 0, a);
    await state.compareAndSet(b.thread, 0, b);
    await state.compareAndSet(a.thread, 1, { ...a, status: 'done' });
    await state.compareAndSet(b.thread, 1, { ...b, status: 'cancelled' });
    expect(parseRecent(await state.getSetting(recentSetting('slack', 'T1', 'U1')))).toEqual([b.thread, a.thread]);
    await sleep(600);
    // debounced: a burst is one publish unless the machine is slower than the debounce between writes
    expect(refreshed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(refreshed)).toEqual(new Set(['T1:U1']));
  });

  it('refreshes nothing for a write that keeps the state, nor for a user whose home this process never showed', async () => {
    const { state, refreshed } = watched([homeKey('slack', 'T1', 'U1')]);
    const mine = record('2.1', 'active');
    await state.compareAndSet(mine.thread, 0, mine);
    await sleep(600);
    refreshed.length = 0;
    await state.compareAndSet(mine.thread, 1, { ...mine, step: 'next' });
    const theirs = record('2.2', 'active', 'U2');
    await state.compareAndSet(theirs.thread, 0, theirs);
    await state.compareAndSet(theirs.thread, 1, { ...theirs, status: 'failed' });
    await sleep(600);
    expect(refreshed).toEqual([]);
    // the other user's finished thread is still listed for their home
    expect(parseRecent(await state.getSetting(recentSetting('slack', 'T1', 'U2')))).toEqual([theirs.thread]);
  });

  it('leaves a refused write alone', async () => {
    const { state, store } = watched([]);
    const first = record('3.1', 'active');
    await state.compareAndSet(first.thread, 0, first);
    expect(await state.compareAndSet(first.thread, 0, { ...first, status: 'done' })).toBeUndefined();
    expect(await store.getSetting(recentSetting('slack', 'T1', 'U1'))).toBeUndefined();
  });
});
