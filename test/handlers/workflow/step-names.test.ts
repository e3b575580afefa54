/**
 * Step names are literals: a transition to a step the workflow does not have does not compile (checked by
 * `tsc --noEmit`, which covers test/: each `@ts-expect-error` below fails the type check if the error goes away),
 * and a stored record naming one is refused on load with what is wrong.
 */
import { markdown } from '../../../src/core/message.js';
import type { ThreadRecord } from '../../../src/core/state.js';
import { threadId } from '../../../src/core/thread-id.js';
import { defineSend, defineStep, type WorkflowDefinition } from '../../../src/handlers/workflow/index.js';
import { loadRecord } from '../../../src/handlers/workflow/record/load.js';
import { RECORD_SCHEMA_VERSION } from '../../../src/handlers/workflow/record/migrations.js';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { probeData, type ProbeData } from './world.js';

type TwoSteps = 'pick' | 'finish';

const pick = defineStep<ProbeData, undefined, string[], TwoSteps>({
  stores: z.array(z.string()),
  review: {
    title: () => 'Pick',
    render: () => [],
    confirm: {
      input: (_result, draft) => draft ?? [],
      send: { operation: 'NOVELTY-REPORT', label: () => 'Picking', run: async () => ({ next: 'finish' }) },
    },
  },
});

const TWO: WorkflowDefinition<ProbeData, TwoSteps> = {
  name: 'two',
  noun: () => 'two steps',
  data: probeData,
  steps: {
    pick,
    finish: defineStep<ProbeData, undefined, never, TwoSteps>({ proceed: () => ({ done: markdown('done') }) }),
  },
  starts: {
    go: {
      step: 'pick',
      send: defineSend<ProbeData, TwoSteps>({ operation: 'NOVELTY-REPORT', label: () => 'Go', run: async () => ({ next: 'pick' }) }),
    },
  },
};

// @ts-expect-error 'finsh' is no step of this workflow
defineSend<ProbeData, TwoSteps>({ operation: 'NOVELTY-REPORT', label: 'Typo', run: async () => ({ next: 'finsh' }) });

const untyped = defineStep<ProbeData, undefined, never>({ proceed: () => ({ next: 'anywhere' }) });
// @ts-expect-error a step typed with any string as its next cannot be put in a workflow with literal step names
const _withUntyped: WorkflowDefinition<ProbeData, TwoSteps> = { ...TWO, steps: { ...TWO.steps, finish: untyped } };

const send = { operation: 'NOVELTY-REPORT', label: 'Picking', run: async () => ({ next: 'finish' as const }) } as const;
// @ts-expect-error a step with an input must say how the record stores it (`stores`)
defineStep<ProbeData, undefined, string[], TwoSteps>({ review: { title: 'Pick', render: () => [], confirm: { input: () => [], send } } });

function stored(step: string, flow: Record<string, unknown>): ThreadRecord {
  return {
    thread: threadId('slack', 'T1', 'C1', '1700.1'),
    workflow: 'two',
    step,
    version: 3,
    status: 'active',
    workspaceId: 'T1',
    startedBy: 'U1',
    ids: {},
    data: { idea: 'a hinge', flow },
    createdAt: 1,
    updatedAt: 2,
  };
}

describe('step names and what a step stores, on load', () => {
  test('a record of a step the workflow has loads, migrated to this format', () => {
    const loaded = loadRecord(TWO, stored('pick', { phase: 'review', draft: ['a'] }));
    expect(loaded).toMatchObject({ ok: true, record: { schemaVersion: RECORD_SCHEMA_VERSION, step: 'pick' } });
  });

  test('a record naming a step the workflow does not have, or storing the wrong shape, is refused with where', () => {
    expect(loadRecord(TWO, stored('finsh', { phase: 'review' }))).toEqual({ ok: false, problem: 'two has no step finsh' });
    expect(loadRecord(TWO, stored('constructor', { phase: 'review' }))).toEqual({ ok: false, problem: 'two has no step constructor' });
    const wrongDraft = loadRecord(TWO, stored('pick', { phase: 'review', draft: [1] }));
    expect(wrongDraft).toMatchObject({ ok: false, problem: expect.stringMatching(/^data\.flow\.draft\.0: /) });
    const pending = { step: 'pick', send: 'confirm', input: 'a', by: 'U1' };
    expect(loadRecord(TWO, stored('pick', { phase: 'send', pending }))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^data\.flow\.pending\.input: /),
    });
    const noData = { ...stored('pick', { phase: 'review' }), data: { flow: { phase: 'review' } } };
    expect(loadRecord(TWO, noData)).toMatchObject({ ok: false, problem: expect.stringMatching(/^data\.idea: /) });
  });
});
