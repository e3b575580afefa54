/** Slack's places as neutral ids: `slack:<team>:<channel>` conversations, `slack:<team>:<channel>:<thread ts>` threads. */
import { decodeId, type ConversationId, type ThreadId } from '../../core/thread-id.js';

export interface SlackPlace {
  team: string;
  channel: string;
  /** set for a thread */
  threadTs?: string;
}

export function slackPlace(id: ThreadId | ConversationId): SlackPlace {
  const { chat, parts } = decodeId(id);
  const [team, channel, threadTs] = parts;
  if (chat !== 'slack' || team === undefined || channel === undefined || parts.length > 3) {
    throw new Error(`not a Slack conversation or thread: ${id}`);
  }
  return threadTs === undefined ? { team, channel } : { team, channel, threadTs };
}

export function slackThread(id: ThreadId): Required<SlackPlace> {
  const place = slackPlace(id);
  if (place.threadTs === undefined) throw new Error(`not a Slack thread: ${id}`);
  return { team: place.team, channel: place.channel, threadTs: place.threadTs };
}
