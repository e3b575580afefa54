/**
 * Each text verb's first platform call, as the every-verb tests of a message shortcut (Slack) and a message action
 * (Teams) check it: the operation, the body field that holds the text, and the language chosen in the form.
 */
import { expect } from 'vitest';
import type { OperationId } from '../../src/platform/operations.js';
import type { RunningSimulator } from '../../src/platform/simulator/types.js';
import { requestErrors } from '../helpers/openapi-validator.js';
import { waitFor } from '../helpers/slack-bot-harness.js';

export interface FirstCall {
  verb: string;
  operation: OperationId;
  field: string;
  /** the language chosen in the form, when the verb takes one */
  lang?: 'en' | 'cn';
}

/** Every text verb but design, with the language each test chooses for the verbs that take one. */
export function firstCalls(langs: { novelty: 'en' | 'cn'; solution: 'en' | 'cn'; material: 'en' | 'cn' }): FirstCall[] {
  return [
    { verb: 'ask', operation: 'AI07', field: 'prompt' },
    { verb: 'pharm', operation: 'AI20', field: 'query' },
    { verb: 'encyclopedia', operation: 'AI68-1', field: 'query' },
    { verb: 'novelty', operation: 'AI35-1', field: 'input', lang: langs.novelty },
    { verb: 'solution', operation: 'AI33-1', field: 'solution_issues', lang: langs.solution },
    { verb: 'report', operation: 'AI34-1', field: 'technical_issues' },
    { verb: 'disclosure', operation: 'AI32-1', field: 'tech_solution' }, // AI32-1 takes no language; AI32-2 does
    { verb: 'material', operation: 'AI73-1', field: 'input', lang: langs.material },
  ];
}

/** The verb's text in the one body `operation` received (the first call; the body valid against openapi.json). */
export async function sentText(bot: { sim: RunningSimulator }, { operation, field, lang }: FirstCall): Promise<unknown> {
  const bodies = () => bot.sim.requests.filter((r) => r.operation === operation).map((r) => r.body as Record<string, unknown>);
  await waitFor(() => bodies().length === 1, operation);
  expect(bot.sim.requests.filter((r) => r.operation !== 'unknown')[0]!.operation).toBe(operation);
  const body = bodies()[0]!;
  expect(requestErrors(operation, body)).toEqual([]);
  if (lang) expect(body.lang).toBe(lang);
  return body[field];
}
