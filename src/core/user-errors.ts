/** Turns any failure into one short message a user can act on; never a stack trace, never a secret. */
import { redactSecrets } from '../log.js';
import { PlatformError, type PlatformErrorKind } from '../platform/errors.js';

/** One text per platform error kind: a new kind does not compile until it has its text here. */
const BY_KIND: Record<PlatformErrorKind, string> = {
  unauthorized: 'The platform rejected the API key. An admin can set a new key (`IIP_API_KEY`).',
  forbidden: 'This API key has no permission for this feature. Ask your platform admin to enable it.',
  'not-found': 'The platform could not find this task any more.',
  quota: 'The platform call quota or balance for this key is used up. Try again once it is topped up.',
  'rate-limited': 'The platform is busy right now. Try again in a moment.',
  'invalid-request': 'The platform did not accept the request',
  service: 'The platform is having trouble right now. Try again in a moment.',
  network: 'The platform could not be reached. Try again in a moment.',
  timeout: 'The platform took too long to answer. Try again in a moment.',
  'stream-interrupted': 'The answer was interrupted.',
  'task-failed': 'The platform could not finish this step.',
  'unexpected-response': 'The platform sent an answer the bot could not read.',
};

/** Kinds where the same request cannot succeed until something else changes (no Retry button). */
const FINAL_KINDS: ReadonlySet<PlatformErrorKind> = new Set(['unauthorized', 'forbidden', 'quota', 'invalid-request', 'not-found']);

export function userMessage(error: unknown): string {
  if (error instanceof PlatformError) {
    let text = BY_KIND[error.kind];
    if (error.kind === 'invalid-request') text += error.platformMessage ? `: ${error.platformMessage}.` : '.';
    return redactSecrets(error.requestId ? `${text} (request ${error.requestId})` : text);
  }
  return "Something went wrong on the bot's side. Try again; if it keeps happening, tell the bot's admin.";
}

/** Whether trying the same thing again can help (shown as a Retry button). */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof PlatformError) || !FINAL_KINDS.has(error.kind);
}
