/**
 * The schemas a thread record is checked against when the engine loads it: the engine's own `data.flow`, the
 * workflow's `data`, and for the record's step what it stores (its pending input and its draft). Values are
 * checked, never replaced: a record keeps fields the schemas do not name.
 */
import { z, type ZodType } from 'zod';
import type { ThreadRecord } from '../../../core/state.js';
import type { WorkflowData, WorkflowDefinition } from '../types.js';

// a start's input is undefined, which JSON leaves out: an absent `input` is one
const pendingSchema = z.looseObject({ step: z.string(), send: z.string(), input: z.unknown().optional(), by: z.string() });

/** `data.flow`: where the thread is within its step (record/flow.ts). */
export const flowSchema = z.looseObject({
  phase: z.enum(['send', 'poll', 'review', 'failed', 'done']),
  pending: pendingSchema.optional(),
  draft: z.unknown().optional(),
  message: z.string().optional(),
  posting: z.looseObject({ id: z.string(), tried: z.boolean().optional() }).optional(),
  failure: z.looseObject({ during: z.enum(['send', 'task', 'wait']), text: z.string() }).optional(),
  relayed: z.boolean().optional(),
  seq: z.number().int().nonnegative().optional(),
});

/** "data.flow.pending.input: expected array" from the first issue (paths and kinds only: never the values). */
function firstIssue(where: string, error: z.ZodError): string {
  const issue = error.issues[0];
  const path = [where, ...(issue?.path ?? []).map(String)].join('.');
  return `${path}: ${issue?.message ?? 'invalid'}`;
}

function check(where: string, schema: ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : firstIssue(where, parsed.error);
}

/** The step a name stands for, or undefined for a name the definition does not have. */
const stepNamed = <D extends WorkflowData>(def: WorkflowDefinition<D>, name: string) =>
  Object.hasOwn(def.steps, name) ? def.steps[name] : undefined;

/** What the record stores for `step`: an input is checked with its `stores` schema, or must be absent without one. */
function checkStored<D extends WorkflowData>(def: WorkflowDefinition<D>, step: string, where: string, value: unknown): string | undefined {
  const stores = stepNamed(def, step)?.stores;
  if (value === undefined) return undefined;
  return stores ? check(where, stores, value) : `${where}: the step ${step} stores nothing`;
}

/** Why `record` (already migrated) is not one `def` can run, or undefined when it is. */
export function recordProblem<D extends WorkflowData>(def: WorkflowDefinition<D>, record: ThreadRecord): string | undefined {
  if (record.workflow !== def.name) return `it belongs to the workflow ${record.workflow}, not ${def.name}`;
  if (!stepNamed(def, record.step)) return `${def.name} has no step ${record.step}`;
  const { flow, ...data } = record.data;
  const dataProblem = check('data', def.data, data);
  if (dataProblem) return dataProblem;
  if (flow === undefined) return undefined;
  const flowProblem = check('data.flow', flowSchema, flow);
  if (flowProblem) return flowProblem;
  const { pending, draft } = flowSchema.parse(flow);
  if (pending) {
    if (!stepNamed(def, pending.step)) return `data.flow.pending.step: ${def.name} has no step ${pending.step}`;
    const start = pending.send.startsWith('start:') ? pending.send.slice('start:'.length) : undefined;
    if (start !== undefined && !Object.hasOwn(def.starts, start)) return `data.flow.pending.send: ${def.name} has no start ${start}`;
    if (start === undefined && pending.send !== 'confirm') return `data.flow.pending.send: no send ${pending.send}`;
    // a start's input is its own (starts take none); a confirmation's is what its step stores
    const inputProblem =
      start === undefined
        ? checkStored(def, pending.step, 'data.flow.pending.input', pending.input)
        : pending.input === undefined
          ? undefined
          : 'data.flow.pending.input: a start takes no input';
    if (inputProblem) return inputProblem;
  }
  return checkStored(def, record.step, 'data.flow.draft', draft);
}
