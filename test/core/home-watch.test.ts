/**
 * The home watch, a hook of the record writer over a real (memory) state store: a thread changing state joins its starter's recent list when it
 * finishes and refreshes their home (debounced), only when this process has shown it; writes that keep the
 * state refresh nothing.
 */
import { describe, expect, it } from 'vitest';
import { parseRecent, recentSetting } from '../../src/core/home.js';
import { homeKey, watchingHomes } from '../../src/core/home-watch.js';
import { RecordWriter } from '../../src/core/records.js';
import type { ThreadRecord, ThreadRecordInput, ThreadStatus } from '../../src/core/state.js';
import { threadId } from '../../src/core/thread-id.js';
import { silentLogger } from '../../src/log.js';
import { MemoryStateStore } from '../../src/state/memory-store.js';
import { NOTHING_TO_HAND_OVER } from '../../src/core/hand-over.js';

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
  const records = RecordWriter.create(store, [
    watchingHomes(store, {
      shown: new Set(shown),
      refresh: async (workspaceId, userId) => void refreshed.push(`${workspaceId}:${userId}`),
      logger: silentLogger,
    }),
  ]);
  // what a handler writes: a first record, then changes over the one it read
  const write = async (input: ThreadRecordInput, ...over: [ThreadRecord | undefined] | []) => {
    if (over.length === 0) return records.create(NOTHING_TO_HAND_OVER, input);
    if (!over[0]) throw new Error('the record to write over was not written');
    return records.update(over[0], input);
  };
  return { store, write, refreshed };
}

describe('home watch', () => {
  it('lists finished threads newest first for their starter and refreshes the home this process showed', async () => {
    const { store, write, refreshed } = watched([homeKey('slack', 'T1', 'U1')]);
    const a = record('1.1', 'waiting');
    const b = record('1.2', 'waiting');
    const a1 = await write(a);
    const b1 = await write(b);
    await write({ ...a, status: 'done' }, a1);
    await write({ ...b, status: 'cancelled' }, b1);
    expect(parseRecent(await store.getSetting(recentSetting('slack', 'T1', 'U1')))).toEqual([b.thread, a.thread]);
    await sleep(600);
    // debounced: a burst is one publish unless the machine is slower than the debounce between writes
    expect(refreshed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(refreshed)).toEqual(new Set(['T1:U1']));
  });

  it('refreshes nothing for a write that keeps the state, nor for a user whose home this process never showed', async () => {
    const { store, write, refreshed } = watched([homeKey('slack', 'T1', 'U1')]);
    const mine = record('2.1', 'active');
    const mine1 = await write(mine);
    await sleep(600);
    refreshed.length = 0;
    await write({ ...mine, step: 'next' }, mine1);
    const theirs = record('2.2', 'active', 'U2');
    const theirs1 = await write(theirs);
    await write({ ...theirs, status: 'failed' }, theirs1);
    await sleep(600);
    expect(refreshed).toEqual([]);
    // the other user's finished thread is still listed for their home
    expect(parseRecent(await store.getSetting(recentSetting('slack', 'T1', 'U2')))).toEqual([theirs.thread]);
  });

  it('leaves a refused write alone', async () => {
    const { write, store } = watched([]);
    const first = record('3.1', 'active');
    const written = await write(first);
    await write({ ...first, step: 'next' }, written);
    // written over the version read before that write: refused, and not listed
    expect(await write({ ...first, status: 'done' }, written)).toBeUndefined();
    expect(await store.getSetting(recentSetting('slack', 'T1', 'U1'))).toBeUndefined();
  });
});
