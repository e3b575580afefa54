/** Turns any failure into one short message a user can act on; never a stack trace, never a secret. */
import { formatDuration } from '../i18n/format.js';
import { t } from '../i18n/index.js';
import { redactSecrets } from '../log.js';
import { PlatformError, type PlatformErrorKind } from '../platform/errors.js';

/** One text per platform error kind, in the current language: a new kind does not compile until it has its text here. */
const BY_KIND: Record<PlatformErrorKind, (why?: string) => string> = {
  unauthorized: () => t('core:errors.unauthorized'),
  forbidden: () => t('core:errors.forbidden'),
  'not-found': () => t('core:errors.notFound'),
  quota: () => t('core:errors.quota'),
  'rate-limited': () => t('core:errors.rateLimited'),
  // the platform's own words, as it gave them
  'invalid-request': (why) => (why ? t('core:errors.invalidRequestWhy', { why }) : t('core:errors.invalidRequest')),
  service: () => t('core:errors.service'),
  network: () => t('core:errors.network'),
  timeout: () => t('core:errors.timeout'),
  'stream-interrupted': () => t('core:errors.streamInterrupted'),
  'task-failed': () => t('core:errors.taskFailed'),
  'unexpected-response': () => t('core:errors.unexpectedResponse'),
  'too-large': () => t('core:errors.tooLarge'),
};

/** Kinds where the same request cannot succeed until something else changes (no Retry button). */
const FINAL_KINDS: ReadonlySet<PlatformErrorKind> = new Set(['unauthorized', 'forbidden', 'quota', 'invalid-request', 'not-found']);

export function userMessage(error: unknown): string {
  if (error instanceof PlatformError) {
    // a rate limit that said how long: the user is told when to try again
    const after = error.kind === 'rate-limited' && error.retryAfterMs !== undefined && error.retryAfterMs >= 1_000 ? error.retryAfterMs : undefined;
    const text = after ? t('core:errors.rateLimitedFor', { after: formatDuration(after) }) : BY_KIND[error.kind](error.platformMessage);
    return redactSecrets(error.requestId ? t('core:errors.withRequest', { text, id: error.requestId }) : text);
  }
  return t('core:errors.botSide');
}

/** Whether trying the same thing again can help (shown as a Retry button). */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof PlatformError) || !FINAL_KINDS.has(error.kind);
}
