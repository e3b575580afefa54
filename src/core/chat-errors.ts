/** Chat-side failures: one base `ChatError` with a `kind`, the way `PlatformError` has one for the platform's. */
import type { ClassifiedError, Failure } from '../lib/failures.js';
import type { MessageRef } from './adapter.js';
import { chatOf, type ChatKind } from './thread-id.js';

/**
 * What went wrong, in the core's words. Adapters build these from their SDK's errors (Slack:
 * `slackChatError` in adapters/slack/errors.ts; Teams: `teamsChatError` in adapters/teams/errors.ts); the
 * core branches on the class or on `kind`, never on a chat's own error codes.
 *
 * - `rate-limited`: the chat asks to wait (`ChatRateLimitedError.retryAfterMs`); the relay pauses and resends.
 * - `message-gone`: the message to edit no longer exists; the relay posts anew.
 * - `file-too-large`: a shared file is over the size the caller accepts.
 * - `call-failed`: any other failed call: `SlackApiError`, `TeamsApiError`, which carry the chat's own code.
 */
export type ChatErrorKind = 'rate-limited' | 'message-gone' | 'file-too-large' | 'call-failed';

export abstract class ChatError extends Error implements ClassifiedError {
  abstract readonly kind: ChatErrorKind;
  /** the chat whose call failed, when the thrower knows it */
  readonly chat: ChatKind | undefined;
  /**
   * a failure on the chat's side that may pass (a 5xx, a dropped connection): the call may or may not have taken
   * effect. The adapter that builds the error decides; the outbox retries only what cannot show twice.
   */
  readonly transient: boolean;

  protected constructor(message: string, chat?: ChatKind, transient = false) {
    super(message);
    this.name = new.target.name;
    this.chat = chat;
    this.transient = transient;
  }

  /** what `classifyFailure` makes of it: a transient failure may have taken effect; anything else a Retry may fix */
  get failure(): Failure {
    return this.transient ? { kind: 'transient', notPerformed: false } : { kind: 'retry-by-user' };
  }
}

/** The chat a thread id belongs to, or undefined for an id that is not one (test doubles). */
function chatOfRef(ref: MessageRef): ChatKind | undefined {
  try {
    return chatOf(ref.thread);
  } catch {
    return undefined;
  }
}

/** Thrown by `edit`/`post` when the chat platform rate-limits; the relay waits `retryAfterMs` and sends the latest text. */
export class ChatRateLimitedError extends ChatError {
  readonly kind = 'rate-limited';

  /** `scope`: whose budget the call spent (a Slack team, a Teams tenant) */
  constructor(
    readonly retryAfterMs: number,
    readonly scope: string,
    chat?: ChatKind,
  ) {
    super(`chat platform rate limit: retry after ${retryAfterMs} ms`, chat);
  }

  /** the chat refused the call before doing anything: a repeat after `retryAfterMs` is safe */
  override get failure(): Failure {
    return { kind: 'transient', notPerformed: true, retryAfterMs: this.retryAfterMs };
  }
}

/** Thrown by `edit` when the target message no longer exists (deleted by a user). */
export class MessageGoneError extends ChatError {
  readonly kind = 'message-gone';

  constructor(readonly ref: MessageRef) {
    super('the message to edit no longer exists', chatOfRef(ref));
  }
}

/** Thrown by `fetchFile` when the file is larger than the caller accepts. */
export class FileTooLargeError extends ChatError {
  readonly kind = 'file-too-large';

  constructor(
    readonly maxBytes: number,
    readonly size?: number,
    chat?: ChatKind,
  ) {
    super(`the file is larger than ${maxBytes} bytes`, chat);
  }
}

/** Why `readLocalFile` could not read a file on the user's computer: none at the path, no regular file there, or no access. */
export class LocalFileError extends Error {
  constructor(
    readonly reason: 'missing' | 'not-a-file' | 'unreadable',
    readonly path: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'LocalFileError';
  }
}
