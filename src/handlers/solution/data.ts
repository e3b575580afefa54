/** What a solution exploration keeps in its thread record. */
import type { StepContext, WorkflowData } from '../workflow/index.js';
import { z, type ZodType } from 'zod';

/** AI33's published limit on `solution_issues`. */
export const MAX_PROBLEM_CHARS = 500;

/** Step 1 ticks recommendations, step 2 directions, step 3 shows the solutions. */
export type SolutionStep = 'options' | 'directions' | 'final';

export interface SolutionData extends WorkflowData {
  problem: string;
  lang: 'en' | 'cn';
  /** the starter let anyone in the channel confirm the steps (`--let-others-confirm`) */
  othersMayConfirm?: boolean;
}

export const solutionData: ZodType<SolutionData> = z.looseObject({
  problem: z.string(),
  lang: z.enum(['en', 'cn']),
  othersMayConfirm: z.boolean().optional(),
});

export type SolutionContext = StepContext<SolutionData>;

/** The find-solution task of the thread (from its record, never from a button). */
export function taskIdOf(sc: SolutionContext): string {
  const id = sc.ids.task_id;
  if (!id) throw new Error(`no find-solution task is recorded for ${sc.thread}`);
  return id;
}
