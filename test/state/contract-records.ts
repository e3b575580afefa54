/** Contract: records, compare-and-set, the waiting and open-by-user queries, retention. */
import { expect, it } from 'vitest';
import type { StoreFactory } from './contract.js';
import { manualClock, newThread, recordInput } from './helpers.js';

export function recordsContract(create: StoreFactory): void {
  it('stores, replaces and deletes settings', async () => {
    const store = await create({});
    const key = `apikey:${newThread()}`;
    expect(await store.getSetting(key)).toBeUndefined();
    await store.putSetting(key, 'v1.sealed');
    await store.putSetting(key, 'v1.sealed-again');
    expect(await store.getSetting(key)).toBe('v1.sealed-again');
    await store.putSetting(key, undefined);
    expect(await store.getSetting(key)).toBeUndefined();
  });

  it('returns undefined for a thread it has never seen', async () => {
    const store = await create({});
    expect(await store.get(newThread())).toBeUndefined();
  });

  it('creates a record with expected version 0, setting version and updatedAt, and only once', async () => {
    const clock = manualClock(5_000_000);
    const store = await create({ clock });
    const thread = newThread();
    const created = await store.compareAndSet(thread, 0, recordInput(thread));
    expect(created).toEqual({ ...recordInput(thread), version: 1, updatedAt: 5_000_000 });
    expect(await store.get(thread)).toEqual(created);
    expect(await store.compareAndSet(thread, 0, recordInput(thread, { step: 'other' }))).toBeUndefined();
    expect((await store.get(thread))?.step).toBe('confirm');
  });

  it('updates on the current version and refuses a stale one without changing anything', async () => {
    const clock = manualClock();
    const store = await create({ clock });
    const thread = newThread();
    await store.compareAndSet(thread, 0, recordInput(thread));
    clock.now += 10;
    const updated = await store.compareAndSet(thread, 1, recordInput(thread, { step: 'report', ids: { report_id: 'r9' } }));
    expect(updated).toMatchObject({ version: 2, step: 'report', ids: { report_id: 'r9' }, updatedAt: clock.now });
    const before = await store.get(thread);
    clock.now += 10;
    expect(await store.compareAndSet(thread, 1, recordInput(thread, { step: 'stale' }))).toBeUndefined();
    expect(await store.get(thread)).toEqual(before);
  });

  it('lets exactly one of 50 concurrent writers on the same version win', async () => {
    const store = await create({});
    const thread = newThread();
    await store.compareAndSet(thread, 0, recordInput(thread));
    const attempts = Array.from({ length: 50 }, (_, i) => store.compareAndSet(thread, 1, recordInput(thread, { step: `s${i}` })));
    const winners = (await Promise.all(attempts)).filter((r) => r !== undefined);
    expect(winners).toHaveLength(1);
    expect(await store.get(thread)).toMatchObject({ version: 2, step: winners[0]?.step });
  });

  it('keeps what it stored when a caller mutates a returned record', async () => {
    const store = await create({});
    const thread = newThread();
    const created = await store.compareAndSet(thread, 0, recordInput(thread));
    const read = await store.get(thread);
    if (!created || !read) throw new Error('record missing');
    created.data.selected = ['changed'];
    read.ids.task_id = 'forged';
    expect(await store.get(thread)).toMatchObject({ data: { selected: ['a', 'b'] }, ids: { task_id: 'task-1' } });
  });

  it('refuses a record whose thread differs from the one written', async () => {
    const store = await create({});
    await expect(store.compareAndSet(newThread(), 0, recordInput(newThread()))).rejects.toThrow(/written to/);
  });

  it('lists threads with a recorded wait, and drops them when the wait is cleared', async () => {
    const store = await create({});
    const [waiting, idle] = [newThread(), newThread()];
    const wait = { operation: 'AI35-8', step: 'poll', since: 1 };
    await store.compareAndSet(waiting, 0, recordInput(waiting, { status: 'waiting', wait }));
    await store.compareAndSet(idle, 0, recordInput(idle));
    expect((await store.listWaiting()).map((r) => r.thread)).toEqual([waiting]);
    expect((await store.listWaiting())[0]?.wait).toEqual(wait);
    await store.compareAndSet(waiting, 1, recordInput(waiting, { status: 'active' }));
    expect(await store.listWaiting()).toEqual([]);
  });

  it("lists a user's open threads newest first, leaving out finished ones and other users'", async () => {
    const clock = manualClock();
    const store = await create({ clock });
    const [older, newer, otherUser, otherWorkspace, finished] = [newThread(), newThread(), newThread(), newThread(), newThread()];
    const write = async (thread: typeof older, version: number, overrides: Parameters<typeof recordInput>[1] = {}) => {
      clock.now += 100;
      await store.compareAndSet(thread, version, recordInput(thread, overrides));
    };
    await write(older, 0);
    await write(newer, 0);
    await write(otherUser, 0, { startedBy: 'U2' });
    await write(otherWorkspace, 0, { workspaceId: 'slack:T2' });
    await write(finished, 0);
    await write(finished, 1, { status: 'done' });
    expect((await store.listOpenByUser('slack:T1', 'U1')).map((r) => r.thread)).toEqual([newer, older]);
    await write(older, 1, { step: 'touched' });
    expect((await store.listOpenByUser('slack:T1', 'U1')).map((r) => r.thread)).toEqual([older, newer]);
    expect((await store.listOpenByUser('slack:T1', 'U2')).map((r) => r.thread)).toEqual([otherUser]);
    expect(await store.listOpenByUser('slack:T9', 'U1')).toEqual([]);
  });

  it('expires finished threads older than the retention and keeps the rest', async () => {
    const clock = manualClock(10_000_000);
    const store = await create({ clock, retentionMs: 60_000 });
    const [oldDone, oldFailed, oldActive, recentDone] = [newThread(), newThread(), newThread(), newThread()];
    await store.compareAndSet(oldDone, 0, recordInput(oldDone, { status: 'done' }));
    await store.compareAndSet(oldFailed, 0, recordInput(oldFailed, { status: 'failed', wait: { operation: 'x', step: 'y', since: 1 } }));
    await store.compareAndSet(oldActive, 0, recordInput(oldActive));
    clock.now += 100_000;
    await store.compareAndSet(recentDone, 0, recordInput(recentDone, { status: 'cancelled' }));
    expect(await store.expire(clock.now + 1_000)).toBe(2);
    expect(await store.get(oldDone)).toBeUndefined();
    expect(await store.get(oldFailed)).toBeUndefined();
    expect(await store.listWaiting()).toEqual([]);
    expect(await store.get(oldActive)).toMatchObject({ status: 'active' });
    expect(await store.get(recentDone)).toMatchObject({ status: 'cancelled' });
    expect(await store.expire(clock.now + 1_000)).toBe(0);
  });
}
