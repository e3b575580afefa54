/**
 * Teams places as neutral ids.
 *
 * - Conversation: `teams:<tenant>:<conversation id>`, the conversation id without any `;messageid=` suffix
 *   (a channel `19:…@thread.tacv2`, a group chat `19:…@thread.v2`, a 1:1 chat `a:…`).
 * - Thread in a channel: `teams:<tenant>:<channel>:<root message id>`, the reply chain Teams addresses as
 *   `<channel>;messageid=<root>`.
 * - Thread in a chat (1:1 or group): chats have no reply chains, so a thread is synthetic: its last part is
 *   `chat-<id of the message that started it>` and its messages simply go into the chat.
 */
import { conversationId, decodeId, threadId, type ConversationId, type ThreadId } from '../../core/thread-id.js';

const CHAT_ROOT_PREFIX = 'chat-';
const MESSAGE_ID_SUFFIX = /;messageid=([^;]+)$/;
/** Channel conversation ids as Teams issues them (`@thread.skype` for older teams). */
const CHANNEL_ID_SHAPE = /@thread\.(tacv2|skype)$/;

export interface TeamsConversation {
  tenant: string;
  /** the conversation id without `;messageid=` */
  conversation: string;
}

export interface TeamsThread extends TeamsConversation {
  /** the reply chain's root message (channels) or the synthetic root of a chat thread */
  root: string;
  /** false for a synthetic chat thread (`chat-…`) */
  replyChain: boolean;
}

/** How messages reach a thread: into a channel reply chain, straight into a chat, or as a new channel post. */
export type ThreadRoute =
  | { mode: 'chain'; target: string }
  | { mode: 'chat'; target: string }
  /** a channel thread whose root is no Teams message (a handler's pseudo-thread such as `…:settings`) */
  | { mode: 'new-post'; target: string };

/** Teams channel message ids are epoch milliseconds. */
const MESSAGE_ID = /^\d+$/;

/** `19:abc@thread.tacv2;messageid=171` → base `19:abc@thread.tacv2`, root `171`. */
export function splitReplyChain(id: string): { base: string; root?: string } {
  const match = MESSAGE_ID_SUFFIX.exec(id);
  if (!match) return { base: id };
  return { base: id.slice(0, match.index), root: match[1] as string };
}

export const looksLikeChannel = (conversation: string): boolean => CHANNEL_ID_SHAPE.test(conversation);

export const teamsConversationId = (tenant: string, conversation: string): ConversationId =>
  conversationId('teams', tenant, splitReplyChain(conversation).base);

export const channelThreadId = (tenant: string, channel: string, root: string): ThreadId =>
  threadId('teams', tenant, splitReplyChain(channel).base, root);

export const chatThreadId = (tenant: string, chat: string, startedBy: string): ThreadId =>
  threadId('teams', tenant, chat, `${CHAT_ROOT_PREFIX}${startedBy}`);

export function teamsConversation(id: ConversationId | ThreadId): TeamsConversation {
  const { chat, parts } = decodeId(id);
  const [tenant, conversation] = parts;
  if (chat !== 'teams' || tenant === undefined || conversation === undefined || parts.length > 3) {
    throw new Error(`not a Teams conversation or thread: ${id}`);
  }
  return { tenant, conversation };
}

export function teamsThread(id: ThreadId): TeamsThread {
  const { tenant, conversation } = teamsConversation(id);
  const last = decodeId(id).parts[2];
  if (last === undefined || last.length === 0) throw new Error(`not a Teams thread: ${id}`);
  if (last.startsWith(CHAT_ROOT_PREFIX)) {
    return { tenant, conversation, root: last.slice(CHAT_ROOT_PREFIX.length), replyChain: false };
  }
  return { tenant, conversation, root: last, replyChain: true };
}

export function routeOf(thread: TeamsThread, isChannel: boolean): ThreadRoute {
  if (!thread.replyChain || !isChannel) return { mode: 'chat', target: thread.conversation };
  if (!MESSAGE_ID.test(thread.root)) return { mode: 'new-post', target: thread.conversation };
  return { mode: 'chain', target: `${thread.conversation};messageid=${thread.root}` };
}
