/**
 * Opaque, prefixed ids for where a conversation happens: `slack:T1:C1:1712345.678`, `teams:<tenant>:<conversation>`.
 * Parts are percent-encoded so a ':' inside one (Teams conversation ids have them) survives the round trip.
 */
export type ChatPlatform = 'slack' | 'teams' | 'console';

declare const threadBrand: unique symbol;
declare const conversationBrand: unique symbol;
/** A thread: the place where one task's messages go (a Slack thread, a Teams reply chain, a console session). */
export type ThreadId = string & { readonly [threadBrand]: true };
/** A channel, group chat or DM in which threads can be started. */
export type ConversationId = string & { readonly [conversationBrand]: true };

export interface DecodedId {
  platform: ChatPlatform;
  parts: string[];
}

const PLATFORMS: readonly ChatPlatform[] = ['slack', 'teams', 'console'];

function encode(platform: ChatPlatform, parts: readonly string[]): string {
  if (parts.length === 0) throw new Error('an id needs at least one part');
  return [platform, ...parts.map((p) => encodeURIComponent(p))].join(':');
}

export function decodeId(id: string): DecodedId {
  const [platform, ...rest] = id.split(':');
  if (!PLATFORMS.includes(platform as ChatPlatform) || rest.length === 0) throw new Error(`not a thread or conversation id: ${id}`);
  return { platform: platform as ChatPlatform, parts: rest.map((p) => decodeURIComponent(p)) };
}

export const threadId = (platform: ChatPlatform, ...parts: string[]): ThreadId => encode(platform, parts) as ThreadId;
export const conversationId = (platform: ChatPlatform, ...parts: string[]): ConversationId => encode(platform, parts) as ConversationId;
export const platformOf = (id: ThreadId | ConversationId): ChatPlatform => decodeId(id).platform;

/** The scope shared by every thread of one Slack workspace or Teams tenant: rate-limit budgets, API keys. */
export const workspaceOf = (id: ThreadId | ConversationId): string => {
  const { platform, parts } = decodeId(id);
  return `${platform}:${parts[0]}`;
};

/** A thread id is its conversation's parts plus one last part (Slack thread ts, Teams reply chain, console id). */
export const conversationOf = (thread: ThreadId): ConversationId => {
  const { platform, parts } = decodeId(thread);
  return conversationId(platform, ...parts.slice(0, -1));
};
