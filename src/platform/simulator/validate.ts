/** Request validation: the operation's zod schema, then the documented length limits. */
import { OPERATION_IDS, OPERATIONS, type OperationId } from '../operations.js';

interface Limit {
  field: string;
  max: number;
  unit: 'characters' | 'words';
}

const LIMITS: Partial<Record<OperationId, Limit>> = {
  AI07: { field: 'prompt', max: 500, unit: 'characters' },
  AI20: { field: 'query', max: 16_000, unit: 'characters' },
  'AI32-1': { field: 'tech_solution', max: 5_000, unit: 'words' },
  'AI33-1': { field: 'solution_issues', max: 500, unit: 'characters' },
  P001: { field: 'query_text', max: 1_500, unit: 'characters' },
};

/** Words as the platform counts them: each CJK character is a word, other text splits on spaces. */
function wordCount(text: string): number {
  const cjk = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const other = text
    .replace(/\p{Script=Han}/gu, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return cjk + other;
}

export type Validation = { ok: true; value: unknown } | { ok: false; message: string };

export function validateRequest(operation: OperationId, input: unknown): Validation {
  const parsed = OPERATIONS[operation].request.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'request body';
    return { ok: false, message: `Invalid parameter ${field}: ${issue?.message ?? 'invalid'}` };
  }
  const limit = LIMITS[operation];
  const value = limit ? (parsed.data as Record<string, unknown>)[limit.field] : undefined;
  if (limit && typeof value === 'string') {
    const size = limit.unit === 'words' ? wordCount(value) : Array.from(value).length;
    if (size > limit.max) return { ok: false, message: `Invalid parameter ${limit.field}: no more than ${limit.max} ${limit.unit} (got ${size})` };
  }
  return { ok: true, value: parsed.data };
}

/** Parses once with every request schema so the first real request does not pay for schema compilation. */
export function warmUpValidation(): void {
  for (const id of OPERATION_IDS) OPERATIONS[id].request.safeParse({});
}
