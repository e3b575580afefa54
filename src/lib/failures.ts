/**
 * The one place that decides what a failure is, for the platform and the chat alike: the user's problem, a
 * transient failure worth repeating by itself, a failure a user's Retry may fix, or a final one.
 */

export type Failure =
  /** the user's to fix: show `message` and return to where they chose; nothing is retried */
  | { kind: 'user-problem'; message: string }
  /**
   * repeating the same request soon may work: `notPerformed` when it was refused before it did anything (a
   * rate limit), so even a create may be repeated; `retryAfterMs` when the other side said how long to wait
   */
  | { kind: 'transient'; notPerformed: boolean; retryAfterMs?: number }
  /** not repeated by itself (it may have done something, or would fail the same way at once); a user's Retry may help */
  | { kind: 'retry-by-user' }
  /** the same request cannot succeed until something else changes (a key, a quota, the request itself) */
  | { kind: 'final' };

/**
 * An error that says what kind of failure it is (`PlatformError` by its kind, `ChatRateLimitedError`,
 * `UserProblem`); `classifyFailure` reads it and decides for every other error.
 */
export interface ClassifiedError extends Error {
  readonly failure: Failure;
}

/**
 * A problem with what the user asked for (an empty selection, a value the platform refuses), raised anywhere in
 * a step: its message is for the user, the step returns to its review and nothing is retried.
 */
export class UserProblem extends Error implements ClassifiedError {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }

  get failure(): Failure {
    return { kind: 'user-problem', message: this.message };
  }
}

const isClassified = (error: unknown): error is ClassifiedError =>
  error instanceof Error && typeof (error as Partial<ClassifiedError>).failure?.kind === 'string';

/** What `error` is: its own classification, else (the bot's own failures, a chat's other failures) one a Retry may fix. */
export function classifyFailure(error: unknown): Failure {
  if (isClassified(error)) return error.failure;
  return { kind: 'retry-by-user' };
}

/** Whether a person pressing Retry can help (a Retry button is shown). */
export function isRetryable(error: unknown): boolean {
  const { kind } = classifyFailure(error);
  return kind === 'transient' || kind === 'retry-by-user';
}

/**
 * Whether the same request may be repeated by itself at once (after a backoff): a transient failure, and for a
 * request that is not safe to repeat (`idempotent` false: a create), only one that was not performed.
 */
export function mayRepeat(error: unknown, idempotent: boolean): boolean {
  const failure = classifyFailure(error);
  return failure.kind === 'transient' && (idempotent || failure.notPerformed);
}

/** The user's problem in `error`, when it is one. */
export function userProblemOf(error: unknown): string | undefined {
  const failure = classifyFailure(error);
  return failure.kind === 'user-problem' ? failure.message : undefined;
}
