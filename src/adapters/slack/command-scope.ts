/**
 * The slash command behind an event, for the Web API calls made on its behalf: where the bot cannot post in the
 * command's conversation, its answer goes to the user through the command's `response_url` (an ephemeral message
 * Slack shows even in conversations the bot is not in). The core's messenger names the event a write is made for
 * (`OnBehalf`); its Slack side is kept here by the event object, so the neutral core never sees Slack's URL. An
 * event handled again after a restart has none: the adapter then only logs that it could not post.
 */
import type { Incoming } from '../../core/incoming.js';
import type { Translate } from '../../i18n/index.js';

export interface CommandOrigin {
  /** valid 30 minutes, 5 posts */
  responseUrl: string;
  teamId: string;
  channelId: string;
  userId: string;
  /** the command text as typed after `/iip` */
  text: string;
  /** set once the user has been told the bot cannot post here: later notes of the same command are dropped */
  toldUnreachable?: boolean;
}

const origins = new WeakMap<Incoming, CommandOrigin>();
/** the response_url of a clicked "run it in a DM" notice, by the command the click became */
const noticeClicks = new WeakMap<Incoming, string>();

/** Called by the payload conversion: the Slack side of a command the core will see as `incoming`. */
export function rememberOrigin(incoming: Incoming, origin: CommandOrigin): void {
  origins.set(incoming, origin);
}

/** Called by the payload conversion: the command came from a click on the notice at `responseUrl`. */
export function rememberNoticeClick(incoming: Incoming, responseUrl: string): void {
  noticeClicks.set(incoming, responseUrl);
}

/** Once its command is recorded, the clicked notice says (with `t`) where it went, and loses its button (no second run). */
export async function replaceClickedNotice(incoming: Incoming, t: Translate): Promise<void> {
  const responseUrl = noticeClicks.get(incoming);
  if (responseUrl) await postToResponseUrl(responseUrl, { replace_original: true, text: t('slack:unreachable.runningInDm') });
}

/** The command behind `event`, when a call to `channelId` of `teamId` is made on its behalf. */
export function originFor(event: Incoming | undefined, teamId: string, channelId: string): CommandOrigin | undefined {
  const origin = event && origins.get(event);
  return origin?.teamId === teamId && origin.channelId === channelId ? origin : undefined;
}

const RESPONSE_TIMEOUT_MS = 10_000;

/** Posts an ephemeral message to the user through a response_url; Slack's refusal is an error. */
export async function postToResponseUrl(
  responseUrl: string,
  message: { text: string; blocks?: unknown[]; replace_original?: boolean },
): Promise<void> {
  const response = await fetch(responseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ response_type: 'ephemeral', replace_original: false, ...message }),
    signal: AbortSignal.timeout(RESPONSE_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`Slack refused a response_url post: HTTP ${response.status}`);
}
