/**
 * Slack's documented rate limits for the fake Web API: each method's tier per workspace per rolling minute, and
 * chat.postMessage per channel (a bucket of 5 refilled at one a second), answered with 429 and Retry-After; calls
 * made inside a Retry-After window the fake gave are marked, so tests can prove a bot waits as Slack asks.
 *
 * Tiers are those of Slack's own Java SDK (slackapi/java-slack-sdk, MethodsRateLimits.java and
 * MethodsRateLimitTier.java): Tier 1 = 1+, Tier 2 = 20+, Tier 3 = 50+, Tier 4 = 100+ a minute; auth.test and
 * chat.getPermalink "hundreds" (600); chat.postMessage about one a second per channel with bursts;
 * assistant.threads.setStatus the same, per DM. The fake enforces each tier's floor.
 */
import { ChannelPostPace, type PostPace } from './fake-slack-history.js';
import { stalledBetween, watchLoopStalls } from './loop-stalls.js';

const TIER = { t1: 1, t2: 20, t3: 50, t4: 100, hundreds: 600 } as const;

/** calls per workspace per rolling minute, at each method's documented floor */
export const DOCUMENTED_PER_MINUTE: Readonly<Record<string, number>> = {
  'apps.connections.open': TIER.t1,
  'assistant.threads.setSuggestedPrompts': TIER.t3,
  'assistant.threads.setTitle': TIER.t3,
  'auth.test': TIER.hundreds,
  'chat.appendStream': TIER.t4,
  'chat.delete': TIER.t3,
  'chat.getPermalink': TIER.hundreds,
  'chat.postEphemeral': TIER.t4,
  'chat.startStream': TIER.t2,
  'chat.stopStream': TIER.t2,
  'chat.update': TIER.t3,
  'conversations.info': TIER.t3,
  'conversations.join': TIER.t3,
  'conversations.open': TIER.t3,
  'conversations.replies': TIER.t3,
  'files.completeUploadExternal': TIER.t4,
  'files.getUploadURLExternal': TIER.t4,
  'files.info': TIER.t4,
  'oauth.v2.access': TIER.t4,
  'users.info': TIER.t4,
  'views.open': TIER.t4,
  'views.publish': TIER.t4,
};

/** chat.postMessage per channel: "1 message per second ... generous burst behavior" */
export const DOCUMENTED_POST_PACE: PostPace = { burst: 5, perSecond: 1 };
/** methods limited per conversation rather than per workspace, and their pace */
const PER_CHANNEL: Readonly<Record<string, PostPace>> = {
  'chat.postMessage': DOCUMENTED_POST_PACE,
  'assistant.threads.setStatus': { burst: 1, perSecond: 1 },
};

const MINUTE_MS = 60_000;
/**
 * A call arriving this soon after a 429 was answered was on its way before its caller could read that answer, and
 * later by the time the process could not run meanwhile (loop-stalls.ts), up to RETRY_AFTER_STALL_CREDIT_MS.
 */
export const ANSWER_IN_FLIGHT_MS = 100;
export const RETRY_AFTER_STALL_CREDIT_MS = 1_000;

export class FakeSlackTiers {
  private readonly times = new Map<string, number[]>();
  private readonly paces = new Map<string, ChannelPostPace>();
  /** each Retry-After window the fake gave, by the key it limits: from when the 429 was answered to when it ends (ms since epoch) */
  private readonly windows = new Map<string, { from: number; until: number }>();

  /** `enforced`: the documented limits apply; without it the fake only keeps the windows of the 429s it gave */
  constructor(
    private readonly enforced: boolean,
    private readonly perMinute: Readonly<Record<string, number>> = DOCUMENTED_PER_MINUTE,
  ) {}

  /** The key of the limit a call counts against: its method and workspace, and its channel where Slack limits each. */
  keyOf(method: string, team: string, channel: string | undefined): string {
    return PER_CHANNEL[method] || method === 'chat.postMessage' ? `${method} ${team} ${channel ?? ''}` : `${method} ${team}`;
  }

  /** Whether a call of this key arrives inside a Retry-After window the fake gave it, once its caller could know: a call
   * arriving within ANSWER_IN_FLIGHT_MS (and the loop's stalls) of the 429's answer was sent before that answer was read. */
  insideWindow(key: string, now: number): boolean {
    const window = this.windows.get(key);
    if (window === undefined || now >= window.until) return false;
    return window.from + ANSWER_IN_FLIGHT_MS + stalledBetween(window.from, now, RETRY_AFTER_STALL_CREDIT_MS) <= now;
  }

  /** Counts the call: seconds until it may be made (the 429's Retry-After), or undefined when it may be made now. */
  take(method: string, key: string, now: number): number | undefined {
    if (!this.enforced || (!PER_CHANNEL[method] && this.perMinute[method] === undefined)) return undefined;
    return PER_CHANNEL[method] ? this.paceOf(method).retryAfter(key, now) : this.fromWindow(key, this.perMinute[method] ?? 0, now);
  }

  /** A 429 with Retry-After was answered at `answeredAt` for a call that arrived at `arrivedAt`: its window opens. */
  opened(key: string, arrivedAt: number, answeredAt: number, retryAfterSeconds: number): void {
    const until = arrivedAt + retryAfterSeconds * 1000;
    const window = this.windows.get(key);
    if (window && window.until >= until) return;
    this.windows.set(key, { from: window && window.until > answeredAt ? Math.min(window.from, answeredAt) : answeredAt, until });
    watchLoopStalls();
  }

  private paceOf(method: string): ChannelPostPace {
    let pace = this.paces.get(method);
    if (!pace) this.paces.set(method, (pace = new ChannelPostPace(PER_CHANNEL[method])));
    return pace;
  }

  private fromWindow(key: string, limit: number, now: number): number | undefined {
    const times = this.times.get(key) ?? [];
    this.times.set(key, times);
    while (times.length > 0 && (times[0] as number) <= now - MINUTE_MS) times.shift();
    if (times.length < limit) {
      times.push(now);
      return undefined;
    }
    return Math.max(1, Math.ceil(((times[0] as number) + MINUTE_MS - now) / 1000));
  }
}
