/** Small helpers every handler uses to write its thread record by compare-and-set. */
import type { StateStore, ThreadRecord, ThreadRecordInput } from './state.js';

/** Writes `changes` over `record` if nobody wrote since it was read; undefined when someone did. */
export function writeRecord(state: StateStore, record: ThreadRecord, changes: Partial<ThreadRecordInput>): Promise<ThreadRecord | undefined> {
  const { version, updatedAt: _updatedAt, ...current } = record;
  return state.compareAndSet(record.thread, version, { ...current, ...changes });
}
