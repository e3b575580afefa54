/** Button clicks, select choices and modal submissions as neutral `Incoming` values (pure functions). */
import type { ActionIncoming, CommandIncoming, FormIncoming, User } from '../../../core/incoming.js';
import { conversationId, decodeId, threadId, type ThreadId } from '../../../core/thread-id.js';
import { parseActionId } from '../render/interactive.js';
import { RUN_IN_DM_ACTION_ID } from '../render/unreachable.js';
import { rememberNoticeClick } from '../command-scope.js';
import { triggerDeadline } from './trigger.js';
import { fieldProblems } from '../../../core/field-checks.js';
import { BlockActionsBody, FormMetadataSchema, ViewSubmissionBody, type StateValues } from './payloads.js';

const MULTI_VALUE_TYPES = new Set(['checkboxes', 'multi_static_select']);

const userOf = (user: { id: string; username?: string; name?: string }): User =>
  (user.username ?? user.name) ? { id: user.id, name: user.username ?? user.name } : { id: user.id };

/** Every multi-select's ticked values by block id, as the message stood when the button was clicked. */
export function selectionsFrom(values: StateValues | undefined): Record<string, string[]> {
  const selections: Record<string, string[]> = {};
  for (const [blockId, elements] of Object.entries(values ?? {})) {
    for (const state of Object.values(elements)) {
      if (MULTI_VALUE_TYPES.has(state.type)) selections[blockId] = (state.selected_options ?? []).map((o) => o.value);
    }
  }
  return selections;
}

/**
 * The "run it in a DM" button of the note the bot sends where it cannot post: the command it carries, run in the
 * bot's DM with the clicker (a conversation named by the user id; the adapter opens the DM).
 */
function runInDm(parsed: BlockActionsBody, teamId: string, value: string): CommandIncoming {
  const incoming: CommandIncoming = {
    kind: 'command',
    eventId: `action:${parsed.trigger_id ?? `${parsed.container.message_ts ?? ''}:${RUN_IN_DM_ACTION_ID}`}`,
    user: userOf(parsed.user),
    workspaceId: teamId,
    text: value.trim(),
    conversation: conversationId('slack', teamId, parsed.user.id),
  };
  if (parsed.trigger_id) {
    incoming.triggerId = parsed.trigger_id;
    incoming.triggerDeadline = triggerDeadline();
  }
  if (parsed.response_url && parsed.container.is_ephemeral) rememberNoticeClick(incoming, parsed.response_url);
  return incoming;
}

/**
 * A click on a button or a select of a bot message. Multi-select toggles and anything outside a message
 * (modals, home tab) give undefined: a toggle's state travels with the next button click.
 */
export function blockActionToIncoming(body: unknown): ActionIncoming | CommandIncoming | undefined {
  const parsed = BlockActionsBody.safeParse(body);
  if (!parsed.success) return undefined;
  const { team, user, container, channel, message, actions, state, trigger_id: triggerId } = parsed.data;
  const clicked = actions[0];
  const channelId = container.channel_id ?? channel?.id;
  const teamId = team?.id ?? user.team_id;
  if (clicked?.action_id === RUN_IN_DM_ACTION_ID && teamId) return runInDm(parsed.data, teamId, clicked.value ?? '');
  if (!clicked || container.type !== 'message' || !container.message_ts || !channelId || !teamId) return undefined;
  const { action, kind } = parseActionId(clicked.action_id);
  if (kind === 'multiselect') return undefined;
  const value = kind === 'select' ? (clicked.selected_option?.value ?? '') : (clicked.value ?? '');
  const threadTs = message?.thread_ts ?? container.thread_ts ?? container.message_ts;
  const incoming: ActionIncoming = {
    kind: 'action',
    eventId: `action:${triggerId ?? `${container.message_ts}:${clicked.action_id}`}`,
    user: userOf(user),
    workspaceId: teamId,
    thread: threadId('slack', teamId, channelId, threadTs),
    messageId: container.message_ts,
    action,
    value,
    selections: selectionsFrom(state?.values),
  };
  if (triggerId) {
    incoming.triggerId = triggerId;
    incoming.triggerDeadline = triggerDeadline(clicked.action_ts);
  }
  return incoming;
}

/** Each input's value by block id (= the form field id): text as a string, checkboxes as a list. */
export function formFieldsFrom(values: StateValues): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [blockId, elements] of Object.entries(values)) {
    for (const state of Object.values(elements)) {
      fields[blockId] = MULTI_VALUE_TYPES.has(state.type)
        ? (state.selected_options ?? []).map((o) => o.value)
        : (state.value ?? state.selected_option?.value ?? '');
    }
  }
  return fields;
}

function isThreadOfTeam(id: string, teamId: string): boolean {
  try {
    const { chat, parts } = decodeId(id);
    return chat === 'slack' && parts.length === 3 && parts[0] === teamId;
  } catch {
    return false;
  }
}

/** A submitted modal's parts when its metadata is ours and names a thread of its own workspace. */
function submission(body: unknown) {
  const parsed = ViewSubmissionBody.safeParse(body);
  if (!parsed.success) return undefined;
  const { team, user, view } = parsed.data;
  let metadata: unknown;
  try {
    metadata = JSON.parse(view.private_metadata);
  } catch {
    return undefined;
  }
  const meta = FormMetadataSchema.safeParse(metadata);
  const teamId = team?.id ?? user.team_id;
  if (!meta.success || !teamId) return undefined;
  if (!isThreadOfTeam(meta.data.thread, teamId)) return undefined;
  return { body: parsed.data, meta: meta.data, teamId, fields: formFieldsFrom(view.state.values) };
}

/** A submitted modal of ours; undefined when its metadata is not ours or names a thread of another workspace. */
export function viewSubmissionToIncoming(body: unknown): FormIncoming | undefined {
  const submitted = submission(body);
  if (!submitted) return undefined;
  const { body: parsed, meta, teamId, fields } = submitted;
  return {
    kind: 'form',
    eventId: `form:${parsed.view.id ?? parsed.trigger_id ?? meta.thread}`,
    user: userOf(parsed.user),
    workspaceId: teamId,
    thread: meta.thread as ThreadId,
    action: meta.action,
    value: meta.value,
    fields,
  };
}

/** The fields of a submitted modal of ours whose value fails its check (core/field-checks.ts), by block id; undefined when all pass. */
export function viewSubmissionProblems(body: unknown): Record<string, string> | undefined {
  const submitted = submission(body);
  if (!submitted?.meta.checks) return undefined;
  const problems = fieldProblems(submitted.meta.checks, submitted.fields);
  return Object.keys(problems).length > 0 ? problems : undefined;
}
