/**
 * Requests to `/slack/events` signed exactly as Slack signs them: `v0=` + hex HMAC-SHA256 of
 * `v0:<timestamp>:<raw body>` with the signing secret, in `x-slack-signature`, with `x-slack-request-timestamp`.
 * Builders for slash commands (form-encoded), event callbacks (JSON), interactivity (`payload=` form field)
 * and the url_verification challenge.
 */
import { createHmac } from 'node:crypto';

type Json = Record<string, unknown>;

export interface SendOptions {
  /** seconds since epoch; default now */
  timestamp?: number;
  /** false: send no signature headers; a string: send this signature instead of the right one */
  signature?: false | string;
  /** Slack's retry headers for event callbacks */
  retryNum?: number;
  retryReason?: string;
}

export interface SlackResponse {
  status: number;
  body: string;
  /** how long Slack would have waited for the answer */
  elapsedMs: number;
}

export function signSlackRequest(signingSecret: string, timestamp: number, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}

export async function sendSignedRequest(
  url: string,
  signingSecret: string,
  rawBody: string,
  contentType: string,
  options: SendOptions = {},
): Promise<SlackResponse> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (options.signature !== false) {
    headers['x-slack-request-timestamp'] = String(timestamp);
    headers['x-slack-signature'] = options.signature ?? signSlackRequest(signingSecret, timestamp, rawBody);
  }
  if (options.retryNum !== undefined) headers['x-slack-retry-num'] = String(options.retryNum);
  if (options.retryReason !== undefined) headers['x-slack-retry-reason'] = options.retryReason;
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers, body: rawBody });
  const body = await response.text();
  return { status: response.status, body, elapsedMs: performance.now() - started };
}

export interface SlashCommandFields {
  command?: string;
  text?: string;
  team_id?: string;
  channel_id?: string;
  user_id?: string;
  user_name?: string;
  trigger_id?: string;
  response_url?: string;
}

export function slashCommandBody(fields: SlashCommandFields = {}): string {
  return new URLSearchParams({
    token: 'deprecated-verification-token',
    team_id: 'T1',
    team_domain: 'fake',
    channel_id: 'C1',
    channel_name: 'general',
    user_id: 'U1',
    user_name: 'alice',
    command: '/iip',
    text: '',
    api_app_id: 'A1',
    response_url: 'https://hooks.slack.test/commands/1',
    trigger_id: '111.222.abc',
    ...fields,
  }).toString();
}

export const sendSlashCommand = (url: string, secret: string, fields: SlashCommandFields = {}, options?: SendOptions) =>
  sendSignedRequest(url, secret, slashCommandBody(fields), 'application/x-www-form-urlencoded', options);

export interface EventEnvelope {
  teamId?: string;
  eventId?: string;
}

/** An Events API `event_callback` around `event`. */
export function eventCallback(event: Json, { teamId = 'T1', eventId = 'Ev0001' }: EventEnvelope = {}): Json {
  return {
    token: 'deprecated-verification-token',
    team_id: teamId,
    api_app_id: 'A1',
    event: { event_ts: event.ts, ...event },
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ team_id: teamId, user_id: 'UBOT', is_bot: true, is_enterprise_install: false }],
    is_ext_shared_channel: false,
  };
}

export const sendEvent = (url: string, secret: string, envelope: Json, options?: SendOptions) =>
  sendSignedRequest(url, secret, JSON.stringify(envelope), 'application/json', options);

export const sendUrlVerification = (url: string, secret: string, challenge: string, options?: SendOptions) =>
  sendSignedRequest(url, secret, JSON.stringify({ token: 'x', challenge, type: 'url_verification' }), 'application/json', options);

/** block_actions and view_submission arrive form-encoded as a JSON `payload` field. */
export const sendInteraction = (url: string, secret: string, payload: Json, options?: SendOptions) =>
  sendSignedRequest(url, secret, new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), 'application/x-www-form-urlencoded', options);

export interface BlockActionsInput {
  action: Json;
  channel?: string;
  messageTs?: string;
  threadTs?: string;
  /** `state.values` of the message */
  values?: Json;
  teamId?: string;
  userId?: string;
  triggerId?: string;
}

export function blockActionsPayload(input: BlockActionsInput): Json {
  const { channel = 'C1', messageTs = '1700000000.000001', teamId = 'T1', userId = 'U1', triggerId = '333.444.xyz' } = input;
  return {
    type: 'block_actions',
    team: { id: teamId, domain: 'fake' },
    user: { id: userId, username: 'alice', name: 'alice', team_id: teamId },
    api_app_id: 'A1',
    trigger_id: triggerId,
    container: { type: 'message', message_ts: messageTs, channel_id: channel, is_ephemeral: false },
    channel: { id: channel, name: 'general' },
    message: { type: 'message', ts: messageTs, bot_id: 'BBOT', ...(input.threadTs ? { thread_ts: input.threadTs } : {}) },
    state: { values: input.values ?? {} },
    response_url: 'https://hooks.slack.test/actions/1',
    actions: [{ block_id: 'b', action_ts: '1700000001.000000', ...input.action }],
  };
}

export interface ViewSubmissionInput {
  privateMetadata: string;
  values: Json;
  callbackId?: string;
  teamId?: string;
  userId?: string;
}

export function viewSubmissionPayload(input: ViewSubmissionInput): Json {
  const { teamId = 'T1', userId = 'U1', callbackId = 'iip-form' } = input;
  return {
    type: 'view_submission',
    team: { id: teamId, domain: 'fake' },
    user: { id: userId, username: 'alice', name: 'alice', team_id: teamId },
    api_app_id: 'A1',
    trigger_id: '555.666.def',
    view: {
      id: 'V1',
      type: 'modal',
      callback_id: callbackId,
      private_metadata: input.privateMetadata,
      state: { values: input.values },
      hash: 'h1',
      team_id: teamId,
    },
  };
}
