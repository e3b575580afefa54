/** What an adapter turns a platform event into: one neutral value, verified and acknowledged already. */
import type { ConversationId, ThreadId } from './thread-id.js';

export interface User {
  id: string;
  name?: string;
}

interface Base {
  /** platform event id, for dedupe (Slack event_id, Teams activity id) */
  eventId?: string;
  user: User;
  /** the Slack team / Teams tenant: the scope of API keys and rate-limit budgets */
  workspaceId: string;
  /** the sender's locale when the event carries it (Teams' activity `locale`, e.g. `zh-CN`) */
  locale?: string;
}

/** A file a user shared with the message (Slack `files`); its bytes only through the adapter's `fetchFile`. */
export interface SharedFile {
  id: string;
  name?: string;
  /** as the chat platform declares it; the bytes decide */
  mimeType?: string;
  size?: number;
}

/** `/iip <text>`, a mention, or a direct message that is not inside a known thread. */
export interface CommandIncoming extends Base {
  kind: 'command';
  text: string;
  conversation: ConversationId;
  /** set when the command already lives in a thread (a mention inside a thread, a Teams reply chain) */
  thread?: ThreadId;
  /** Slack's trigger_id of a slash command: a form must be opened with it within 3 s */
  triggerId?: string;
  /** when (epoch ms) `triggerId` stops opening forms (core/deadline.ts) */
  triggerDeadline?: number;
  /** files shared with the message (a mention with an attachment) */
  files?: SharedFile[];
}

/** A reply inside a thread the bot started (follow-up questions, `status`, `cancel`). */
export interface ReplyIncoming extends Base {
  kind: 'reply';
  text: string;
  thread: ThreadId;
  mentioned: boolean;
  /**
   * written in the chat's assistant pane (Slack's AI app threads): addressed to the bot; its first message, or
   * one that starts with a verb, is a command in the thread, any other goes on with what the thread runs
   */
  assistant?: boolean;
  /** files shared with the reply (Slack `file_share`) */
  files?: SharedFile[];
}

/** A button click or a select-menu choice on a bot message. */
export interface ActionIncoming extends Base {
  kind: 'action';
  thread: ThreadId;
  messageId: string;
  action: string;
  value: string;
  /** the state of the message's multi-selects at click time, by block id */
  selections: Record<string, string[]>;
  /** Slack's trigger_id: a form must be opened with it within 3 s */
  triggerId?: string;
  /** when (epoch ms) `triggerId` stops opening forms (core/deadline.ts) */
  triggerDeadline?: number;
}

/** A submitted form. */
export interface FormIncoming extends Base {
  kind: 'form';
  thread: ThreadId;
  action: string;
  value: string;
  fields: Record<string, string | string[]>;
}

export type Incoming = CommandIncoming | ReplyIncoming | ActionIncoming | FormIncoming;
