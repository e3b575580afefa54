/**
 * What the bot wrote into a Slack thread, found again after an answer was lost (a 5xx or a dropped connection
 * after Slack took the call): a post carries its write id in its message metadata (`event_type` iip_write), and
 * conversations.replies with `include_all_metadata` returns it, so a retry posts only the pages not there yet. A
 * stream started without an answer is found by its first text among the bot's replies. Also Slack's pace for
 * posts: chat.postMessage takes about one message a second per channel, with short bursts.
 */
import type { RateWindow } from '../../core/adapter.js';
import { ChatError } from '../../core/chat-errors.js';
import type { ApiCall } from './reach.js';

/**
 * Five in any five seconds: one a second, in bursts of up to five. Slack publishes no burst size; this never
 * outruns a bucket of five refilled at one a second (the fake's documented floor), where four a second with twenty
 * in twenty seconds did, every 429 costing the channel a second of posts. A 429 past it pauses the channel's posts
 * for its Retry-After and they go again.
 */
export const SLACK_POST_RATE: readonly RateWindow[] = [{ max: 5, windowMs: 5_000 }];

export const WRITE_EVENT_TYPE = 'iip_write';

export const pageMetadata = (writeId: string, page: number) => ({ event_type: WRITE_EVENT_TYPE, event_payload: { write: writeId, page } });

interface Reply {
  ts?: unknown;
  text?: unknown;
  bot_id?: unknown;
  metadata?: { event_type?: unknown; event_payload?: { write?: unknown; page?: unknown } };
}

async function replies(api: ApiCall, team: string, channel: string, threadTs: string): Promise<Reply[]> {
  const answer = await api(team, 'conversations.replies', { channel, ts: threadTs, include_all_metadata: true, limit: 200 });
  return Array.isArray(answer.messages) ? (answer.messages as Reply[]) : [];
}

/**
 * The pages of write `writeId` already in the thread, by page index: their ts. Where Slack will not let the bot
 * read the thread (an install without the history scopes), none: the post goes again, as before this lookup.
 */
export async function postedPages(api: ApiCall, team: string, channel: string, threadTs: string, writeId: string): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  let thread: Reply[];
  try {
    thread = await replies(api, team, channel, threadTs);
  } catch (error) {
    if (error instanceof ChatError && error.transient) throw error;
    return found;
  }
  for (const reply of thread) {
    const payload = reply.metadata?.event_type === WRITE_EVENT_TYPE ? reply.metadata.event_payload : undefined;
    if (payload?.write === writeId && typeof payload.page === 'number' && typeof reply.ts === 'string') found.set(payload.page, reply.ts);
  }
  return found;
}

/**
 * The ts of the stream Slack started though its answer was lost: the thread's newest bot reply, when it begins
 * with `firstText` and is none of the streams the bot knows it started (`known`); else undefined.
 */
export async function startedStream(
  api: ApiCall,
  team: string,
  channel: string,
  threadTs: string,
  firstText: string,
  known: ReadonlySet<string>,
): Promise<string | undefined> {
  const newest = (await replies(api, team, channel, threadTs))
    .filter((r) => typeof r.ts === 'string' && r.ts !== threadTs && r.bot_id !== undefined)
    .at(-1);
  if (!newest || known.has(newest.ts as string) || typeof newest.text !== 'string' || !newest.text.startsWith(firstText)) return undefined;
  return newest.ts as string;
}
