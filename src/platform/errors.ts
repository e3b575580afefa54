/**
 * One error hierarchy for every way a platform call can fail, built by one factory from the HTTP status and
 * the envelope's error_code. Every error names the operation and carries the platform's message and the
 * request id; none ever carries the API key.
 */
import { redactSecrets } from '../log.js';
import type { ClassifiedError, Failure } from '../lib/failures.js';

export type PlatformErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'quota'
  | 'rate-limited'
  | 'invalid-request'
  | 'service'
  | 'network'
  | 'timeout'
  | 'stream-interrupted'
  | 'task-failed'
  | 'unexpected-response'
  | 'too-large';

/**
 * What each kind of failure is (read by `classifyFailure`, lib/failures.ts): a new kind does not compile until
 * it is decided here. Transient ones are repeated by the client (reads always, a create only when not performed).
 */
const FAILURE_OF: Record<PlatformErrorKind, 'transient' | 'retry-by-user' | 'final'> = {
  unauthorized: 'final',
  forbidden: 'final',
  'not-found': 'final',
  quota: 'final',
  'invalid-request': 'final',
  'rate-limited': 'transient',
  service: 'transient',
  network: 'transient',
  timeout: 'transient',
  'stream-interrupted': 'retry-by-user',
  'task-failed': 'retry-by-user',
  'unexpected-response': 'retry-by-user',
  // the same request may well get a normal answer next time; the client does not repeat it by itself
  'too-large': 'retry-by-user',
};

export interface PlatformErrorInit {
  operation: string;
  status?: number;
  errorCode?: number;
  /** the platform's own message (error_msg) */
  platformMessage?: string;
  requestId?: string;
  retryAfterMs?: number;
  cause?: unknown;
}

export class PlatformError extends Error implements ClassifiedError {
  readonly kind: PlatformErrorKind = 'service';
  readonly operation: string;
  readonly status?: number;
  readonly errorCode?: number;
  readonly platformMessage?: string;
  readonly requestId?: string;
  readonly retryAfterMs?: number;

  constructor(init: PlatformErrorInit, summary: string) {
    const details = [
      init.status !== undefined ? `HTTP ${init.status}` : undefined,
      init.errorCode ? `code ${init.errorCode}` : undefined,
      init.platformMessage ? `"${init.platformMessage}"` : undefined,
    ]
      .filter(Boolean)
      .join(', ');
    super(redactSecrets(`${init.operation}: ${summary}${details ? ` (${details})` : ''}`), init.cause ? { cause: init.cause } : undefined);
    this.name = new.target.name;
    this.operation = init.operation;
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.platformMessage = init.platformMessage === undefined ? undefined : redactSecrets(init.platformMessage);
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
  }

  get failure(): Failure {
    const kind = FAILURE_OF[this.kind];
    if (kind !== 'transient') return { kind };
    // a rate limit is refused before anything is done; a 5xx or a timeout may have done it
    const notPerformed = this.kind === 'rate-limited';
    return this.retryAfterMs === undefined ? { kind, notPerformed } : { kind, notPerformed, retryAfterMs: this.retryAfterMs };
  }

  /** The error for an HTTP status and/or envelope error_code (the code wins when both are known). */
  static generate(init: PlatformErrorInit): PlatformError {
    const code = init.errorCode;
    const status = init.status;
    if (code === 67200003 || code === 67200008 || code === 67200009 || (!code && status === 401)) return new UnauthorizedError(init);
    if (code === 67200004 || (!code && status === 403)) return new ForbiddenError(init);
    if (code === 67200000 || code === 67200001 || code === 67200005) return new QuotaError(init);
    if (code === 67200002 || status === 429) return new RateLimitedError(init);
    if (code === 68300004 || code === 68300007 || code === 68300010 || (!code && status === 400)) return new InvalidRequestError(init);
    if (!code && status === 404) return new NotFoundError(init);
    return new ServiceError(init);
  }
}

export class UnauthorizedError extends PlatformError {
  override readonly kind = 'unauthorized';
  constructor(init: PlatformErrorInit) {
    super(init, 'the API key was rejected');
  }
}
export class ForbiddenError extends PlatformError {
  override readonly kind = 'forbidden';
  constructor(init: PlatformErrorInit) {
    super(init, 'this API key has no permission for this operation');
  }
}
export class NotFoundError extends PlatformError {
  override readonly kind = 'not-found';
  constructor(init: PlatformErrorInit) {
    super(init, 'not found');
  }
}
export class QuotaError extends PlatformError {
  override readonly kind = 'quota';
  constructor(init: PlatformErrorInit) {
    super(init, 'the call quota or balance is used up');
  }
}
export class RateLimitedError extends PlatformError {
  override readonly kind = 'rate-limited';
  constructor(init: PlatformErrorInit) {
    super(init, 'too many requests');
  }
}
export class InvalidRequestError extends PlatformError {
  override readonly kind = 'invalid-request';
  /** `summary` lets the client say the request was refused before sending (zod issues), not by the platform */
  constructor(init: PlatformErrorInit, summary = 'the platform rejected the request') {
    super(init, summary);
  }
}
export class ServiceError extends PlatformError {
  override readonly kind = 'service';
  constructor(init: PlatformErrorInit) {
    super(init, 'the platform failed');
  }
}
export class NetworkError extends PlatformError {
  override readonly kind = 'network';
  constructor(init: PlatformErrorInit) {
    super(init, 'could not reach the platform');
  }
}
export class TimeoutError extends PlatformError {
  override readonly kind = 'timeout';
  constructor(init: PlatformErrorInit) {
    super(init, 'the platform did not answer in time');
  }
}
/** A stream that ended before the platform said it was complete, or that sent something unreadable. */
export class StreamInterruptedError extends PlatformError {
  override readonly kind = 'stream-interrupted';
  constructor(
    init: PlatformErrorInit,
    readonly reason = 'the stream ended before the answer was complete',
  ) {
    super(init, reason);
  }
}
/** A task the platform reports as failed (a poll answered FAILED / 3 / failed). */
export class TaskFailedError extends PlatformError {
  override readonly kind = 'task-failed';
  constructor(init: PlatformErrorInit) {
    super(init, 'the platform task failed');
  }
}
/** A 2xx whose body is not the envelope the contract describes. */
export class UnexpectedResponseError extends PlatformError {
  override readonly kind = 'unexpected-response';
  constructor(
    init: PlatformErrorInit,
    readonly issues = '',
  ) {
    super(init, `unexpected response${issues ? `: ${issues}` : ''}`);
  }
}
/** A response larger than the client reads (a JSON body, one stream event, a whole stream): reading stopped there. */
export class ResponseTooLargeError extends PlatformError {
  override readonly kind = 'too-large';
  constructor(
    init: PlatformErrorInit,
    /** what was too large and its limit, e.g. `the JSON body is larger than 8388608 bytes` */
    readonly limit: string,
  ) {
    super(init, limit);
  }
}
