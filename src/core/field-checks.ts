/** Checks of a submitted form's fields a chat runs before handing the submission on (FormField's `check`). */
import { normalisePublicationNumber } from '../lib/publication-number.js';
import type { FieldCheck } from './message.js';

const READERS: Record<FieldCheck['reads'], (value: string) => unknown> = {
  'publication-number': normalisePublicationNumber,
};

/** Each checked field whose value cannot be read, with its problem; an empty value is left to the handler (and to `optional`). */
export function fieldProblems(
  checks: Readonly<Record<string, FieldCheck>>,
  values: Readonly<Record<string, string | string[]>>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [id, check] of Object.entries(checks)) {
    const value = values[id];
    const text = Array.isArray(value) ? value.join('\n') : (value ?? '');
    if (text.trim() !== '' && READERS[check.reads](text) === undefined) problems[id] = check.problem;
  }
  return problems;
}
