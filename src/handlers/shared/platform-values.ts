/** Reading the platform's loosely typed answers: a task id that must be there, untyped list items, ticked positions. */
import { UnexpectedResponseError } from '../../platform/errors.js';

/** The task id an operation returned; a success without one is an unreadable answer. */
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
