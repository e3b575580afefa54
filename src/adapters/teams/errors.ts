/**
 * Bot Connector failures as the errors the core understands. Teams asks bots to back off on 429, 412, 502 and
 * 504: those become `ChatRateLimitedError` (Retry-After when given) for the relay to pace the tenant; a 404 on an
 * update means the message is gone. Messages carry the operation, status and Teams' error code, never a
 * token or password (the connector's error objects hold the request, Authorization header included, so they
 * are never passed on or logged).
 */
import { ChatRateLimitedError, MessageGoneError, type MessageRef } from '../../core/adapter.js';
import { redactSecrets } from '../../log.js';

export class TeamsApiError extends Error {
  constructor(readonly operation: string, readonly status: number | undefined, readonly code: string) {
    super(`Teams ${operation} failed: ${status === undefined ? code : `HTTP ${status} ${code}`}`);
    this.name = 'TeamsApiError';
  }
}

const BACK_OFF_STATUSES = new Set([429, 412, 502, 504]);
/** When Teams says "back off" without saying for how long. */
export const DEFAULT_RETRY_AFTER_MS = 1_000;
const MAX_RETRY_AFTER_MS = 5 * 60_000;

export interface FailureContext {
  operation: string;
  /** the tenant whose rate-limit budget the call spent */
  tenant: string;
  /** set for updates: the message that may be gone */
  ref?: MessageRef;
}

interface ConnectorFailure {
  statusCode?: unknown;
  code?: unknown;
  message?: unknown;
  response?: { headers?: { get?: (name: string) => string | undefined } };
}

/** Retry-After as seconds or an HTTP date, in ms. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined;
}

const codeText = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[A-Za-z0-9_.-]{1,80}$/.test(value) ? value : undefined;

export function toChatError(error: unknown, { operation, tenant, ref }: FailureContext): Error {
  if (error instanceof ChatRateLimitedError || error instanceof MessageGoneError || error instanceof TeamsApiError) return error;
  const failure = (typeof error === 'object' && error !== null ? error : {}) as ConnectorFailure;
  const status = typeof failure.statusCode === 'number' ? failure.statusCode : undefined;
  if (status !== undefined && BACK_OFF_STATUSES.has(status)) {
    const header = failure.response?.headers?.get?.('retry-after');
    return new ChatRateLimitedError(retryAfterMs(header) ?? DEFAULT_RETRY_AFTER_MS, tenant);
  }
  if (status === 404 && ref !== undefined) return new MessageGoneError(ref);
  const code = codeText(failure.code);
  if (status !== undefined) return new TeamsApiError(operation, status, code ?? 'error');
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  return new TeamsApiError(operation, undefined, code ?? redactSecrets(message).slice(0, 200));
}
