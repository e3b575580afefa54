/**
 * One reading of "is this task done?" across the families' encodings (schema descriptions in openapi.json):
 * `SUCCEED | RUNNING | FAILED` strings (AI33, AI34-3 report_status, AI73), integers 1 running / 2 success /
 * 3 failed (AI32-2, AI35-2/4/6/11, AI39-2 task_status, the older novelty group), lowercase `task_status`
 * strings (AI35-8) and AI32-3 `job_status` 0 pending / 1 exporting / 2 success / 3 failed.
 */
import { silentLogger, type Logger } from '../log.js';
import type { OperationId } from './operations.js';

export type TaskState = 'running' | 'succeeded' | 'failed';

type Encoding = 'words' | 'one-two-three' | 'job-status';

const STATUS_FIELDS: Partial<Record<OperationId, { field: string; encoding: Encoding }>> = {
  'AI32-2': { field: 'status', encoding: 'one-two-three' },
  'AI32-3': { field: 'job_status', encoding: 'job-status' },
  'AI33-2': { field: 'status', encoding: 'words' },
  'AI33-4': { field: 'status', encoding: 'words' },
  'AI33-6': { field: 'status', encoding: 'words' },
  'AI34-3': { field: 'report_status', encoding: 'words' },
  'AI35-2': { field: 'status', encoding: 'one-two-three' },
  'AI35-4': { field: 'status', encoding: 'one-two-three' },
  'AI35-6': { field: 'status', encoding: 'one-two-three' },
  'AI35-8': { field: 'task_status', encoding: 'words' },
  'AI35-11': { field: 'status', encoding: 'one-two-three' },
  'NOVELTY-QUERY': { field: 'status', encoding: 'one-two-three' },
  'NOVELTY-DOWNLOAD': { field: 'status', encoding: 'one-two-three' },
  'AI39-2': { field: 'task_status', encoding: 'one-two-three' },
  'AI73-2': { field: 'status', encoding: 'words' },
  'AI73-4': { field: 'status', encoding: 'words' },
  'AI73-5': { field: 'status', encoding: 'words' },
  'AI73-9': { field: 'status', encoding: 'words' },
};

const WORDS: Record<string, TaskState> = {
  running: 'running',
  pending: 'running',
  waiting: 'running',
  queued: 'running',
  processing: 'running',
  in_progress: 'running',
  created: 'running',
  init: 'running',
  started: 'running',
  succeed: 'succeeded',
  succeeded: 'succeeded',
  success: 'succeeded',
  successful: 'succeeded',
  finished: 'succeeded',
  completed: 'succeeded',
  complete: 'succeeded',
  done: 'succeeded',
  failed: 'failed',
  fail: 'failed',
  failure: 'failed',
  error: 'failed',
  exception: 'failed',
  cancelled: 'failed',
  canceled: 'failed',
};
const ONE_TWO_THREE: Record<number, TaskState> = { 1: 'running', 2: 'succeeded', 3: 'failed' };
const JOB_STATUS: Record<number, TaskState> = { 0: 'running', 1: 'running', 2: 'succeeded', 3: 'failed' };

function decode(encoding: Encoding, value: unknown): TaskState | undefined {
  if (encoding === 'words') return typeof value === 'string' ? WORDS[value.trim().toLowerCase()] : undefined;
  const numeric = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof numeric !== 'number') return undefined;
  return (encoding === 'job-status' ? JOB_STATUS : ONE_TWO_THREE)[numeric];
}

/** Values already reported as unknown, so each is logged once per process. */
const reportedUnknown = new Set<string>();

/**
 * The state a poll answer reports. Operations without a task status (their answer is final) are `succeeded`.
 * An unknown or missing value counts as running, so the caller's deadline decides, and is logged once.
 */
export function taskState(operation: OperationId, data: unknown, logger: Logger = silentLogger): TaskState {
  const encoding = STATUS_FIELDS[operation];
  if (!encoding) return 'succeeded';
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[encoding.field] : undefined;
  const state = decode(encoding.encoding, value);
  if (state) return state;
  const key = `${operation}:${encoding.field}=${JSON.stringify(value) ?? 'undefined'}`;
  if (!reportedUnknown.has(key)) {
    reportedUnknown.add(key);
    logger.warn({ operation, field: encoding.field, value }, 'unknown task status, treating it as running');
  }
  return 'running';
}

/** Whether an operation's answer carries a task status to poll. */
export const hasTaskStatus = (operation: OperationId): boolean => STATUS_FIELDS[operation] !== undefined;
