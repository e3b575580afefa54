/** Slack Web API failures as the errors the core understands; messages carry Slack's error code, never a token. */
import { webApi } from '@slack/bolt';
import { ChatRateLimitedError, MessageGoneError, type MessageRef } from '../../core/adapter.js';
import { redactSecrets } from '../../log.js';

/** Any other Slack failure: `code` is Slack's error string (`channel_not_found`, `invalid_blocks`, `http_500`, ...). */
export class SlackApiError extends Error {
  constructor(readonly method: string, readonly code: string) {
    super(`Slack ${method} failed: ${code}`);
    this.name = 'SlackApiError';
  }
}

/** When Slack says "rate limited" without saying for how long. */
const DEFAULT_RETRY_AFTER_MS = 1_000;
const GONE_CODES = new Set(['message_not_found', 'cant_update_message']);

interface Failure {
  code?: unknown;
  message?: unknown;
  retryAfter?: unknown;
  statusCode?: unknown;
  data?: { error?: unknown; response_metadata?: { retryAfter?: unknown } };
}

const seconds = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value * 1000 : undefined;

export interface FailureContext {
  method: string;
  /** the Slack team whose rate-limit budget the call spent */
  teamId: string;
  /** set for edits: the message that may be gone */
  ref?: MessageRef;
}

export function toChatError(error: unknown, { method, teamId, ref }: FailureContext): Error {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as Failure;
  if (failure.code === webApi.ErrorCode.RateLimitedError) {
    return new ChatRateLimitedError(seconds(failure.retryAfter) ?? DEFAULT_RETRY_AFTER_MS, teamId);
  }
  if (failure.code === webApi.ErrorCode.PlatformError) {
    const code = String(failure.data?.error ?? 'unknown_error');
    if (code === 'ratelimited' || code === 'rate_limited') {
      return new ChatRateLimitedError(seconds(failure.data?.response_metadata?.retryAfter) ?? DEFAULT_RETRY_AFTER_MS, teamId);
    }
    if (ref !== undefined && GONE_CODES.has(code)) return new MessageGoneError(ref);
    return new SlackApiError(method, code);
  }
  if (failure.code === webApi.ErrorCode.HTTPError) {
    if (failure.statusCode === 429) return new ChatRateLimitedError(DEFAULT_RETRY_AFTER_MS, teamId);
    return new SlackApiError(method, `http_${String(failure.statusCode)}`);
  }
  if (failure.code === webApi.ErrorCode.RequestError) return new SlackApiError(method, 'request_failed');
  // A 429 without a usable Retry-After surfaces as a plain Error from the WebClient.
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  if (/rate limit|Retry header/i.test(message)) return new ChatRateLimitedError(DEFAULT_RETRY_AFTER_MS, teamId);
  return new SlackApiError(method, redactSecrets(message).slice(0, 200));
}
