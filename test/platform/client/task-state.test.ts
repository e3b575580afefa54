/** taskState reads every family's status encoding the way the schema descriptions define it. */
import { describe, expect, it } from 'vitest';
import { hasTaskStatus, taskState } from '../../../src/platform/task-state.js';
import type { OperationId } from '../../../src/platform/operations.js';
import { captureLogs } from './helpers.js';

const cases: [OperationId, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>][] = [
  // operation, running answer, succeeded answer, failed answer
  ['AI33-2', { status: 'RUNNING' }, { status: 'SUCCEED' }, { status: 'FAILED' }],
  ['AI33-4', { status: 'RUNNING' }, { status: 'SUCCEED' }, { status: 'FAILED' }],
  ['AI33-6', { status: 'RUNNING' }, { status: 'SUCCEED' }, { status: 'FAILED' }],
  ['AI34-3', { report_status: 'RUNNING' }, { report_status: 'SUCCEED' }, { report_status: 'FAILED' }],
  ['AI73-2', { status: 'RUNNING' }, { status: 'SUCCEED' }, { status: 'FAILED' }],
  ['AI73-4', { status: 'RUNNING' }, { status: 'SUCCEED' }, { status: 'FAILED' }],
  ['AI73-5', { status: 'RUNNING' }, { status: 'SUCCEED' }, { status: 'FAILED' }],
  ['AI73-9', { status: 'RUNNING' }, { status: 'SUCCEED' }, { status: 'FAILED' }],
  ['AI32-2', { status: 1 }, { status: 2 }, { status: 3 }],
  ['AI35-2', { status: 1 }, { status: 2 }, { status: 3 }],
  ['AI35-4', { status: 1 }, { status: 2 }, { status: 3 }],
  ['AI35-6', { status: 1 }, { status: 2 }, { status: 3 }],
  ['AI35-11', { status: 1 }, { status: 2 }, { status: 3 }],
  ['AI39-2', { task_status: 1 }, { task_status: 2 }, { task_status: 3 }],
  ['NOVELTY-QUERY', { status: 1 }, { status: 2 }, { status: 3 }],
  ['NOVELTY-DOWNLOAD', { status: 1 }, { status: 2 }, { status: 3 }],
  ['AI35-8', { task_status: 'running' }, { task_status: 'success' }, { task_status: 'failed' }],
  ['AI32-3', { job_status: 1 }, { job_status: 2 }, { job_status: 3 }],
];

describe('taskState', () => {
  it.each(cases)('%s: running, succeeded, failed', (operation, running, succeeded, failed) => {
    expect(hasTaskStatus(operation)).toBe(true);
    expect(taskState(operation, running)).toBe('running');
    expect(taskState(operation, succeeded)).toBe('succeeded');
    expect(taskState(operation, failed)).toBe('failed');
  });

  it('AI32-3 job_status 0 (pending export) is running; AI35-8 waiting is running', () => {
    expect(taskState('AI32-3', { job_status: 0 })).toBe('running');
    expect(taskState('AI35-8', { task_status: 'waiting' })).toBe('running');
  });

  it('an unknown value is running and logged once per value', () => {
    const { logger, lines } = captureLogs();
    expect(taskState('AI33-2', { status: 'PAUSED_FOR_TEST' }, logger)).toBe('running');
    expect(taskState('AI33-2', { status: 'PAUSED_FOR_TEST' }, logger)).toBe('running');
    expect(taskState('AI39-2', { task_status: 9 }, logger)).toBe('running');
    expect(taskState('AI35-2', {}, logger)).toBe('running');
    const warnings = lines.filter((l) => l.includes('unknown task status'));
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain('PAUSED_FOR_TEST');
  });

  it('operations whose answer is final have no task status and count as succeeded', () => {
    for (const operation of ['P001', 'AI35-1', 'AI73-6', 'AI68-1'] as const) {
      expect(hasTaskStatus(operation)).toBe(false);
      expect(taskState(operation, { anything: true })).toBe('succeeded');
    }
  });
});
