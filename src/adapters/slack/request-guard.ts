/**
 * Checks a request to /slack/events before Bolt sees it: signed (401 otherwise) and shaped like one of the
 * requests Slack sends (400 otherwise), so malformed bodies get a clear 4xx at once instead of Bolt's 500 or
 * its 3-second "unhandled request" 404.
 */
import type { IncomingMessage } from 'node:http';
import { isValidSlackRequest } from '@slack/bolt';
import { z } from 'zod';

const id = z.string().min(1);
const EventsApiBody = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('url_verification'), challenge: id }),
  z.looseObject({ type: z.literal('event_callback'), team_id: id, event_id: id, event: z.looseObject({ type: id }) }),
  z.looseObject({ type: z.literal('app_rate_limited'), team_id: id }),
]);
const SlashCommand = z.looseObject({ command: id, team_id: id, channel_id: id, user_id: id, trigger_id: id, text: z.string() });
const Interaction = z.looseObject({
  type: z.enum(['block_actions', 'view_submission', 'view_closed', 'shortcut', 'message_action']),
  team: z.looseObject({ id }).nullable(),
  user: z.looseObject({ id }),
});

export type GuardVerdict = { ok: true } | { ok: false; status: 400 | 401; reason: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether the body is one of the request kinds Slack sends to an app's events/interactivity URL. */
export function slackRequestShape(contentType: string, body: string): string | undefined {
  if (contentType.startsWith('application/json')) {
    return EventsApiBody.safeParse(parseJson(body)).success ? undefined : 'not an Events API request';
  }
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    const form = Object.fromEntries(new URLSearchParams(body));
    if (typeof form.payload === 'string') {
      return Interaction.safeParse(parseJson(form.payload)).success ? undefined : 'not an interaction payload';
    }
    return SlashCommand.safeParse(form).success ? undefined : 'not a slash command';
  }
  return 'unsupported content type';
}

/**
 * Slack's `ssl_check=1` (sent to a slash command's URL to check its certificate) comes unsigned and only wants a
 * 200; as in Bolt's receiver it is answered without a signature and nothing else in its body is ever read.
 */
export function isSslCheck(req: IncomingMessage, rawBody: Buffer): boolean {
  const type = req.headers['content-type'] ?? '';
  return type.startsWith('application/x-www-form-urlencoded') && new URLSearchParams(rawBody.toString('utf8')).get('ssl_check') === '1';
}

export function guardSlackRequest(req: IncomingMessage, rawBody: Buffer, signingSecret: string): GuardVerdict {
  const body = rawBody.toString('utf8');
  const header = (name: string): string => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : '';
  };
  const signed = isValidSlackRequest({
    signingSecret,
    body,
    headers: {
      'x-slack-signature': header('x-slack-signature'),
      'x-slack-request-timestamp': Number(header('x-slack-request-timestamp')),
    },
  });
  if (!signed) return { ok: false, status: 401, reason: 'bad or missing signature' };
  const problem = slackRequestShape(header('content-type'), body);
  return problem ? { ok: false, status: 400, reason: problem } : { ok: true };
}
