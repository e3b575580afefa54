import { describe, expect, test } from 'vitest';
import { decodeValue, encodeValue, judgeValue } from '../../../src/handlers/workflow/clicks/values.js';
import { mayAct } from '../../../src/handlers/workflow/clicks/permission.js';
import type { ThreadRecord } from '../../../src/core/state.js';
import type { ThreadId } from '../../../src/core/thread-id.js';

const record = (version: number, step = 'features', workflow = 'novelty'): ThreadRecord => ({
  thread: 'slack:T1:C1:1.2' as ThreadId,
  workflow,
  step,
  version,
  status: 'active',
  workspaceId: 'T1',
  startedBy: 'U1',
  ids: { task_id: 'task-1' },
  data: {},
  createdAt: 1,
  updatedAt: 1,
});
const STEPS = new Set(['solution', 'features', 'elements']);

describe('button values', () => {
  test('carry the workflow, the step, the record version and an optional key, and read back the same', () => {
    expect(encodeValue({ workflow: 'novelty', step: 'features', version: 7 })).toBe('novelty:features:v7');
    const withKey = encodeValue({ workflow: 'novelty', step: 'references', version: 12, key: 'CN118289111A:x' });
    expect(withKey).toBe('novelty:references:v12:CN118289111A:x');
    expect(decodeValue(withKey)).toEqual({ workflow: 'novelty', step: 'references', version: 12, key: 'CN118289111A:x' });
    expect(decodeValue('novelty:features:v7')).toEqual({ workflow: 'novelty', step: 'features', version: 7 });
  });

  test('anything not made by encodeValue decodes to nothing', () => {
    for (const garbage of [
      '',
      'features',
      'novelty:features',
      'novelty:features:7',
      'novelty:Features:v7',
      'novelty:features:v-1',
      'novelty:features:v1234567890',
      '{"task_id":"abc"}',
      `novelty:features:v1:${'k'.repeat(51)}`,
      'novelty:features:v1:',
    ]) {
      expect(decodeValue(garbage), garbage).toBeUndefined();
    }
  });

  test('refuse to encode names, versions or keys that would not read back', () => {
    expect(() => encodeValue({ workflow: 'No vel', step: 'x', version: 1 })).toThrow();
    expect(() => encodeValue({ workflow: 'novelty', step: 'x', version: 1.5 })).toThrow();
    expect(() => encodeValue({ workflow: 'novelty', step: 'x', version: 1, key: '' })).toThrow();
  });

  test("are judged against the thread's record: the current step and version, an older one, or not from here", () => {
    const current = record(7);
    const judge = (value: string) => judgeValue(decodeValue(value), current, STEPS);
    expect(judge('novelty:features:v7')).toBe('ok');
    expect(judge('novelty:features:v6')).toBe('stale');
    expect(judge('novelty:solution:v3')).toBe('stale');
    expect(judge('novelty:features:v8')).toBe('invalid');
    expect(judge('novelty:solution:v7')).toBe('invalid');
    expect(judge('novelty:report-x:v7')).toBe('invalid');
    expect(judge('solution:features:v7')).toBe('invalid');
    expect(judge('garbage')).toBe('invalid');
  });
});

describe('who may act', () => {
  test('by default only the user who started the workflow; with confirmers "anyone", everyone in the channel', () => {
    expect(mayAct({ confirmers: 'starter' }, record(1), 'U1')).toBe(true);
    expect(mayAct({ confirmers: 'starter' }, record(1), 'U2')).toBe(false);
    expect(mayAct({ confirmers: 'anyone' }, record(1), 'U2')).toBe(true);
  });
});
