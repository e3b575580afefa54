/** What every family's normaliser shares: its signature and the checks of `data` against the schema. */
import type { z } from 'zod';
import { UnexpectedResponseError } from '../errors.js';
import type { StreamEvent, Usage } from '../events.js';

export interface StreamContext {
  operation: string;
  requestId?: string;
}

/**
 * Turns one successful envelope's `data` into events; a `done` event ends the stream. Stateful (one per
 * stream). Throws a PlatformError when the data breaks the contract or reports a failed task.
 */
export type Normalizer = (data: unknown) => StreamEvent[];

export function parseData<S extends z.ZodType>(schema: S, data: unknown, context: StreamContext): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || 'data'}: ${issue.message}`);
  throw new UnexpectedResponseError(context, `stream event: ${issues.join('; ')}`);
}

/** Emits a value only when it differs from the previous one (usage and session ids repeat on every event). */
export function changeTracker<T>(): (value: T) => boolean {
  let previous: string | undefined;
  return (value) => {
    const key = JSON.stringify(value);
    if (key === previous) return false;
    previous = key;
    return true;
  };
}

/** Drops absent numbers; undefined when nothing is left. */
export function compactUsage(usage: Usage): Usage | undefined {
  const entries = Object.entries(usage).filter(([, value]) => typeof value === 'number');
  return entries.length ? (Object.fromEntries(entries) as Usage) : undefined;
}

/** null and undefined become undefined (the schemas are nullish, the events optional). */
export const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;
