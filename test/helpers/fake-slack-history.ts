/**
 * Reading a thread back and the pace of posting, for the fake Slack Web API: conversations.replies as Slack
 * answers it (the parent first, then the replies in order; a bot's messages carry its `bot_id`, and their
 * `metadata` only with `include_all_metadata`), and chat.postMessage's per-channel limit (about one message a
 * second, short bursts allowed: a token bucket per channel, 429 with Retry-After when it is empty).
 */
import type { FakeSlackMessage } from './fake-slack-api-types.js';

type Json = Record<string, unknown>;

export type RepliesAnswer = { ok: true; body: Json } | { ok: false; error: string };

/** conversations.replies for one thread; `messages` holds the channel's messages (deleted ones included). */
export function conversationReplies(args: Json, messages: Map<string, FakeSlackMessage>, botId: string): RepliesAnswer {
  if (!args.channel) return { ok: false, error: 'channel_not_found' };
  const ts = String(args.ts ?? '');
  const parent = messages.get(ts);
  if (!ts) return { ok: false, error: 'invalid_arguments' };
  const withMetadata = args.include_all_metadata === true || args.include_all_metadata === 'true';
  const thread = [...messages.values()]
    .filter((m) => !m.deleted && (m.ts === ts || m.threadTs === ts))
    .sort((a, b) => a.ts.localeCompare(b.ts))
    .map((m) => ({
      type: 'message',
      ts: m.ts,
      text: m.text,
      bot_id: botId,
      ...(m.threadTs ? { thread_ts: m.threadTs } : {}),
      ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}),
    }));
  // the fake keeps only the bot's messages: a user's parent message is not in `messages`, its thread still answers
  if (!parent && thread.length === 0 && !/^\d+\.\d+$/.test(ts)) return { ok: false, error: 'thread_not_found' };
  const limit = Math.max(1, Math.min(1000, Number(args.limit ?? 1000) || 1000));
  return { ok: true, body: { messages: thread.slice(0, limit), has_more: thread.length > limit } };
}

export interface PostPace {
  /** messages a channel may take at once */
  burst: number;
  /** messages a second it takes after a burst */
  perSecond: number;
}

/** chat.postMessage's limit per channel: seconds until the channel takes another post, or undefined when it may now (counted). */
export class ChannelPostPace {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private pace: PostPace | undefined) {}

  set(pace: PostPace | undefined): void {
    this.pace = pace;
    this.buckets.clear();
  }

  retryAfter(channel: string, now: number): number | undefined {
    if (!this.pace) return undefined;
    const { burst, perSecond } = this.pace;
    const bucket = this.buckets.get(channel) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.buckets.set(channel, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
  }
}
