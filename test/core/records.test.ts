/**
 * The record writer over a real (memory) state store and inbox: its hooks run in the order given and only a
 * write that succeeded is told to them; a record gets the language its writer speaks; the write given an event's
 * hand-over token notes it in the inbox entry and marks the entry done, a write without it leaves the entry
 * pending; a status watcher is told once, of the status it waits for.
 */
import { describe, expect, it } from 'vitest';
import { handOverOf, NOTHING_TO_HAND_OVER } from '../../src/core/hand-over.js';
import { inboxHandOver } from '../../src/core/intake.js';
import type { InboxEntry } from '../../src/core/inbox.js';
import { keepingLanguage } from '../../src/core/language.js';
import { RecordWriter, type RecordHook } from '../../src/core/records.js';
import type { ThreadRecord, ThreadRecordInput } from '../../src/core/state.js';
import { threadId } from '../../src/core/thread-id.js';
import { MemoryInbox } from '../../src/state/inbox-memory.js';
import { MemoryStateStore } from '../../src/state/memory-store.js';

const THREAD = threadId('slack', 'T1', 'C1', '1.1');
const input: ThreadRecordInput = {
  thread: THREAD,
  workflow: 'novelty',
  step: 'features',
  status: 'waiting',
  workspaceId: 'T1',
  startedBy: 'U1',
  ids: {},
  data: {},
  createdAt: 1,
};

/** A hook that writes down what it sees, by its name. */
const noting = (name: string, seen: string[]): RecordHook => ({
  name,
  complete: (write) => {
    seen.push(`${name}: complete`);
    return write.next;
  },
  before: async () => void seen.push(`${name}: before`),
  after: (record) => void seen.push(`${name}: after v${record.version}`),
});

describe('the record writer', () => {
  it('runs its hooks in the order given, and tells them of a write only when it succeeded', async () => {
    const seen: string[] = [];
    const records = RecordWriter.create(new MemoryStateStore(), [noting('first', seen), noting('second', seen)]);
    const written = await records.create(NOTHING_TO_HAND_OVER, input);
    expect(seen).toEqual(['first: complete', 'second: complete', 'first: before', 'second: before', 'first: after v1', 'second: after v1']);
    seen.length = 0;
    await records.update(written!, { step: 'references' });
    // a write over a version read before that one is refused: no hook hears of a write
    expect(await records.update(written!, { status: 'cancelled' })).toBeUndefined();
    expect(seen.filter((line) => line.includes('after'))).toEqual(['first: after v2', 'second: after v2']);
  });

  it('gives a record written without a language the one its writer speaks, and keeps one it has', async () => {
    const state = new MemoryStateStore();
    const records = RecordWriter.create(state, [keepingLanguage]);
    const chinese = await records.speaking('zh').create(NOTHING_TO_HAND_OVER, input);
    expect(chinese?.language).toBe('zh');
    // later work in another language does not change the thread's
    expect((await records.speaking('en').update(chinese!, { step: 'references' }))?.language).toBe('zh');
    const unspoken = await records.create(NOTHING_TO_HAND_OVER, { ...input, thread: threadId('slack', 'T1', 'C1', '1.2') });
    expect(unspoken?.language).toBeUndefined();
  });

  it('hands an event over with the write given its token, and only with that one', async () => {
    const inbox = new MemoryInbox();
    const entry: InboxEntry = {
      id: 'slack:Ev1',
      chat: 'slack',
      incoming: { kind: 'command', text: 'novelty x', user: { id: 'U1' }, workspaceId: 'T1' } as InboxEntry['incoming'],
      receivedAt: Date.now(),
    };
    await inbox.record(entry);
    const notes: Array<InboxEntry['handover']> = [];
    const handOver = handOverOf(
      entry.id,
      undefined,
      async (thread, version) => {
        notes.push({ thread, version });
        await inbox.handingOver(entry.id, { thread, version });
      },
      () => inbox.done(entry.id),
    );
    const records = RecordWriter.create(new MemoryStateStore(), [inboxHandOver]);
    const other = await records.create(NOTHING_TO_HAND_OVER, { ...input, thread: threadId('slack', 'T1', 'C1', '1.3') });
    // a write without the token neither hands the event over nor stamps its record
    expect((await records.update(other!, { step: 'references' }))?.handedOver).toBeUndefined();
    expect(await inbox.pendingEntry(entry.id)).toBeDefined();
    expect(handOver.done).toBe(false);

    const written = await records.create(handOver, input);
    expect(notes).toEqual([{ thread: THREAD, version: 0 }]);
    expect(handOver.done).toBe(true);
    // the write that took the event over carries its stamp
    expect(written?.handedOver).toEqual([entry.id]);
    expect(await inbox.pendingEntry(entry.id)).toBeUndefined();
    // once handed over, a later write with the same token notes nothing more
    const later = await records.update(written!, { step: 'references' }, { handOver });
    expect(notes).toHaveLength(1);
    expect(later?.handedOver).toEqual([entry.id]);
  });

  it('does not hand over when the write is refused', async () => {
    const inbox = new MemoryInbox();
    const entry: InboxEntry = {
      id: 'slack:Ev2',
      chat: 'slack',
      incoming: { kind: 'command', text: 'x', user: { id: 'U1' }, workspaceId: 'T1' } as InboxEntry['incoming'],
      receivedAt: Date.now(),
    };
    await inbox.record(entry);
    const handOver = handOverOf(
      entry.id,
      undefined,
      (thread, version) => inbox.handingOver(entry.id, { thread, version }),
      () => inbox.done(entry.id),
    );
    const records = RecordWriter.create(new MemoryStateStore(), [inboxHandOver]);
    await records.create(NOTHING_TO_HAND_OVER, input);
    // the thread was started twice at once: this one's record is refused, its event stays to be finished by its handler
    expect(await records.create(handOver, input)).toBeUndefined();
    expect(handOver.done).toBe(false);
    expect((await inbox.pendingEntry(entry.id))?.handover).toEqual({ thread: THREAD, version: 0 });
  });

  it('tells a status watcher once, of the status it waits for; a newer watch replaces it, and a forgotten one hears nothing', async () => {
    const records = RecordWriter.create(new MemoryStateStore(), []);
    const told: string[] = [];
    const watch = (name: string) => (record: ThreadRecord) => void told.push(`${name}: ${record.status} v${record.version}`);
    let record = (await records.create(NOTHING_TO_HAND_OVER, input))!;
    records.watch(THREAD, 'cancelled', watch('old'));
    records.watch(THREAD, 'cancelled', watch('review'));
    record = (await records.update(record, { status: 'active' }))!;
    expect(told).toEqual([]);
    record = (await records.speaking('zh').update(record, { status: 'cancelled' }))!;
    expect(told).toEqual(['review: cancelled v3']);
    await records.update(record, { status: 'cancelled', step: 'again' });
    expect(told).toHaveLength(1);

    const other = (await records.create(NOTHING_TO_HAND_OVER, { ...input, thread: threadId('slack', 'T1', 'C1', '2.1') }))!;
    records.watch(other.thread, 'cancelled', watch('ended'));
    records.forget(other.thread);
    await records.update(other, { status: 'cancelled' });
    expect(told).toHaveLength(1);
  });
});
