/**
 * Polls a platform task until it succeeds (its last answer is returned), fails (TaskFailedError), runs past
 * its deadline (TimeoutError) or the caller aborts (AbortError). The wait between polls grows to a ceiling.
 */
import { PlatformError, TaskFailedError, TimeoutError } from './errors.js';
import { abortedByDeadline, abortErrorFor } from './http.js';
import { sleep } from './retry.js';
import type { TaskState } from './task-state.js';

export interface PollOptions<T> {
  state: (data: T) => TaskState;
  /** first wait between polls (default 1000) */
  intervalMs?: number;
  /** the wait grows by half each poll up to this (default 10000) */
  maxIntervalMs?: number;
  /** total time allowed from the first poll */
  deadlineMs: number;
  signal?: AbortSignal;
  /** every answer that says the task is still running */
  onProgress?: (data: T) => void;
  /** names the task in errors */
  operation: string;
}

export async function pollTask<T>(read: (signal: AbortSignal) => Promise<T>, options: PollOptions<T>): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException('the polling deadline passed', 'TimeoutError')), options.deadlineMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  const maxIntervalMs = options.maxIntervalMs ?? 10_000;
  let intervalMs = Math.min(options.intervalMs ?? 1_000, maxIntervalMs);
  const timedOut = (cause?: unknown) =>
    new TimeoutError({
      operation: options.operation,
      platformMessage: `the task did not finish within ${options.deadlineMs} ms`,
      cause: cause instanceof PlatformError ? cause : undefined,
    });
  try {
    for (;;) {
      const data = await read(signal);
      const state = options.state(data);
      if (state === 'succeeded') return data;
      if (state === 'failed') throw new TaskFailedError({ operation: options.operation, platformMessage: failureMessage(data) });
      options.onProgress?.(data);
      await sleep(intervalMs, signal);
      intervalMs = Math.min(maxIntervalMs, Math.ceil(intervalMs * 1.5));
    }
  } catch (error) {
    if (options.signal?.aborted) throw abortedByDeadline(options.signal) ? timedOut(error) : abortErrorFor(options.signal);
    if (deadline.signal.aborted && !(error instanceof TaskFailedError)) throw timedOut(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The platform's own words about a failed task, when its answer carries any. */
function failureMessage(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  for (const field of ['error_msg', 'message', 'msg', 'reason', 'error']) {
    const value = record[field];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}
