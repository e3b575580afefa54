/** Everything one relay run shares between its native-stream and message-editing paths. */
import type { Logger } from '../../log.js';
import type { ChatAdapter, MessageRef } from '../adapter.js';
import type { ThreadId } from '../thread-id.js';
import type { WriteKind } from '../outbox/conversation-gate.js';
import type { ComposeContext } from './compose.js';
import type { WorkspaceBudget } from './workspace-budget.js';

export interface RelayContext extends ComposeContext {
  adapter: ChatAdapter;
  thread: ThreadId;
  workspace: string;
  budget: WorkspaceBudget;
  minEditIntervalMs: number;
  /** waits for the conversation's rate windows where the adapter declares some (Teams; Slack's posts), and its pause */
  pace(kind: WriteKind): Promise<void>;
  /** ms until a write of `kind` asking now would be let through by the conversation's windows and pause */
  paceWait(kind: WriteKind): number;
  /**
   * a call got a 429: where the chat limits each conversation (Teams), or this was a post and the chat limits posts
   * per conversation (Slack), every write of that kind into it waits `retryAfterMs`
   */
  rateLimited(retryAfterMs: number, kind: WriteKind): void;
  now: () => number;
  logger: Logger;
  /** the user a native stream is for, when known */
  recipient?: string;
}

/** How a path ended: 'done' means the last content is visible (complete or interrupted, as the reader says). */
export interface PathOutcome {
  status: 'done' | 'gone' | 'failed';
  messages: MessageRef[];
  error?: unknown;
}

/** Rate limits in a row on one call before the relay gives up (each one waits its Retry-After first). */
export const MAX_RATE_LIMITS_IN_A_ROW = 20;
/** Other errors in a row before the relay gives up; they are retried after a short backoff. */
export const MAX_FAILURES_IN_A_ROW = 3;
export const FAILURE_BACKOFF_MS = 250;
