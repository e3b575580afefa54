/** The AI35 novelty task: what each confirm step stored, and what each step derives from it. */
import type { ComparisonEntry } from '../content/comparison.js';
import { searchFindings } from '../content/comparison.js';
import { extractFeatures, searchElements, summarizeSolution, type SearchElements, type TechFeature } from '../content/novelty.js';
import type { Reply } from '../envelope.js';
import type { Ctx } from './types.js';
import type { NoveltyTask } from '../records.js';

export const solutionOf = (task: NoveltyTask): string => task.techSolution ?? summarizeSolution(task.input);
export const featuresOf = (task: NoveltyTask): TechFeature[] => task.features ?? extractFeatures(solutionOf(task));
export const elementsOf = (task: NoveltyTask): SearchElements => task.elements ?? searchElements(featuresOf(task));
export const findingsOf = (task: NoveltyTask) => searchFindings(solutionOf(task), featuresOf(task), elementsOf(task), task.lang);
export const confirmedResultOf = (task: NoveltyTask): ComparisonEntry[] => task.finalResult ?? findingsOf(task);

type TaskOp = 'AI35-2' | 'AI35-3' | 'AI35-4' | 'AI35-5' | 'AI35-6' | 'AI35-7' | 'AI35-8' | 'AI35-9' | 'AI35-10' | 'AI35-11';

/** The task a request names by task_id, or the invalid-parameter reply for an unknown id. */
export function noveltyTask<K extends TaskOp>(ctx: Ctx<K>): { task: NoveltyTask } | { error: Reply } {
  const task = ctx.state.novelty.get(ctx.body.task_id);
  return task ? { task } : { error: ctx.invalid(`task_id: unknown task ${ctx.body.task_id}`) };
}
