/**
 * Opaque, prefixed ids for where a conversation happens: `slack:T1:C1:1712345.678`, `teams:<tenant>:<conversation>`.
 * Parts are percent-encoded so a ':' inside one (Teams conversation ids have them) survives the round trip.
 */
/** Which chat a thread lives in (the AI service the bot calls is "the platform"; the chat is never called that). */
export type ChatKind = 'slack' | 'teams' | 'console';

declare const threadBrand: unique symbol;
declare const conversationBrand: unique symbol;
/** A thread: the place where one task's messages go (a Slack thread, a Teams reply chain, a console session). */
export type ThreadId = string & { readonly [threadBrand]: true };
/** A channel, group chat or DM in which threads can be started. */
export type ConversationId = string & { readonly [conversationBrand]: true };

export interface DecodedId {
  chat: ChatKind;
  parts: string[];
}

const CHATS: readonly ChatKind[] = ['slack', 'teams', 'console'];

/** Whether `value` names one of the chats (as a platform call's caller carries it). */
export const isChatKind = (value: string): value is ChatKind => (CHATS as readonly string[]).includes(value);

function encode(chat: ChatKind, parts: readonly string[]): string {
  if (parts.length === 0) throw new Error('an id needs at least one part');
  return [chat, ...parts.map((p) => encodeURIComponent(p))].join(':');
}

export function decodeId(id: string): DecodedId {
  const [chat, ...rest] = id.split(':');
  if (!CHATS.includes(chat as ChatKind) || rest.length === 0) throw new Error(`not a thread or conversation id: ${id}`);
  return { chat: chat as ChatKind, parts: rest.map((p) => decodeURIComponent(p)) };
}

export const threadId = (chat: ChatKind, ...parts: string[]): ThreadId => encode(chat, parts) as ThreadId;
export const conversationId = (chat: ChatKind, ...parts: string[]): ConversationId => encode(chat, parts) as ConversationId;
export const chatOf = (id: ThreadId | ConversationId): ChatKind => decodeId(id).chat;

/** The scope shared by every thread of one Slack workspace or Teams tenant: rate-limit budgets, API keys. */
export const workspaceOf = (id: ThreadId | ConversationId): string => {
  const { chat, parts } = decodeId(id);
  return `${chat}:${parts[0]}`;
};

/** A thread id is its conversation's parts plus one last part (Slack thread ts, Teams reply chain, console id). */
export const conversationOf = (thread: ThreadId): ConversationId => {
  const { chat, parts } = decodeId(thread);
  return conversationId(chat, ...parts.slice(0, -1));
};
