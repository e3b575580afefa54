/**
 * The iip shortcuts' payloads as neutral values (pure functions): a message shortcut (`message_action`, with the
 * message and its channel) or the global shortcut (`shortcut`) to open the modal with, and the modal's submission
 * as the command it composes: under the message (a thread on it), or where the user chose (their DM when empty).
 */
import { z } from 'zod';
import type { CommandIncoming } from '../../../core/incoming.js';
import { composeCommand, textVerb } from '../../../core/text-verbs.js';
import { conversationId, threadId } from '../../../core/thread-id.js';
import { GLOBAL_SHORTCUT_ID, MESSAGE_SHORTCUT_ID, SHORTCUT_FIELDS, type ShortcutOrigin } from '../render/shortcut-modal.js';
import { StateValues } from './payloads.js';

const Team = z.object({ id: z.string() }).nullish();
const User = z.object({ id: z.string(), name: z.string().optional(), team_id: z.string().optional() });

const MessageShortcut = z.object({
  type: z.literal('message_action'),
  callback_id: z.literal(MESSAGE_SHORTCUT_ID),
  trigger_id: z.string(),
  team: Team,
  user: User,
  channel: z.object({ id: z.string() }),
  message: z.object({ ts: z.string(), thread_ts: z.string().optional(), text: z.string().default('') }),
});
const GlobalShortcut = z.object({
  type: z.literal('shortcut'),
  callback_id: z.literal(GLOBAL_SHORTCUT_ID),
  trigger_id: z.string(),
  team: Team,
  user: User,
});

export interface ShortcutOpen {
  team: string;
  triggerId: string;
  origin: ShortcutOrigin;
  /** the text the modal starts with: the message's, or none */
  text: string;
}

/** A shortcut of this app → the modal to open; undefined for a payload that is none of them. */
export function shortcutToOpen(body: unknown): ShortcutOpen | undefined {
  const message = MessageShortcut.safeParse(body);
  if (message.success) {
    const { team, user, trigger_id: triggerId, channel, message: m } = message.data;
    const teamId = team?.id ?? user.team_id;
    // the answer goes in the message's thread: its own, or the one it is a reply in
    const origin = { kind: 'message' as const, channel: channel.id, ts: m.thread_ts ?? m.ts };
    return teamId ? { team: teamId, triggerId, origin, text: m.text } : undefined;
  }
  const global = GlobalShortcut.safeParse(body);
  if (!global.success) return undefined;
  const teamId = global.data.team?.id ?? global.data.user.team_id;
  return teamId ? { team: teamId, triggerId: global.data.trigger_id, origin: { kind: 'global' }, text: '' } : undefined;
}

const Origin = z.union([z.object({ kind: z.literal('message'), channel: z.string(), ts: z.string() }), z.object({ kind: z.literal('global') })]);
const Submission = z.object({
  type: z.literal('view_submission'),
  team: Team,
  user: User,
  view: z.object({ id: z.string(), private_metadata: z.string(), state: z.object({ values: StateValues }) }),
});

export interface ShortcutSubmission {
  team: string;
  userId: string;
  /** the conversation the verb starts in (the message's, the chosen one, or '' for the user's DM) */
  channel: string;
  incoming: CommandIncoming;
}

function originOf(metadata: string): ShortcutOrigin | undefined {
  try {
    const parsed = Origin.safeParse(JSON.parse(metadata));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A submitted shortcut modal → the command it composes and where; `empty` when no text was written. */
export function shortcutSubmission(body: unknown): ShortcutSubmission | 'empty' | undefined {
  const parsed = Submission.safeParse(body);
  if (!parsed.success) return undefined;
  const { team, user, view } = parsed.data;
  const teamId = team?.id ?? user.team_id;
  const origin = originOf(view.private_metadata);
  if (!teamId || !origin) return undefined;
  const field = (id: string) => {
    const state = Object.values(view.state.values[id] ?? {})[0];
    return state?.value ?? state?.selected_option?.value ?? state?.selected_conversation ?? '';
  };
  const verb = textVerb(field(SHORTCUT_FIELDS.verb));
  const text = field(SHORTCUT_FIELDS.text);
  if (!verb) return undefined;
  if (!text.trim()) return 'empty';
  const channel = origin.kind === 'message' ? origin.channel : field(SHORTCUT_FIELDS.where);
  const incoming: CommandIncoming = {
    kind: 'command',
    eventId: `shortcut:${view.id}`,
    user: user.name ? { id: user.id, name: user.name } : { id: user.id },
    workspaceId: teamId,
    text: composeCommand(verb, text, field(SHORTCUT_FIELDS.lang) || undefined),
    conversation: conversationId('slack', teamId, channel || user.id),
    ...(origin.kind === 'message' ? { thread: threadId('slack', teamId, origin.channel, origin.ts) } : {}),
  };
  return { team: teamId, userId: user.id, channel, incoming };
}
