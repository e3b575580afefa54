/**
 * Everything wrong with an environment, in one voice: each problem is `NAME: what it must be`, never the value (a
 * misplaced secret must not reach a terminal or a log) and never a validator's own wording.
 */
import type { z } from 'zod';

/** One line for a field the schema refused. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const name = issue.path.map(String).join('.');
  return `${name}: ${whatItMustBe(issue)}`;
}

function whatItMustBe(issue: z.core.$ZodIssue): string {
  // the fields' own messages are already written this way (config-fields.ts); the value they quote is dropped
  if (issue.code === 'custom' || issue.message.startsWith('must ')) return issue.message.replace(/, got ".*"$/s, '');
  switch (issue.code) {
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'url' ? 'must be a URL such as https://example.com' : `must be a valid ${issue.format}`;
    case 'too_small':
      return issue.minimum === 1 ? 'must not be empty' : `must be at least ${String(issue.minimum)} characters`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)} characters`;
    default:
      return 'has a value the bot cannot read';
  }
}

/** The environment without the variables the schema refused: what is left still gets checked against each other. */
export function withoutRefused(env: NodeJS.ProcessEnv, issues: readonly z.core.$ZodIssue[]): NodeJS.ProcessEnv {
  const rest = { ...env };
  for (const issue of issues) if (typeof issue.path[0] === 'string') delete rest[issue.path[0]];
  return rest;
}
