/** Slash commands and Events API callbacks as neutral `Incoming` values (pure functions). */
import type { CommandIncoming, Incoming, ReplyIncoming, SharedFile } from '../../../core/incoming.js';
import { conversationId, threadId } from '../../../core/thread-id.js';
import { rememberOrigin } from '../command-scope.js';
import { triggerDeadline } from './trigger.js';
import { EventCallbackBody, SlashCommandBody, unescaped, type MessageLikeEvent } from './payloads.js';

/** Message subtypes that are still a person writing (a reply also sent to the channel, a reply with a file). */
const HUMAN_SUBTYPES = new Set(['thread_broadcast', 'file_share']);

export function commandToIncoming(body: unknown): CommandIncoming {
  const command = SlashCommandBody.parse(body);
  const user = command.user_name ? { id: command.user_id, name: command.user_name } : { id: command.user_id };
  const incoming: CommandIncoming = {
    kind: 'command',
    eventId: `command:${command.trigger_id}`,
    user,
    workspaceId: command.team_id,
    text: unescaped(command.text.trim()),
    conversation: conversationId('slack', command.team_id, command.channel_id),
    triggerId: command.trigger_id,
    triggerDeadline: triggerDeadline(),
  };
  if (command.response_url) {
    const { response_url: responseUrl, team_id: teamId, channel_id: channelId, user_id: userId } = command;
    rememberOrigin(incoming, { responseUrl, teamId, channelId, userId, text: incoming.text });
  }
  return incoming;
}

/** Removes mentions of the bot (`<@U123>` or `<@U123|name>`); without its id, a leading mention. */
export function stripBotMention(text: string, botUserId: string | undefined): string {
  const mention = botUserId ? new RegExp(`<@${botUserId}(\\|[^>]*)?>[ \\t]?`, 'g') : /^\s*<@[A-Z0-9]+(\|[^>]*)?>[ \t]?/;
  return text.replace(mention, '').trim();
}

function sharedFiles(event: MessageLikeEvent): { files?: SharedFile[] } {
  if (!event.files?.length) return {};
  return {
    files: event.files.map((f) => ({
      id: f.id,
      ...(f.name ? { name: f.name } : {}),
      ...(f.mimetype ? { mimeType: f.mimetype } : {}),
      ...(typeof f.size === 'number' ? { size: f.size } : {}),
    })),
  };
}

const isInThread = (event: MessageLikeEvent): boolean => event.thread_ts !== undefined && event.thread_ts !== event.ts;

function fromPerson(event: MessageLikeEvent): event is MessageLikeEvent & { user: string } {
  return event.user !== undefined && event.bot_id === undefined && (event.subtype === undefined || HUMAN_SUBTYPES.has(event.subtype));
}

/**
 * `app_mention` → a command (top level, its thread is the mention's own) or a reply with `mentioned`;
 * a `message` in a thread → a reply; a top-level DM → a command. Everything else (bots, edits, joins,
 * channel chatter, the `message` copy of a mention) → undefined. Retries keep their `event_id`: dedupe is
 * the router's job, so nothing is dropped here.
 */
export function eventToIncoming(body: unknown, botUserId: string | undefined): Incoming | undefined {
  const parsed = EventCallbackBody.safeParse(body);
  if (!parsed.success) return undefined;
  const { team_id: team, event_id: eventId, event } = parsed.data;
  if (!fromPerson(event)) return undefined;
  if (botUserId !== undefined && event.user === botUserId) return undefined;
  const base = { eventId, user: { id: event.user }, workspaceId: team, ...sharedFiles(event) };
  const conversation = conversationId('slack', team, event.channel);
  const thread = threadId('slack', team, event.channel, event.thread_ts ?? event.ts);
  const isDm = event.channel_type === 'im';

  if (event.type === 'app_mention') {
    const text = unescaped(stripBotMention(event.text, botUserId));
    if (isInThread(event)) return { ...base, kind: 'reply', text, thread, mentioned: true } satisfies ReplyIncoming;
    return { ...base, kind: 'command', text, conversation, thread } satisfies CommandIncoming;
  }
  if (event.type !== 'message') return undefined;
  // In channels a message that mentions the bot also arrives as app_mention; that copy is the one handled.
  const mentionsBot = botUserId !== undefined && new RegExp(`<@${botUserId}(\\|[^>]*)?>`).test(event.text);
  if (mentionsBot && !isDm) return undefined;
  const text = unescaped(stripBotMention(event.text, botUserId));
  if (isInThread(event)) return { ...base, kind: 'reply', text, thread, mentioned: mentionsBot } satisfies ReplyIncoming;
  if (isDm) return { ...base, kind: 'command', text, conversation, thread } satisfies CommandIncoming;
  return undefined;
}
