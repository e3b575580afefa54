/** The relay's public shapes: what a caller passes in and what it gets back. */
import type { Lang } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import type { ConversationGate } from '../outbox/conversation-gate.js';
import type { MessageRef } from '../adapter.js';
import type { Button, OutgoingMessage } from '../message.js';
import type { ThreadId } from '../thread-id.js';

export interface RelayOptions {
  /** least time between two updates of one message; the first and the final text skip it. Default 1000. */
  minEditIntervalMs?: number;
  /** edits one workspace (`workspaceOf(thread)`) may send per window, shared by all its relays. Default 45
   * (Slack chat.update is Tier 3, about 50 a minute). Must be at least 2. It holds back intermediate edits only:
   * first and final text go at once, and the edits they take beyond it are repaid by later intermediate edits. */
  workspaceEditsPerMinute?: number;
  /** the window of `workspaceEditsPerMinute`; default 60000 (tests shorten it) */
  budgetWindowMs?: number;
  /** learn each workspace's edit and native-stream rates from Slack's answers, starting from
   * `workspaceEditsPerMinute` (and twice it for native stream calls): they grow while Slack accepts what the budget
   * held back and are cut on a 429. Default true; false keeps `workspaceEditsPerMinute` fixed. */
  adaptiveBudget?: boolean;
  /** where swallowed adapter errors are reported at debug/warn level; default silent */
  logger?: Logger;
  /** the conversations' pacing, shared with the messenger's outbox; default the adapter's (`gateOf`) */
  gate?: ConversationGate;
}

export interface RenderState {
  /** the stream has ended and this is the last part: add footers and citations now */
  final: boolean;
  /** the stream broke; the relay adds the interruption note and the retry button after the rendered blocks */
  interrupted: boolean;
  /** 0 for the first message of the answer, 1 for its first continuation, ... */
  part: number;
}

export type RenderFn = (text: string, state: RenderState) => OutgoingMessage;

export interface RelayRequest {
  thread: ThreadId;
  deltas: AsyncIterable<string>;
  /** builds the message for the text of one part (a code fence cut between parts arrives closed and reopened);
   * default: one markdown block. May be called more than once for the same text: keep it pure. */
  render?: RenderFn;
  /** shown under the partial text when the stream breaks */
  retry?: Button;
  /** posted at once, before any delta, and replaced by the first text; default none (post on first text) */
  placeholder?: string;
  /** ask for feedback (thumbs up/down) under the complete answer, where the chat has such buttons */
  feedback?: boolean;
  /** the user the answer is for (Slack streams natively into a channel only for one user); the messenger of an event names its user */
  recipient?: string;
  /**
   * the language the answer is in: the relay's own words (the interruption note, an empty answer) are said in it and
   * its messages carry it; a speaking messenger (`Messenger.speaking`) names its own. Default: the workspace default.
   */
  lang?: Lang;
  /**
   * asked before each chat call of the relay (a lease's fence: core/lease.ts); once it rejects, the relay makes no
   * further call into the thread and ends `failed` with a RelayHaltedError
   */
  guard?: () => Promise<void>;
  /** told once, when the answer's text is first in front of the user (the event's first-text delay) */
  shown?: () => void;
}

export type RelayStatus =
  /** the stream ended and its whole text is visible */
  | 'complete'
  /** the stream broke; the partial text is visible, marked, with the retry button */
  | 'interrupted'
  /** the message was deleted, and its replacement too: the relay stopped quietly */
  | 'gone'
  /** the chat platform kept failing (errors or rate limits) and the relay gave up */
  | 'failed';

export interface RelayResult {
  status: RelayStatus;
  /** the whole text received from the stream */
  text: string;
  /** the text of each message, in order; joined they equal `text` */
  parts: string[];
  /** the messages that hold the parts (a deleted message is replaced by its successor) */
  messages: MessageRef[];
  /** the stream's error ('interrupted') or the adapter's last error ('gone', 'failed') */
  error?: unknown;
}
