/**
 * The steps of the shortcut e2e tests (issue 28): the payloads Slack sends for the message shortcut and the global
 * shortcut, the modal the bot opened (checked to be inside its trigger's window), a character typed in the modal
 * (block_actions with the view's state, as dispatch_action sends it) and the submission with the fields' values.
 */
import { expect } from 'vitest';
import { freshTriggerId } from '../helpers/fake-slack-triggers.js';
import { SIGNING_SECRET, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { sendInteraction, viewSubmissionPayload } from '../helpers/slack-requests.js';

export type Json = Record<string, unknown>;
let sequence = 0;
export const MESSAGE_TS = '1700000400.000100';

export function messageShortcut(channel: string, text: string, message: Json = {}): Json {
  return {
    type: 'message_action',
    callback_id: 'iip_start_from_message',
    trigger_id: freshTriggerId(++sequence, 'm'),
    action_ts: String(Date.now() / 1000),
    team: { id: 'T1', domain: 'fake' },
    user: { id: 'U1', username: 'alice', name: 'alice', team_id: 'T1' },
    channel: { id: channel, name: 'ip-team' },
    message: { type: 'message', user: 'U2', ts: MESSAGE_TS, text, ...message },
    response_url: 'https://hooks.slack.test/actions/T1/1/x',
    api_app_id: 'A1',
  };
}

export const globalShortcut = (): Json => ({
  type: 'shortcut',
  callback_id: 'iip_start',
  trigger_id: freshTriggerId(++sequence, 'g'),
  action_ts: String(Date.now() / 1000),
  team: { id: 'T1', domain: 'fake' },
  user: { id: 'U1', username: 'alice', team_id: 'T1' },
  api_app_id: 'A1',
});

export const shortcut = (harness: SlackBotHarness, payload: Json) => sendInteraction(harness.eventsUrl, SIGNING_SECRET, payload);

/** The modal the bot opened last, after checking it was opened inside its trigger's window; with its id. */
export async function openedModal(harness: SlackBotHarness, count: number): Promise<Json & { id: string }> {
  const opens = await waitFor(() => harness.slack.callsTo('views.open').length >= count && harness.slack.callsTo('views.open'), 'views.open');
  const call = opens.at(-1)!;
  // the fake refuses a views.open past its trigger's window
  expect(call.error).toBeUndefined();
  return { ...(call.args.view as Json), id: `V${harness.slack.views.length}` };
}

export const blockOf = (view: Json, id: string) =>
  (view.blocks as Json[]).find((b) => b.block_id === id) as Json & { element: Json; hint?: { text: string }; label: { text: string } };

export const textBlocks = (view: Json) =>
  (view.blocks as Json[]).filter((b) => /^text(-\d+)?$/.test(String(b.block_id))) as (Json & { element: Json })[];

export interface Fields {
  verb: string;
  /** the text fields' values, in order (a string: the one field) */
  text: string | string[];
  lang?: string;
  where?: string;
  image?: string;
}

/** The view's state as Slack sends it: each field's current value. */
function stateOf(fields: Fields): Json {
  const parts = typeof fields.text === 'string' ? [fields.text] : fields.text;
  const values: Json = {
    verb: { verb: { type: 'static_select', selected_option: { value: fields.verb } } },
    lang: { lang: { type: 'static_select', selected_option: fields.lang ? { value: fields.lang } : null } },
  };
  parts.forEach((part, i) => {
    const id = i === 0 ? 'text' : `text-${i + 1}`;
    values[id] = { [id]: { type: 'plain_text_input', value: part } };
  });
  if (fields.where !== undefined) values.where = { where: { type: 'conversations_select', selected_conversation: fields.where || null } };
  if (fields.image !== undefined) values.image = { image: { type: 'static_select', selected_option: { value: fields.image } } };
  return values;
}

/** Submits the shortcut modal as Slack does. */
export function submit(harness: SlackBotHarness, view: Json, fields: Fields) {
  const payload = viewSubmissionPayload({
    privateMetadata: String(view.private_metadata),
    values: stateOf(fields),
    callbackId: String(view.callback_id),
  });
  Object.assign(payload.view as Json, { id: `VS${++sequence}` });
  return sendInteraction(harness.eventsUrl, SIGNING_SECRET, payload);
}

/** A character typed in a text field: the block_actions Slack sends for dispatch_action, with the view's id, hash and state. */
export function typed(harness: SlackBotHarness, view: { id: string; private_metadata?: unknown }, hash: string, fields: Fields, field = 'text') {
  const values = stateOf(fields);
  const value = ((values[field] as Json)[field] as Json).value;
  return sendInteraction(harness.eventsUrl, SIGNING_SECRET, {
    type: 'block_actions',
    team: { id: 'T1', domain: 'fake' },
    user: { id: 'U1', username: 'alice', name: 'alice', team_id: 'T1' },
    api_app_id: 'A1',
    trigger_id: freshTriggerId(++sequence, 't'),
    container: { type: 'view', view_id: view.id },
    view: { id: view.id, hash, type: 'modal', callback_id: 'iip-shortcut', private_metadata: String(view.private_metadata), state: { values } },
    actions: [{ type: 'plain_text_input', block_id: field, action_id: field, value, action_ts: String(Date.now() / 1000) }],
  });
}

export const platformCalls = (harness: SlackBotHarness) => harness.sim.requests.filter((r) => r.operation !== 'unknown');
