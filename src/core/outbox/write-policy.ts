/**
 * Whether a failed chat write is tried again, and when: the one rule for every write the outbox makes. A rate
 * limit (a 429, or Teams' other back-off answers) is always tried again after its Retry-After, and pauses every
 * write to the conversation meanwhile: the chat did not take the write. A transient failure (a 5xx, a dropped
 * connection) is ambiguous, since the chat may have taken the write before its answer was lost: it is tried again
 * after a backoff only where repeating it cannot show anything twice (an edit, or a post the chat can look up by
 * its write id). Anything else is final. Attempts and the total wait are bounded.
 */
import { ChatError, ChatRateLimitedError } from '../chat-errors.js';

export const MAX_WRITE_ATTEMPTS = 6;
/** no write waits longer than this in all before it fails (a Retry-After beyond it is not waited out) */
export const MAX_WRITE_WAIT_MS = 3 * 60_000;
const BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

export type WriteVerdict = { retry: true; afterMs: number /** the chat asked the whole conversation to wait */; pause: boolean } | { retry: false };

export interface WriteSituation {
  /** the attempt that just failed, 1 for the first */
  attempt: number;
  /** ms waited so far for this write */
  waitedMs: number;
  /** repeating the write after an ambiguous failure cannot show it twice */
  idempotent: boolean;
}

/** Whether `error` is a failure of the chat's side that may pass (5xx, a dropped connection): the adapter says so. */
export const isTransientChatError = (error: unknown): boolean => error instanceof ChatError && error.transient;

export function writeVerdict(error: unknown, { attempt, waitedMs, idempotent }: WriteSituation): WriteVerdict {
  if (attempt >= MAX_WRITE_ATTEMPTS) return { retry: false };
  let verdict: WriteVerdict = { retry: false };
  if (error instanceof ChatRateLimitedError) verdict = { retry: true, afterMs: Math.max(0, error.retryAfterMs), pause: true };
  else if (idempotent && isTransientChatError(error))
    verdict = { retry: true, afterMs: Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** (attempt - 1)), pause: false };
  if (verdict.retry && waitedMs + verdict.afterMs > MAX_WRITE_WAIT_MS) return { retry: false };
  return verdict;
}
