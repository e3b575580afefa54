/**
 * Teams text messages as neutral `Incoming` values (pure functions).
 *
 * - Channel: a new post that mentions the bot is a command whose thread is that post's reply chain; other
 *   new posts are ignored. A message inside a reply chain is a reply in that chain's thread, `mentioned` when
 *   it mentions the bot (the router runs a mention as a command when the chain holds no task of the bot's,
 *   and ignores the rest there). Teams delivers channel messages without a mention only to apps granted the
 *   ChannelMessage.Read.Group permission, so without it follow-ups in a chain need a mention.
 * - Group chat: only mentions count; 1:1 chat: no mention needed. A chat is a conversation (../chat-threads.ts):
 *   a message starting with a verb or `new` is a command in a new synthetic thread rooted at it, any other a
 *   reply (addressed to the bot) in the chat's current thread, or a command when the chat has none yet.
 * The bot's mention is removed with botbuilder's `TurnContext.removeRecipientMention`.
 */
import { TurnContext, type Activity } from 'botbuilder';
import type { CommandIncoming, Incoming, ReplyIncoming } from '../../../core/incoming.js';
import { chatTurn } from '../chat-threads.js';
import { channelThreadId, chatThreadId, teamsConversationId } from '../ids.js';
import { localeOf, placeOf, userOf, type TeamsActivity } from './payloads.js';

const mentionsRecipient = (activity: Activity): boolean =>
  TurnContext.getMentions(activity).some((mention) => mention.mentioned?.id === activity.recipient.id);

/** The text with the bot's mention removed, `&nbsp;` and non-breaking spaces as plain spaces, trimmed. */
export function commandText(activity: Activity, mentioned: boolean): string {
  const copy = { ...activity, text: activity.text ?? '' } as Activity;
  const text = mentioned ? (TurnContext.removeRecipientMention(copy) ?? '') : copy.text;
  return text.replace(/&nbsp;|\u00a0/g, ' ').trim();
}

/** What the adapter knows about chats: the verbs that start a thread, and each chat's current thread root. */
export interface ChatContext {
  verbs: ReadonlySet<string>;
  currentThread(conversation: string): string | undefined;
}

const NO_CHAT_CONTEXT: ChatContext = { verbs: new Set(), currentThread: () => undefined };

export function messageToIncoming(raw: Activity, activity: TeamsActivity, chats: ChatContext = NO_CHAT_CONTEXT): Incoming | undefined {
  if (activity.type !== 'message' || activity.id === undefined || activity.from.id === activity.recipient.id) return undefined;
  const place = placeOf(activity);
  const mentioned = mentionsRecipient(raw);
  const base = { eventId: activity.id, user: userOf(activity), workspaceId: place.tenant, ...localeOf(activity) };
  const text = commandText(raw, mentioned);
  const conversation = teamsConversationId(place.tenant, place.conversation);

  if (place.kind === 'channel') {
    const root = place.root ?? activity.replyToId ?? activity.id;
    const thread = channelThreadId(place.tenant, place.conversation, root);
    if (root !== activity.id) return { ...base, kind: 'reply', text, thread, mentioned } satisfies ReplyIncoming;
    return mentioned ? ({ ...base, kind: 'command', text, conversation, thread } satisfies CommandIncoming) : undefined;
  }
  if (place.kind === 'groupChat' && !mentioned) return undefined;
  const current = chats.currentThread(place.conversation);
  const turn = chatTurn(text, chats.verbs, current !== undefined);
  if (turn.kind === 'continue' && current !== undefined) {
    const thread = chatThreadId(place.tenant, place.conversation, current);
    return { ...base, kind: 'reply', text: turn.text, thread, mentioned: true } satisfies ReplyIncoming;
  }
  const thread = chatThreadId(place.tenant, place.conversation, activity.id);
  return { ...base, kind: 'command', text: turn.text, conversation, thread } satisfies CommandIncoming;
}
