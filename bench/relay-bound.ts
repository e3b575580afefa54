/**
 * The best schedule Slack's documented limits allow for workload (d), to print beside what the bot measured.
 *
 * Every answer needs one call that creates its message once its first token is there (chat.startStream: 20 a
 * rolling minute per workspace; or chat.postMessage: 5 at once per channel, then one a second), and one call that
 * shows its whole text once its last token is there: for a streamed message chat.appendStream (100 a minute) or
 * chat.stopStream (20), for a posted one chat.update (50). Intermediate text costs calls too, so a schedule can only
 * be slower than this. Answers are served in the order their tokens arrive, each taking the method that serves it
 * first (earliest slot for earliest release is optimal for a single resource); Slack's answer time is added.
 */

const MINUTE_MS = 60_000;

/** A per-workspace rolling-minute limit, slots handed out in non-decreasing order. */
class RollingMinute {
  private readonly used: number[] = [];
  constructor(private readonly limit: number) {}

  /** the earliest moment at or after `at` with room */
  earliest(at: number): number {
    const n = this.used.length;
    if (n < this.limit) return at;
    return Math.max(at, this.used[n - this.limit]! + MINUTE_MS);
  }

  take(at: number): void {
    this.used.push(at);
    this.used.sort((a, b) => a - b);
  }
}

/** chat.postMessage in one channel: a bucket of `burst`, refilled at `perSecond`. */
class PostBucket {
  private tokens: number;
  private at = Number.NEGATIVE_INFINITY;
  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {
    this.tokens = burst;
  }

  earliest(at: number): number {
    const tokens = this.tokensAt(at);
    return tokens >= 1 ? at : at + ((1 - tokens) / this.perSecond) * 1000;
  }

  take(at: number): void {
    this.tokens = this.tokensAt(at) - 1;
    this.at = at;
  }

  private tokensAt(at: number): number {
    if (this.at === Number.NEGATIVE_INFINITY) return this.tokens;
    return Math.min(this.burst, this.tokens + ((at - this.at) / 1000) * this.perSecond);
  }
}

export interface AnswerTimes {
  /** when the answer's first token reached the bot (ms since epoch) */
  firstTokenAt: number;
  /** when its last token did */
  endedAt: number;
}

export interface ScheduleBound {
  /** per answer, ms from its first token to its first text visible at best */
  firstMs: number[];
  /** per answer, ms from its last token to its whole text visible at best */
  finalMs: number[];
  /** answers whose first text is a native stream at best */
  streamed: number;
}

/** The bound for answers in one channel of one workspace, every method at its documented floor. */
export function scheduleBound(answers: readonly AnswerTimes[], slackLatencyMs: number): ScheduleBound {
  const start = new RollingMinute(20);
  const post = new PostBucket(5, 1);
  const order = answers.map((a, i) => ({ ...a, i })).sort((a, b) => a.firstTokenAt - b.firstTokenAt);
  const kind: Array<'stream' | 'post'> = [];
  const firstMs: number[] = new Array(answers.length);
  for (const answer of order) {
    const [byStart, byPost] = [start.earliest(answer.firstTokenAt), post.earliest(answer.firstTokenAt)];
    const streamed = byStart <= byPost;
    const at = streamed ? byStart : byPost;
    (streamed ? start : post).take(at);
    kind[answer.i] = streamed ? 'stream' : 'post';
    firstMs[answer.i] = at - answer.firstTokenAt + slackLatencyMs;
  }
  const [append, stop, update] = [new RollingMinute(100), new RollingMinute(20), new RollingMinute(50)];
  const finalMs: number[] = new Array(answers.length);
  for (const answer of [...order].sort((a, b) => a.endedAt - b.endedAt)) {
    const ways = kind[answer.i] === 'stream' ? [append, stop] : [update];
    const best = ways.reduce((a, b) => (b.earliest(answer.endedAt) < a.earliest(answer.endedAt) ? b : a));
    const at = best.earliest(answer.endedAt);
    best.take(at);
    finalMs[answer.i] = at - answer.endedAt + slackLatencyMs;
  }
  return { firstMs, finalMs, streamed: kind.filter((k) => k === 'stream').length };
}
