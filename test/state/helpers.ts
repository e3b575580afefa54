/** Shared pieces of the state store tests: records, a clock tests move by hand, captured logs, temp dirs. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/log.js';
import { threadId, type ThreadId } from '../../src/core/thread-id.js';
import type { ThreadRecordInput } from '../../src/core/state.js';

let threadCounter = 0;
/** A thread id not used by any other test in this process. */
export const newThread = (): ThreadId => threadId('slack', 'T1', 'C1', `${process.pid}.${++threadCounter}.${Math.random()}`);

export function recordInput(thread: ThreadId, overrides: Partial<ThreadRecordInput> = {}): ThreadRecordInput {
  return {
    thread,
    workflow: 'novelty',
    step: 'confirm',
    status: 'active',
    workspaceId: 'slack:T1',
    startedBy: 'U1',
    ids: { task_id: 'task-1' },
    data: { selected: ['a', 'b'] },
    createdAt: 1_000,
    ...overrides,
  };
}

export interface ManualClock {
  now: number;
  (): number;
}

export function manualClock(start = 1_000_000): ManualClock {
  const clock = (() => clock.now) as ManualClock;
  clock.now = start;
  return clock;
}

/** A pino logger (the project's own, with redaction) whose JSON lines are kept for assertions. */
export function capturedLogger(): { logger: Logger; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger('debug', sink);
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, lines };
}

export async function withTempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'iip-state-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Polls `check` until it returns true or `timeoutMs` passes. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000, everyMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A promise with its resolver, to hold something open until the test says so. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
