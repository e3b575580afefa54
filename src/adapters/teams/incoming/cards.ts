/**
 * Adaptive Card submissions as neutral `Incoming` values (pure functions): an `Action.Submit` arrives as a
 * message whose `value` holds the action's data merged with the card's inputs; an `Action.Execute` arrives
 * as an `adaptiveCard/action` invoke with the same object in `value.action.data`. Only cards of ours (data
 * under `iip`) count.
 *
 * The thread is taken from where the click happened: in a channel the reply chain of the activity's
 * conversation id. A chat has no reply chains, so there the card's own data names its thread root; a forged
 * root can only point at another thread of the same chat, where the user could click anyway.
 */
import type { ActionIncoming, FormIncoming } from '../../../core/incoming.js';
import type { ThreadId } from '../../../core/thread-id.js';
import { channelThreadId, chatThreadId } from '../ids.js';
import { SUBMIT_KEY, SubmitData, decodeChoices, decodeSingleChoice } from '../render/submit-data.js';
import { localeOf, placeOf, userOf, type TeamsActivity } from './payloads.js';

export const ADAPTIVE_CARD_ACTION_INVOKE = 'adaptiveCard/action';

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The submitted object of a card click: `value` of a submit message, `value.action.data` of an invoke. */
export function submittedValues(activity: TeamsActivity): Record<string, unknown> | undefined {
  const value = asRecord(activity.value);
  if (activity.type === 'invoke') {
    return activity.name === ADAPTIVE_CARD_ACTION_INVOKE ? asRecord(asRecord(value?.action)?.data) : undefined;
  }
  return activity.type === 'message' ? value : undefined;
}

function threadOfClick(activity: TeamsActivity, data: SubmitData): ThreadId | undefined {
  const place = placeOf(activity);
  if (place.kind === 'channel') {
    const root = place.root ?? data.thread ?? activity.replyToId;
    return root ? channelThreadId(place.tenant, place.conversation, root) : undefined;
  }
  const root = data.thread ?? activity.replyToId;
  return root ? chatThreadId(place.tenant, place.conversation, root) : undefined;
}

export function cardSubmitToIncoming(activity: TeamsActivity): ActionIncoming | FormIncoming | undefined {
  const values = submittedValues(activity);
  const parsed = SubmitData.safeParse(values?.[SUBMIT_KEY]);
  if (!values || !parsed.success || activity.id === undefined) return undefined;
  const data = parsed.data;
  const thread = threadOfClick(activity, data);
  if (!thread) return undefined;
  const base = { eventId: activity.id, user: userOf(activity), workspaceId: placeOf(activity).tenant, thread, ...localeOf(activity) };

  if (data.kind === 'form') {
    const fields: Record<string, string | string[]> = {};
    for (const field of data.fields ?? []) {
      const raw = values[field.id];
      fields[field.id] = field.multi ? decodeChoices(raw) : typeof raw === 'string' ? raw : '';
    }
    return { ...base, kind: 'form', action: data.action, value: data.value, fields };
  }
  const selections: Record<string, string[]> = {};
  for (const id of data.multi ?? []) selections[id] = decodeChoices(values[id]);
  const value = data.kind === 'select' ? decodeSingleChoice(data.input === undefined ? undefined : values[data.input]) : data.value;
  return { ...base, kind: 'action', messageId: activity.replyToId ?? '', action: data.action, value, selections };
}
