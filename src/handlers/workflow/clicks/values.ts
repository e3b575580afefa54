/**
 * Button, select and form values: `<workflow>:<step>:v<seq>[:<key>]`. They name the step and the step sequence
 * (record/flow.ts `seqOf`) the message was drawn for, never a platform id: the task always comes from the clicked
 * thread's record, so a forged value can at most be refused.
 */
import type { ThreadRecord } from '../../../core/state.js';
import { seqOf } from '../record/flow.js';

export interface StepValue {
  workflow: string;
  step: string;
  /** the step sequence the message was drawn for (before flow.seq, the record's version: the same number) */
  version: number;
  /** what a select option or a per-item button stands for (a reference to remove) */
  key?: string;
}

const NAME = /^[a-z][a-z0-9-]{0,39}$/;
/** keeps a whole value within Slack's 150 characters for an option value */
const MAX_KEY = 50;

export function encodeValue(value: StepValue): string {
  if (!NAME.test(value.workflow) || !NAME.test(value.step)) throw new Error(`bad workflow or step name: ${value.workflow}:${value.step}`);
  if (!Number.isInteger(value.version) || value.version < 0) throw new Error(`bad version ${value.version}`);
  const base = `${value.workflow}:${value.step}:v${value.version}`;
  if (value.key === undefined) return base;
  if (value.key.length === 0 || value.key.length > MAX_KEY) throw new Error(`a value key must be 1-${MAX_KEY} characters`);
  return `${base}:${value.key}`;
}

/** The value's parts, or undefined for anything not made by `encodeValue`. */
export function decodeValue(raw: string): StepValue | undefined {
  const match = /^([a-z][a-z0-9-]{0,39}):([a-z][a-z0-9-]{0,39}):v(\d{1,9})(?::([\s\S]{1,50}))?$/.exec(raw);
  if (!match) return undefined;
  const [, workflow, step, version, key] = match as unknown as [string, string, string, string, string | undefined];
  return key === undefined ? { workflow, step, version: Number(version) } : { workflow, step, version: Number(version), key };
}

/**
 * `ok`: the value belongs to the record as it is now. `stale`: it was drawn for an earlier state of this thread
 * (a second click, an older step's button). `invalid`: it cannot have come from this thread's messages.
 */
export type Verdict = 'ok' | 'stale' | 'invalid';

export function judgeValue(value: StepValue | undefined, record: ThreadRecord, steps: ReadonlySet<string>): Verdict {
  if (!value || value.workflow !== record.workflow || !steps.has(value.step)) return 'invalid';
  const seq = seqOf(record);
  if (value.version > seq) return 'invalid';
  if (value.version < seq) return 'stale';
  return value.step === record.step ? 'ok' : 'invalid';
}
