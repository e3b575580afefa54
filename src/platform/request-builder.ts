/**
 * Turns an operation and its validated request into the URL, headers and body the gateway expects:
 * JSON for POST, query parameters for GET, and the key as a bearer header or an `apikey` query parameter.
 */
import { InvalidRequestError } from './errors.js';
import { summariseIssues } from './envelope.js';
import { resolvePath, type OperationId, type OperationSpec } from './operations.js';

export type AuthMode = 'bearer' | 'query';

export interface BuiltRequest {
  url: URL;
  /** the path without query, safe to log */
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface BuildInit {
  baseUrl: string;
  id: OperationId;
  spec: OperationSpec;
  /** the request after validation */
  request: unknown;
  apiKey: string;
  authMode: AuthMode;
  pathOverrides: Partial<Record<string, string>>;
  requestId: string;
  accept: string;
}

/** Checks a request against the operation's schema; nothing is sent when it does not fit. */
export function validateRequest(spec: OperationSpec, request: unknown, requestId: string): unknown {
  const parsed = spec.request.safeParse(request);
  if (parsed.success) return parsed.data;
  throw new InvalidRequestError(
    { operation: spec.id, requestId, platformMessage: summariseIssues(parsed.error.issues) },
    'the request does not match the operation schema and was not sent',
  );
}

function queryValue(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function buildRequest(init: BuildInit): BuiltRequest {
  const path = resolvePath(init.id, init.pathOverrides);
  const url = new URL(init.baseUrl.replace(/\/+$/, '') + path);
  const headers: Record<string, string> = {
    accept: init.accept,
    'x-request-id': init.requestId,
    'user-agent': 'iip-bot',
  };
  if (init.apiKey) {
    if (init.authMode === 'query') url.searchParams.set('apikey', init.apiKey);
    else headers.authorization = `Bearer ${init.apiKey}`;
  }
  if (init.spec.method === 'GET') {
    for (const [name, value] of Object.entries((init.request ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) url.searchParams.set(name, queryValue(value));
    }
    return { url, path, method: 'GET', headers };
  }
  headers['content-type'] = 'application/json';
  return { url, path, method: 'POST', headers, body: JSON.stringify(init.request ?? {}) };
}
