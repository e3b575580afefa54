/** Settings every state store shares, and the record helpers the implementations agree on. */
import type { Logger } from '../log.js';
import { threadId, type ChatKind, type ThreadId } from '../core/thread-id.js';
import type { ThreadRecord, ThreadRecordInput, ThreadStatus } from '../core/state.js';

export const DEFAULT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a lock lives without being extended (Redis); in-process locks die with the process instead. */
export const DEFAULT_LOCK_TTL_MS = 30_000;
export const DEFAULT_LOCK_WAIT_MS = 10_000;

export interface CommonStoreOptions {
  /** how long finished threads (done, failed, cancelled) are kept after their last update */
  retentionMs?: number;
  logger?: Logger;
  /** the time source for `updatedAt` and TTLs; tests inject one */
  clock?: () => number;
}

const ALL_STATUSES: ReadonlySet<ThreadStatus> = new Set<ThreadStatus>(['active', 'waiting', 'done', 'failed', 'cancelled']);

/** The record a successful compare-and-set stores: the caller's input with the next version and a fresh timestamp. */
export function stampRecord(thread: ThreadId, expectedVersion: number, next: ThreadRecordInput, now: number): ThreadRecord {
  if (next.thread !== thread) throw new Error(`record for ${next.thread} written to ${thread}`);
  if (!Number.isInteger(expectedVersion) || expectedVersion < 0) throw new Error(`bad expected version ${expectedVersion}`);
  return { ...next, version: expectedVersion + 1, updatedAt: now };
}

/** The key of the "open threads of one user" index, unambiguous whatever characters the ids contain. */
export const ownerKey = (workspaceId: string, userId: string): string => JSON.stringify([workspaceId, userId]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A shallow shape check of a record read back from storage, enough to tell a valid record from garbage. */
export function isThreadRecord(value: unknown): value is ThreadRecord {
  if (!isObject(value)) return false;
  const { thread, workflow, step, version, status, workspaceId, startedBy, ids, data, createdAt, updatedAt } = value;
  return (
    typeof thread === 'string' &&
    typeof workflow === 'string' &&
    typeof step === 'string' &&
    Number.isInteger(version) &&
    typeof status === 'string' &&
    ALL_STATUSES.has(status as ThreadStatus) &&
    typeof workspaceId === 'string' &&
    typeof startedBy === 'string' &&
    isObject(ids) &&
    isObject(data) &&
    typeof createdAt === 'number' &&
    typeof updatedAt === 'number' &&
    (value.wait === undefined || isObject(value.wait))
  );
}

/** Newest first; ties broken by thread id so the order is stable. */
export const newestFirst = (a: ThreadRecord, b: ThreadRecord): number =>
  b.updatedAt - a.updatedAt || (a.thread < b.thread ? -1 : a.thread > b.thread ? 1 : 0);

/** Whether a thread id belongs to one workspace of one chat (`slack:T1:...` for Slack team T1). */
export function inWorkspace(chat: ChatKind, workspaceId: string): (thread: string) => boolean {
  const prefix = `${threadId(chat, workspaceId)}:`;
  return (thread) => thread.startsWith(prefix);
}

/** The record of `thread` in `text`, or why there is none (unparseable JSON, a foreign shape, another thread's). */
export function parseRecord(thread: ThreadId, text: string): { record: ThreadRecord } | { reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  }
  if (!isThreadRecord(value)) return { reason: 'not a thread record' };
  return value.thread === thread ? { record: value } : { reason: 'the record of another thread' };
}
