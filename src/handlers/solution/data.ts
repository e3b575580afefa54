/** What a solution exploration keeps in its thread record. */
import type { StepContext, WorkflowData } from '../workflow/index.js';

/** AI33's published limit on `solution_issues`. */
export const MAX_PROBLEM_CHARS = 500;

export interface SolutionData extends WorkflowData {
  problem: string;
  lang: 'en' | 'cn';
  /** the starter let anyone in the channel confirm the steps (`--let-others-confirm`) */
  othersMayConfirm?: boolean;
}

export type SolutionContext = StepContext<SolutionData>;

/** The find-solution task of the thread (from its record, never from a button). */
export function taskIdOf(sc: SolutionContext): string {
  const id = sc.ids.task_id;
  if (!id) throw new Error(`no find-solution task is recorded for ${sc.thread}`);
  return id;
}
