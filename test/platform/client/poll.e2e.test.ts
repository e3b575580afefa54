/** pollTask against the simulator's task clock: success after running answers, failure, deadline, abort. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlatformError, TaskFailedError, TimeoutError } from '../../../src/platform/errors.js';
import { pollTask } from '../../../src/platform/poll.js';
import { taskState } from '../../../src/platform/task-state.js';
import { caught, requestsFor, startHarness, type Harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.sim.clearFaults();
  h.sim.setTaskDuration(0);
});

async function submitNovelty(): Promise<string> {
  const { task_id } = await h.client.call('AI35-1', { input: 'a battery separator coated with ceramic particles', lang: 'en' });
  expect(task_id).toBeTruthy();
  return task_id!;
}

const readSolution = (taskId: string) => (signal: AbortSignal) => h.client.call('AI35-2', { task_id: taskId }, { signal });

describe('pollTask', () => {
  it('returns the answer once the task succeeds, reporting the running answers before it', async () => {
    // long enough that the first poll comes before the end even on a loaded machine
    h.sim.setTaskDuration(400);
    const taskId = await submitNovelty();
    const progress: unknown[] = [];
    const data = await pollTask(readSolution(taskId), {
      operation: 'AI35-2',
      state: (d) => taskState('AI35-2', d),
      intervalMs: 10,
      maxIntervalMs: 40,
      deadlineMs: 5_000,
      onProgress: (d) => progress.push(d.status),
    });
    expect(data.status).toBe(2);
    expect(data.tech_solution).toBeTruthy();
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((s) => s === 1)).toBe(true);
    expect(requestsFor(h.sim, 'AI35-2').filter((r) => (r.body as { task_id: string }).task_id === taskId).length).toBe(progress.length + 1);
  });

  it('turns a failed task into TaskFailedError', async () => {
    const taskId = await submitNovelty();
    h.sim.inject({ kind: 'task-fails', operation: 'AI35-2', times: 1 });
    const error = await caught(() =>
      pollTask(readSolution(taskId), {
        operation: 'AI35-2',
        state: (d) => taskState('AI35-2', d),
        intervalMs: 5,
        deadlineMs: 5_000,
      }),
    );
    expect(error).toBeInstanceOf(TaskFailedError);
    expect((error as PlatformError).kind).toBe('task-failed');
    expect((error as PlatformError).operation).toBe('AI35-2');
  });

  it('stops with TimeoutError at the deadline', async () => {
    h.sim.setTaskDuration(60_000);
    const taskId = await submitNovelty();
    const started = Date.now();
    const error = await caught(() =>
      pollTask(readSolution(taskId), {
        operation: 'AI35-2',
        state: (d) => taskState('AI35-2', d),
        intervalMs: 10,
        deadlineMs: 120,
      }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as PlatformError).platformMessage).toContain('120 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops with an AbortError when the caller aborts', async () => {
    h.sim.setTaskDuration(60_000);
    const taskId = await submitNovelty();
    const controller = new AbortController();
    let polls = 0;
    const error = await caught(() =>
      pollTask(readSolution(taskId), {
        operation: 'AI35-2',
        state: (d) => taskState('AI35-2', d),
        intervalMs: 10,
        deadlineMs: 10_000,
        signal: controller.signal,
        onProgress: () => {
          if (++polls === 2) controller.abort();
        },
      }),
    );
    expect((error as Error).name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(PlatformError);
    expect(polls).toBe(2);
  });

  it('the wait between polls grows up to the ceiling', async () => {
    h.sim.setTaskDuration(60_000);
    const taskId = await submitNovelty();
    const times: number[] = [];
    await caught(() =>
      pollTask(
        async (signal) => {
          times.push(Date.now());
          return readSolution(taskId)(signal);
        },
        {
          operation: 'AI35-2',
          state: (d) => taskState('AI35-2', d),
          intervalMs: 20,
          maxIntervalMs: 45,
          deadlineMs: 1_000,
        },
      ),
    );
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(18);
    expect(gaps[1]).toBeGreaterThanOrEqual(28);
    expect(gaps[3]).toBeGreaterThanOrEqual(43);
    expect(Math.max(...gaps.slice(0, -1))).toBeLessThan(45 + 250);
  });
});
