/** Turns any failure into one short message a user can act on; never a stack trace, never a secret. */
import { formatDuration } from '../i18n/format.js';
import type { Translate } from '../i18n/index.js';
import { classifyFailure } from '../lib/failures.js';
import { redactSecrets } from '../log.js';
import { PlatformError, type PlatformErrorKind } from '../platform/errors.js';
import { ChatRateLimitedError } from './chat-errors.js';

export { isRetryable } from '../lib/failures.js';

/** One text per platform error kind, said with `t`: a new kind does not compile until it has its text here. */
const BY_KIND: Record<PlatformErrorKind, (t: Translate, why?: string) => string> = {
  unauthorized: (t) => t('core:errors.unauthorized'),
  forbidden: (t) => t('core:errors.forbidden'),
  'not-found': (t) => t('core:errors.notFound'),
  quota: (t) => t('core:errors.quota'),
  'rate-limited': (t) => t('core:errors.rateLimited'),
  // the platform's own words, as it gave them
  'invalid-request': (t, why) => (why ? t('core:errors.invalidRequestWhy', { why }) : t('core:errors.invalidRequest')),
  service: (t) => t('core:errors.service'),
  network: (t) => t('core:errors.network'),
  timeout: (t) => t('core:errors.timeout'),
  'stream-interrupted': (t) => t('core:errors.streamInterrupted'),
  'task-failed': (t) => t('core:errors.taskFailed'),
  'unexpected-response': (t) => t('core:errors.unexpectedResponse'),
  'too-large': (t) => t('core:errors.tooLarge'),
};

/** What the user is told of `error`, in the language of `t`. */
export function userMessage(error: unknown, t: Translate): string {
  const failure = classifyFailure(error);
  if (failure.kind === 'user-problem') return failure.message;
  // the chat holds the bot's messages back for a while: not a failure of the bot's
  if (error instanceof ChatRateLimitedError) return t('core:errors.chatBusy', { after: formatDuration(Math.max(1_000, error.retryAfterMs), t.lang) });
  if (error instanceof PlatformError) {
    // a rate limit that said how long: the user is told when to try again
    const after = error.kind === 'rate-limited' && error.retryAfterMs !== undefined && error.retryAfterMs >= 1_000 ? error.retryAfterMs : undefined;
    const text = after ? t('core:errors.rateLimitedFor', { after: formatDuration(after, t.lang) }) : BY_KIND[error.kind](t, error.platformMessage);
    return redactSecrets(error.requestId ? t('core:errors.withRequest', { text, id: error.requestId }) : text);
  }
  return t('core:errors.botSide');
}
