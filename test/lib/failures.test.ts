/** The one table of what a failure is (lib/failures.ts), and what the platform client, Retry buttons and texts make of it. */
import { describe, expect, it } from 'vitest';
import { SlackApiError } from '../../src/adapters/slack/errors.js';
import { ChatRateLimitedError, MessageGoneError } from '../../src/core/chat-errors.js';
import { userMessage } from '../../src/core/user-errors.js';
import { failureText } from '../../src/handlers/workflow/engine/messages.js';
import { FormProblem } from '../../src/handlers/workflow/types.js';
import { translatorFor } from '../../src/i18n/index.js';
import { classifyFailure, isRetryable, mayRepeat, UserProblem, type Failure } from '../../src/lib/failures.js';
import {
  ForbiddenError,
  InvalidRequestError,
  NetworkError,
  NotFoundError,
  PlatformError,
  QuotaError,
  RateLimitedError,
  ServiceError,
  StreamInterruptedError,
  TaskFailedError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
} from '../../src/platform/errors.js';
import { shouldRetry } from '../../src/platform/retry.js';

const init = { operation: 'AI35-9' };
const ref = { thread: 'slack:T1:C1:1700000000.000001' as never, messageId: '1700000000.000002' };

const TABLE: [string, unknown, Failure][] = [
  ['a user problem', new UserProblem('Include at least one reference.'), { kind: 'user-problem', message: 'Include at least one reference.' }],
  ['a FormProblem (its older name)', new FormProblem('Give a number.'), { kind: 'user-problem', message: 'Give a number.' }],
  ['a chat rate limit', new ChatRateLimitedError(30_000, 'T1', 'slack'), { kind: 'transient', notPerformed: true, retryAfterMs: 30_000 }],
  [
    'a platform rate limit with Retry-After',
    new RateLimitedError({ ...init, retryAfterMs: 2_000 }),
    { kind: 'transient', notPerformed: true, retryAfterMs: 2_000 },
  ],
  ['a platform rate limit', new RateLimitedError(init), { kind: 'transient', notPerformed: true }],
  ['a platform 5xx', new ServiceError({ ...init, status: 500 }), { kind: 'transient', notPerformed: false }],
  ['a network failure', new NetworkError(init), { kind: 'transient', notPerformed: false }],
  ['a platform timeout', new TimeoutError(init), { kind: 'transient', notPerformed: false }],
  ['a failed task', new TaskFailedError(init), { kind: 'retry-by-user' }],
  ['an interrupted stream', new StreamInterruptedError(init), { kind: 'retry-by-user' }],
  ['an unreadable answer', new UnexpectedResponseError(init), { kind: 'retry-by-user' }],
  ['a rejected key', new UnauthorizedError(init), { kind: 'final' }],
  ['a forbidden operation', new ForbiddenError(init), { kind: 'final' }],
  ['a used-up quota', new QuotaError(init), { kind: 'final' }],
  ['a refused request', new InvalidRequestError(init), { kind: 'final' }],
  ['a task not found', new NotFoundError(init), { kind: 'final' }],
  ['a message gone', new MessageGoneError(ref), { kind: 'retry-by-user' }],
  ["the chat's 5xx (it may have taken the call)", new SlackApiError('chat.postMessage', 'http_500'), { kind: 'transient', notPerformed: false }],
  ["the chat's refusal", new SlackApiError('chat.postMessage', 'channel_not_found'), { kind: 'retry-by-user' }],
  ["the bot's own error", new TypeError('x is undefined'), { kind: 'retry-by-user' }],
  ['a thrown string', 'boom', { kind: 'retry-by-user' }],
];

describe('classifyFailure', () => {
  it.each(TABLE)('%s', (_name, error, expected) => {
    expect(classifyFailure(error)).toEqual(expected);
  });

  it("a Retry button for transient failures and those a Retry may fix; none for final ones or the user's problem", () => {
    for (const [, error, failure] of TABLE) expect(isRetryable(error)).toBe(failure.kind === 'transient' || failure.kind === 'retry-by-user');
  });

  it('repeats by itself: reads on any transient failure, creates only what was not performed', () => {
    expect(mayRepeat(new ServiceError(init), true)).toBe(true);
    expect(mayRepeat(new ServiceError(init), false)).toBe(false);
    expect(mayRepeat(new RateLimitedError(init), false)).toBe(true);
    expect(mayRepeat(new ChatRateLimitedError(1_000, 'T1'), false)).toBe(true);
    expect(mayRepeat(new TaskFailedError(init), true)).toBe(false);
    expect(mayRepeat(new UserProblem('no'), true)).toBe(false);
  });

  it("the platform client's retry rule is the same decision", () => {
    for (const [, error] of TABLE) {
      const platform = error instanceof PlatformError;
      expect(shouldRetry('read', error)).toBe(platform && mayRepeat(error, true));
      expect(shouldRetry('create', error)).toBe(platform && mayRepeat(error, false));
      expect(shouldRetry('stream', error)).toBe(platform && mayRepeat(error, false));
    }
  });
});

describe('what the user is told', () => {
  const en = translatorFor('en');

  it('a chat rate limit says the chat is busy and when it goes on, never that the bot failed', () => {
    const error = new ChatRateLimitedError(30_000, 'T1', 'teams');
    expect(userMessage(error, en)).toBe('The chat is busy with messages right now and takes more in about 30 seconds.');
    const text = failureText('Opening the form', error, en);
    expect(text).toBe(
      'Opening the form is held back: The chat is busy with messages right now and takes more in about 30 seconds. Press Retry then.',
    );
    expect(text).not.toMatch(/bot's side|failed/);
  });

  it('the same in Chinese', () => {
    expect(userMessage(new ChatRateLimitedError(2_000, 'T1'), translatorFor('zh'))).toBe('聊天平台当前消息过多，约 2秒钟后可继续发送。');
  });

  it("a user's problem is its own words; the bot's own error is the bot's side", () => {
    expect(userMessage(new UserProblem('Include at least one reference.'), en)).toBe('Include at least one reference.');
    expect(userMessage(new Error('internal detail'), en)).toBe(
      "Something went wrong on the bot's side. Try again; if it keeps happening, tell the bot's admin.",
    );
  });
});
