/**
 * Bot Connector failures as the errors the core understands, built by one factory (`teamsChatError`, as
 * `PlatformError.generate` is for the platform). Teams asks bots to back off on 429, 412, 502 and 504: those
 * become `ChatRateLimitedError` (Retry-After when given) for the relay to pace the tenant; a 404 on an update
 * means the message is gone. Messages carry the operation, status and Teams' error code, never a token or
 * password (the connector's error objects hold the request, Authorization header included, so they are never
 * passed on or logged).
 */
import type { MessageRef } from '../../core/adapter.js';
import { ChatError, ChatRateLimitedError, MessageGoneError } from '../../core/chat-errors.js';
import { parseRetryAfter } from '../../lib/retry-after.js';
import { redactSecrets } from '../../log.js';

/** Any other Bot Connector failure: `status` is the HTTP status, `code` Teams' error code (`BotNotInConversationRoster`, ...). */
export class TeamsApiError extends ChatError {
  readonly kind = 'call-failed';

  constructor(
    readonly operation: string,
    readonly status: number | undefined,
    readonly code: string,
  ) {
    // a 5xx, or no answer at all (a dropped connection): Teams may have taken the call
    super(`Teams ${operation} failed: ${status === undefined ? code : `HTTP ${status} ${code}`}`, 'teams', status === undefined || status >= 500);
  }
}

const BACK_OFF_STATUSES = new Set([429, 412, 502, 504]);
/** When Teams says "back off" without saying for how long. */
export const DEFAULT_RETRY_AFTER_MS = 1_000;
/** A Retry-After longer than this is taken as this: the relay never stalls a thread for longer. */
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

const codeText = (value: unknown): string | undefined => (typeof value === 'string' && /^[A-Za-z0-9_.-]{1,80}$/.test(value) ? value : undefined);

/**
 * The one mapping from whatever a Bot Connector call threw to a `ChatError`: a back-off status is
 * `ChatRateLimitedError` (scoped to the tenant), a 404 on an update `MessageGoneError`, anything else
 * `TeamsApiError` with the status and Teams' code. A `ChatError` passes through unchanged.
 */
export function teamsChatError(error: unknown, { operation, tenant, ref }: FailureContext): ChatError {
  if (error instanceof ChatError) return error;
  const failure = (typeof error === 'object' && error !== null ? error : {}) as ConnectorFailure;
  const status = typeof failure.statusCode === 'number' ? failure.statusCode : undefined;
  if (status !== undefined && BACK_OFF_STATUSES.has(status)) {
    const retryAfterMs = parseRetryAfter(failure.response?.headers?.get?.('retry-after'));
    return new ChatRateLimitedError(Math.min(retryAfterMs ?? DEFAULT_RETRY_AFTER_MS, MAX_RETRY_AFTER_MS), tenant, 'teams');
  }
  if (status === 404 && ref !== undefined) return new MessageGoneError(ref);
  const code = codeText(failure.code);
  if (status !== undefined) return new TeamsApiError(operation, status, code ?? 'error');
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  return new TeamsApiError(operation, undefined, code ?? redactSecrets(message).slice(0, 200));
}
