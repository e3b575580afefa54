/**
 * The gateway's JSON envelope `{status, error_code, error_msg?, data?}`: a failure is `status: false` or a
 * non-zero error_code, on any HTTP status. Success hands back `data` once the operation's schema accepts it.
 */
import type { z } from 'zod';
import { PlatformError, UnexpectedResponseError } from './errors.js';
import type { OperationSpec } from './operations.js';

export interface ResponseFacts {
  operation: string;
  statusCode: number;
  requestId: string;
  retryAfterMs?: number;
}

interface EnvelopeHead {
  status: boolean;
  error_code: number;
  error_msg?: string;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function envelopeHead(value: unknown): EnvelopeHead | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { status, error_code: errorCode, error_msg: errorMsg } = value as Record<string, unknown>;
  if (typeof status !== 'boolean') return undefined;
  return {
    status,
    error_code: typeof errorCode === 'number' ? errorCode : 0,
    error_msg: typeof errorMsg === 'string' && errorMsg !== '' ? errorMsg : undefined,
  };
}

const isSuccessStatus = (statusCode: number) => statusCode >= 200 && statusCode < 300;

/** The error this response stands for, or undefined when it is a 2xx success envelope. */
export function envelopeFailure(facts: ResponseFacts, json: unknown): PlatformError | undefined {
  const head = envelopeHead(json);
  const failed = !isSuccessStatus(facts.statusCode) || (head !== undefined && (!head.status || head.error_code !== 0));
  if (!failed) return undefined;
  return PlatformError.generate({
    operation: facts.operation,
    status: facts.statusCode,
    errorCode: head?.error_code || undefined,
    platformMessage: head?.error_msg,
    requestId: facts.requestId,
    retryAfterMs: facts.retryAfterMs,
  });
}

/** Summarises zod issues as `path: message; ...` (no input values). */
export function summariseIssues(issues: readonly z.core.$ZodIssue[], limit = 5): string {
  const parts = issues.slice(0, limit).map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`);
  if (issues.length > limit) parts.push(`and ${issues.length - limit} more`);
  return parts.join('; ');
}

/** Turns a complete JSON response into the operation's `data`, or the error it stands for. */
export function unwrapEnvelope(spec: OperationSpec, facts: ResponseFacts, text: string): unknown {
  const json = parseJson(text);
  const failure = envelopeFailure(facts, json);
  if (failure) throw failure;
  const context = { operation: facts.operation, status: facts.statusCode, requestId: facts.requestId };
  if (envelopeHead(json) === undefined) throw new UnexpectedResponseError(context, 'the body is not a JSON envelope');
  const parsed = spec.envelope.safeParse(json);
  if (!parsed.success) throw new UnexpectedResponseError(context, summariseIssues(parsed.error.issues));
  if (parsed.data.data === undefined || parsed.data.data === null) {
    throw new UnexpectedResponseError(context, 'the envelope has no data');
  }
  return parsed.data.data;
}
