/** Slack Web API failures as `ChatError`s, built by one factory (`slackChatError`); messages carry Slack's code, never a token. */
import { webApi } from '@slack/bolt';
import type { MessageRef } from '../../core/adapter.js';
import { ChatError, ChatRateLimitedError, MessageGoneError } from '../../core/chat-errors.js';
import { redactSecrets } from '../../log.js';

/** Any other Slack failure: `code` is Slack's error string (`channel_not_found`, `invalid_blocks`, `http_500`, ...). */
export class SlackApiError extends ChatError {
  readonly kind = 'call-failed';

  constructor(
    readonly method: string,
    readonly code: string,
  ) {
    super(`Slack ${method} failed: ${code}`, 'slack', TRANSIENT_CODE.test(code));
  }
}

/** Slack's answers for a failure on its side, or a call whose answer was lost: it may have taken effect. */
const TRANSIENT_CODE = /^(http_5\d\d|request_failed|internal_error|fatal_error|service_unavailable|request_timeout)$/;

/** When Slack says "rate limited" without saying for how long. */
const DEFAULT_RETRY_AFTER_MS = 1_000;
const RATE_LIMITED_CODES = new Set(['ratelimited', 'rate_limited']);
const GONE_CODES = new Set(['message_not_found', 'cant_update_message']);

interface Failure {
  code?: unknown;
  message?: unknown;
  retryAfter?: unknown;
  statusCode?: unknown;
  data?: { error?: unknown; response_metadata?: { retryAfter?: unknown } };
}

/**
 * The WebClient has already read the Retry-After header into whole seconds (`retryAfter` on its rate-limited
 * error, `response_metadata.retryAfter` on a `ratelimited` platform error); only the unit changes here.
 */
const secondsAsMs = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value * 1000 : undefined;

export interface FailureContext {
  method: string;
  /** the Slack team whose rate-limit budget the call spent */
  teamId: string;
  /** set for edits: the message that may be gone */
  ref?: MessageRef;
}

/**
 * The one mapping from whatever a Slack call threw to a `ChatError`: a 429 or `ratelimited` is
 * `ChatRateLimitedError` (scoped to the team), `message_not_found` on an edit `MessageGoneError`, anything
 * else `SlackApiError` with Slack's code. A `ChatError` passes through unchanged.
 */
export function slackChatError(error: unknown, { method, teamId, ref }: FailureContext): ChatError {
  if (error instanceof ChatError) return error;
  const rateLimited = (retryAfter?: unknown) => new ChatRateLimitedError(secondsAsMs(retryAfter) ?? DEFAULT_RETRY_AFTER_MS, teamId, 'slack');
  const failure = (typeof error === 'object' && error !== null ? error : {}) as Failure;
  if (failure.code === webApi.ErrorCode.RateLimitedError) return rateLimited(failure.retryAfter);
  if (failure.code === webApi.ErrorCode.PlatformError) {
    const code = String(failure.data?.error ?? 'unknown_error');
    if (RATE_LIMITED_CODES.has(code)) return rateLimited(failure.data?.response_metadata?.retryAfter);
    if (ref !== undefined && GONE_CODES.has(code)) return new MessageGoneError(ref);
    return new SlackApiError(method, code);
  }
  if (failure.code === webApi.ErrorCode.HTTPError) {
    if (failure.statusCode === 429) return rateLimited();
    return new SlackApiError(method, `http_${String(failure.statusCode)}`);
  }
  if (failure.code === webApi.ErrorCode.RequestError) return new SlackApiError(method, 'request_failed');
  // A 429 without a usable Retry-After surfaces as a plain Error from the WebClient.
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  if (/rate limit|Retry header/i.test(message)) return rateLimited();
  return new SlackApiError(method, redactSecrets(message).slice(0, 200));
}
