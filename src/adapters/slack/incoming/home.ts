/**
 * The App Home's payloads as neutral values (pure functions): the tab being opened is the command `home tab` of
 * that user, a submitted Start modal the command it composes (verb, question, options) in the conversation the
 * user chose, or their DM with the bot; its response_url answers privately where the bot cannot post.
 */
import { z } from 'zod';
import type { HomeStart } from '../../../core/home-view.js';
import type { CommandIncoming } from '../../../core/incoming.js';
import { conversationId } from '../../../core/thread-id.js';
import { rememberOrigin } from '../command-scope.js';
import { HOME_START_ACTION_ID, START_FIELDS } from '../render/home.js';
import { StateValues } from './payloads.js';

const HomeOpenedBody = z.object({
  team_id: z.string(),
  event_id: z.string(),
  event: z.object({ type: z.literal('app_home_opened'), user: z.string(), tab: z.string().optional() }),
});

/** Opening the Home tab (not the Messages tab) → `home tab` from that user. */
export function homeOpenedToIncoming(body: unknown): CommandIncoming | undefined {
  const parsed = HomeOpenedBody.safeParse(body);
  if (!parsed.success || parsed.data.event.tab !== 'home') return undefined;
  const { team_id: team, event_id: eventId, event } = parsed.data;
  return {
    kind: 'command',
    eventId,
    user: { id: event.user },
    workspaceId: team,
    text: 'home tab',
    conversation: conversationId('slack', team, event.user),
  };
}

const HomeStartClick = z.object({
  type: z.literal('block_actions'),
  trigger_id: z.string(),
  user: z.object({ id: z.string() }),
  container: z.object({ type: z.literal('view') }),
  actions: z.array(z.object({ action_id: z.string(), value: z.string().optional() })).min(1),
});
const Starts = z.array(z.object({ verb: z.string(), summary: z.string() })).min(1);

/** A Start button of the Home tab: which modal to open, with what it offers; undefined for any other click. */
export function homeStartClick(body: unknown): { kind: 'chat' | 'workflow'; triggerId: string; userId: string; starts: HomeStart[] } | undefined {
  const parsed = HomeStartClick.safeParse(body);
  const action = parsed.data?.actions[0];
  if (!parsed.success || !action?.action_id.startsWith(`${HOME_START_ACTION_ID}:`)) return undefined;
  let starts: unknown;
  try {
    starts = JSON.parse(action.value ?? '');
  } catch {
    return undefined;
  }
  const offered = Starts.safeParse(starts);
  if (!offered.success) return undefined;
  return {
    kind: action.action_id.endsWith(':chat') ? 'chat' : 'workflow',
    triggerId: parsed.data.trigger_id,
    userId: parsed.data.user.id,
    starts: offered.data,
  };
}

const StartSubmission = z.object({
  type: z.literal('view_submission'),
  team: z.object({ id: z.string() }).nullish(),
  user: z.object({ id: z.string(), name: z.string().optional(), team_id: z.string().optional() }),
  view: z.object({ id: z.string(), state: z.object({ values: StateValues }) }),
  response_urls: z.array(z.object({ channel_id: z.string(), response_url: z.string().url() })).optional(),
});

/** A submitted Start modal → the command it composes, where the user chose (or in their DM with the bot). */
export function homeStartToIncoming(body: unknown): CommandIncoming | undefined {
  const parsed = StartSubmission.safeParse(body);
  if (!parsed.success) return undefined;
  const { team, user, view, response_urls: responseUrls } = parsed.data;
  const teamId = team?.id ?? user.team_id;
  if (!teamId) return undefined;
  const field = (id: string) => {
    const state = Object.values(view.state.values[id] ?? {})[0];
    return (state?.value ?? state?.selected_option?.value ?? state?.selected_conversation ?? '').trim();
  };
  const verb = field(START_FIELDS.verb);
  const where = field(START_FIELDS.where);
  const text = [verb, field(START_FIELDS.question), field(START_FIELDS.options)].filter(Boolean).join(' ');
  const incoming: CommandIncoming = {
    kind: 'command',
    eventId: `form:${view.id}`,
    user: user.name ? { id: user.id, name: user.name } : { id: user.id },
    workspaceId: teamId,
    text,
    conversation: conversationId('slack', teamId, where || user.id),
  };
  const responseUrl = responseUrls?.find((r) => r.channel_id === where)?.response_url;
  if (where && responseUrl) rememberOrigin(incoming, { responseUrl, teamId, channelId: where, userId: user.id, text });
  return incoming;
}
