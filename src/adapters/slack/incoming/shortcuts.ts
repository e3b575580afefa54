/**
 * The iip shortcuts' payloads as neutral values (pure functions): a message shortcut (`message_action`, with the
 * message, its files and its channel) or the global shortcut (`shortcut`) to open the modal with; a character
 * typed in the modal's text (block_actions) to refresh its hint; and the modal's submission as the command it
 * composes: under the message (a thread on it), or where the user chose (their DM when empty).
 */
import { z } from 'zod';
import type { CommandIncoming, SharedFile } from '../../../core/incoming.js';
import { composeCommand, textVerb, type TextVerb } from '../../../core/text-verbs.js';
import { conversationId, threadId } from '../../../core/thread-id.js';
import {
  GLOBAL_SHORTCUT_ID,
  MESSAGE_SHORTCUT_ID,
  SHORTCUT_CALLBACK_ID,
  SHORTCUT_FIELDS,
  textPartId,
  type ModalFile,
  type ShortcutMetadata,
} from '../render/shortcut-modal.js';
import { joinParts } from '../render/shortcut-text.js';
import { readable, StateValues } from './payloads.js';

const Team = z.object({ id: z.string() }).nullish();
const User = z.object({ id: z.string(), name: z.string().optional(), team_id: z.string().optional() });
/** The most files the modal keeps (private_metadata holds 3,000 characters). */
const MAX_FILES = 10;

const SlackFile = z.object({ id: z.string(), name: z.string().optional(), mimetype: z.string().optional(), size: z.number().optional() });
const MessageShortcut = z.object({
  type: z.literal('message_action'),
  callback_id: z.literal(MESSAGE_SHORTCUT_ID),
  trigger_id: z.string(),
  team: Team,
  user: User,
  channel: z.object({ id: z.string() }),
  message: z.object({ ts: z.string(), thread_ts: z.string().optional(), text: z.string().default(''), files: z.array(SlackFile).optional() }),
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
  metadata: Pick<ShortcutMetadata, 'origin' | 'files'>;
  /** the text the modal starts with: the message's, or none */
  text: string;
}

const modalFile = (f: z.infer<typeof SlackFile>): ModalFile => ({
  id: f.id,
  ...(f.name ? { name: f.name.slice(0, 80) } : {}),
  ...(f.mimetype ? { mimetype: f.mimetype } : {}),
  ...(f.size !== undefined ? { size: f.size } : {}),
});

/** A shortcut of this app → the modal to open; undefined for a payload that is none of them. */
export function shortcutToOpen(body: unknown): ShortcutOpen | undefined {
  const message = MessageShortcut.safeParse(body);
  if (message.success) {
    const { team, user, trigger_id: triggerId, channel, message: m } = message.data;
    const teamId = team?.id ?? user.team_id;
    // the answer goes in the message's thread: its own, or the one it is a reply in
    const origin = { kind: 'message' as const, channel: channel.id, ts: m.thread_ts ?? m.ts };
    const files = (m.files ?? []).slice(0, MAX_FILES).map(modalFile);
    return teamId ? { team: teamId, triggerId, metadata: { origin, files }, text: readable(m.text) } : undefined;
  }
  const global = GlobalShortcut.safeParse(body);
  if (!global.success) return undefined;
  const teamId = global.data.team?.id ?? global.data.user.team_id;
  return teamId ? { team: teamId, triggerId: global.data.trigger_id, metadata: { origin: { kind: 'global' }, files: [] }, text: '' } : undefined;
}

/** The team and user of a shortcut, a character typed in its modal or its submission. */
export function shortcutUser(body: unknown): { team: string; user: string } | undefined {
  const parsed = z.object({ team: Team, user: User }).safeParse(body);
  const team = parsed.success ? (parsed.data.team?.id ?? parsed.data.user.team_id) : undefined;
  return parsed.success && team ? { team, user: parsed.data.user.id } : undefined;
}

const Origin = z.union([z.object({ kind: z.literal('message'), channel: z.string(), ts: z.string() }), z.object({ kind: z.literal('global') })]);
const Metadata = z.object({ origin: Origin, joins: z.array(z.string()), files: z.array(SlackFile), length: z.number(), omitted: z.number() });
const ModalView = z.object({
  id: z.string(),
  hash: z.string().optional(),
  callback_id: z.literal(SHORTCUT_CALLBACK_ID),
  private_metadata: z.string(),
  state: z.object({ values: StateValues }),
});
const Submission = z.object({ type: z.literal('view_submission'), team: Team, user: User, view: ModalView });
const Typed = z.object({ type: z.literal('block_actions'), team: Team, user: User, view: ModalView });

export function metadataOf(raw: string): ShortcutMetadata | undefined {
  try {
    const parsed = Metadata.safeParse(JSON.parse(raw));
    return parsed.success ? { ...parsed.data, files: parsed.data.files.map(modalFile) } : undefined;
  } catch {
    return undefined;
  }
}

type View = z.infer<typeof ModalView>;
const fieldOf = (view: View, id: string): string => {
  const state = Object.values(view.state.values[id] ?? {})[0];
  return state?.value ?? state?.selected_option?.value ?? state?.selected_conversation ?? '';
};
/** The text fields' values, as many as the modal has (one more than its joins). */
const partsOf = (view: View, metadata: ShortcutMetadata): string[] =>
  Array.from({ length: metadata.joins.length + 1 }, (_, i) => fieldOf(view, textPartId(i)));

export interface ShortcutTyping {
  team: string;
  viewId: string;
  hash?: string;
  metadata: ShortcutMetadata;
  parts: string[];
}

/** A character typed in the shortcut modal's text: the view to refresh and what its fields hold now. */
export function shortcutTyping(body: unknown): ShortcutTyping | undefined {
  const parsed = Typed.safeParse(body);
  if (!parsed.success) return undefined;
  const { team, user, view } = parsed.data;
  const teamId = team?.id ?? user.team_id;
  const metadata = metadataOf(view.private_metadata);
  if (!teamId || !metadata) return undefined;
  return { team: teamId, viewId: view.id, ...(view.hash ? { hash: view.hash } : {}), metadata, parts: partsOf(view, metadata) };
}

export interface ShortcutSubmission {
  team: string;
  userId: string;
  /** the conversation the verb starts in (the message's, the chosen one, or '' for the user's DM) */
  channel: string;
  verb: TextVerb;
  text: string;
  /** the message's files, and the image the user chose among them (the first image when no choice was shown) */
  files: ModalFile[];
  chosenImage: string;
  incoming: CommandIncoming;
}

export const sharedFile = (file: ModalFile): SharedFile => ({
  id: file.id,
  ...(file.name ? { name: file.name } : {}),
  ...(file.mimetype ? { mimeType: file.mimetype } : {}),
  ...(file.size !== undefined ? { size: file.size } : {}),
});

/** A submitted shortcut modal → the command it composes and where; `empty` when a verb that needs text has none. */
export function shortcutSubmission(body: unknown): ShortcutSubmission | 'empty' | undefined {
  const parsed = Submission.safeParse(body);
  if (!parsed.success) return undefined;
  const { team, user, view } = parsed.data;
  const teamId = team?.id ?? user.team_id;
  const metadata = metadataOf(view.private_metadata);
  const verb = textVerb(fieldOf(view, SHORTCUT_FIELDS.verb));
  if (!teamId || !metadata || !verb) return undefined;
  const text = joinParts(partsOf(view, metadata), metadata.joins);
  if (!text.trim() && !verb.textOptional) return 'empty';
  const { origin } = metadata;
  const channel = origin.kind === 'message' ? origin.channel : fieldOf(view, SHORTCUT_FIELDS.where);
  const incoming: CommandIncoming = {
    kind: 'command',
    eventId: `shortcut:${view.id}`,
    user: user.name ? { id: user.id, name: user.name } : { id: user.id },
    workspaceId: teamId,
    text: composeCommand(verb, text, fieldOf(view, SHORTCUT_FIELDS.lang) || undefined),
    conversation: conversationId('slack', teamId, channel || user.id),
    ...(origin.kind === 'message' ? { thread: threadId('slack', teamId, origin.channel, origin.ts) } : {}),
  };
  const chosenImage = fieldOf(view, SHORTCUT_FIELDS.image);
  return { team: teamId, userId: user.id, channel, verb, text, files: metadata.files, chosenImage, incoming };
}
