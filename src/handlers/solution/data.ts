/** What a solution exploration keeps in its thread record, and the small helpers its steps share. */
import { UnexpectedResponseError } from '../../platform/errors.js';
import type { StepContext, WorkflowData } from '../workflow/types.js';

/** AI33's published limit on `solution_issues`. */
export const MAX_PROBLEM_CHARS = 500;

export interface SolutionData extends WorkflowData {
  problem: string;
  lang: 'en' | 'cn';
}

export type SolutionContext = StepContext<SolutionData>;

/** The find-solution task of the thread (from its record, never from a button). */
export function taskIdOf(sc: SolutionContext): string {
  const id = sc.ids.task_id;
  if (!id) throw new Error(`no find-solution task is recorded for ${sc.thread}`);
  return id;
}

export function requireTaskId(operation: string, id: string | null | undefined): string {
  if (!id) throw new UnexpectedResponseError({ operation }, 'no task_id in the answer');
  return id;
}

const TEXT_KEYS = ['content', 'name', 'title', 'text', 'value', 'description'];

/** A platform list item (`recommend[]`, `approaches[]`, `improvements[]` are untyped) as one line of text. */
export function itemText(item: unknown): string {
  if (typeof item === 'string') return item;
  if (typeof item === 'number' || typeof item === 'boolean') return String(item);
  if (item && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    for (const key of TEXT_KEYS) if (typeof record[key] === 'string' && record[key]) return record[key] as string;
    return JSON.stringify(item);
  }
  return '';
}

/** The indices a multi-select ticked, as positions into `list` (anything else is dropped). */
export function tickedPositions(ticked: string[] | undefined, length: number): number[] | undefined {
  if (!ticked) return undefined;
  return [...new Set(ticked.map(Number))].filter((i) => Number.isInteger(i) && i >= 0 && i < length).sort((a, b) => a - b);
}
