/**
 * When and how long to wait before repeating a platform call. Reads are safe to repeat; a create is repeated
 * only when the platform refused it for QPS (nothing was created); a stream only before it started.
 */
import { classifyFailure, mayRepeat } from '../lib/failures.js';
import type { Logger } from '../log.js';
import { PlatformError } from './errors.js';
import type { OperationKind } from './operations.js';

export interface RetryOptions {
  /** total attempts including the first (default 3) */
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** a Retry-After longer than this is not waited: the error goes to the caller, who tells the user when to try (default 15000) */
  maxRetryAfterMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 250, maxDelayMs: 8_000, maxRetryAfterMs: 15_000 };

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  return {
    attempts: Math.max(1, options.attempts ?? DEFAULT_RETRY.attempts),
    baseDelayMs: Math.max(0, options.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs),
    maxDelayMs: Math.max(0, options.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs),
    maxRetryAfterMs: Math.max(0, options.maxRetryAfterMs ?? DEFAULT_RETRY.maxRetryAfterMs),
  };
}

/**
 * Whether an error from an operation of this kind may be retried (before any stream event was delivered): what
 * `classifyFailure` calls transient, and for a create or a stream only what was not performed (a rate limit).
 */
export function shouldRetry(kind: OperationKind, error: unknown): boolean {
  return error instanceof PlatformError && mayRepeat(error, kind === 'read');
}

/**
 * Exponential backoff with full jitter (a random wait between 0 and base * 2^retry, capped), but never shorter
 * than the platform's Retry-After.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, retryAfterMs?: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  const jittered = Math.floor(Math.random() * ceiling);
  return retryAfterMs !== undefined ? Math.max(retryAfterMs, jittered) : jittered;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryContext {
  operation: string;
  kind: OperationKind;
  policy: RetryPolicy;
  logger: Logger;
  signal?: AbortSignal;
}

/** Runs `attempt` until it succeeds, fails in a way that must not be retried, or the attempts are used up. */
export async function withRetry<T>(context: RetryContext, attempt: (attemptNumber: number) => Promise<T>): Promise<T> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (attemptNumber >= context.policy.attempts || !shouldRetry(context.kind, error)) throw error;
      const platformError = error as PlatformError;
      const failure = classifyFailure(error);
      const retryAfterMs = failure.kind === 'transient' ? failure.retryAfterMs : undefined;
      // a long Retry-After is not waited out in silence while the user's answer or step holds its slot
      if (retryAfterMs !== undefined && retryAfterMs > context.policy.maxRetryAfterMs) throw error;
      const delayMs = backoffDelay(attemptNumber - 1, context.policy, retryAfterMs);
      context.logger.warn(
        { operation: context.operation, kind: platformError.kind, requestId: platformError.requestId, attempt: attemptNumber, delayMs },
        'platform call failed, retrying',
      );
      await sleep(delayMs, context.signal);
    }
  }
}
