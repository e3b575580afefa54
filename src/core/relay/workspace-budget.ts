/**
 * Pacing shared by every relay of one workspace, per chat method (post, edit, native stream append/stop).
 *
 * Edits draw on a token bucket of `burst` tokens refilled at `(limit - burst) / window`. Intermediate edits wait
 * for a token (and leave one spare); first and final text are urgent: they never wait for the bucket, yet take
 * their token all the same, into debt if need be, so that the intermediate edits after them wait longer. Since
 * an intermediate edit is only sent with the bucket above zero, the intermediate edits of any window, together
 * with the urgent edits sent in it before the last of them, are at most `limit`; over a long run the
 * intermediate edits are bounded by `burst + rate * time` minus every urgent edit sent before the last of them.
 * An edit refused with a 429 gives its token back: the platform did not count it either.
 * Posts and native stream calls are not counted (they are other methods, with limits of their own).
 *
 * A 429 pauses only the workspace's calls of the method that got it (Slack limits each method separately) for
 * its Retry-After. After a pause the method's calls go one at a time until none is waiting, so that the slot a
 * pause frees is not met by every waiting relay at once (each earning another 429); the call that got the 429
 * goes first.
 */
import { DebtBucket } from './debt-bucket.js';

export type ChatMethod = 'post' | 'edit' | 'stream';
const METHODS: readonly ChatMethod[] = ['post', 'edit', 'stream'];

export interface CallOptions {
  /** first or final text: not held back by the edit budget, only by a pause of its method */
  urgent: boolean;
  /** the wait guards text that must be delivered: its timer keeps the process alive */
  keepAlive: boolean;
  /** the caller's previous try got a 429: it goes before calls that have not waited yet */
  retry?: boolean;
}

export interface CallSlot {
  /** resolves when the call may be made; make it, then report with `done` or `rateLimited` */
  readonly granted: Promise<void>;
  /** the call became first or final text */
  promote(): void;
  /** the call was answered (anything but a 429), or will not be made after all */
  done(): void;
  /** the call was answered with a 429: pauses the workspace's calls of this method */
  rateLimited(retryAfterMs: number): void;
}

interface Waiter {
  urgent: boolean;
  keepAlive: boolean;
  grant: () => void;
}

interface Lane {
  waiting: Waiter[];
  inFlight: number;
  pausedUntil: number;
  /** a 429 came back and the queue it built up is not served yet: one call at a time */
  congested: boolean;
}

interface Workspace {
  bucket: DebtBucket;
  lanes: Record<ChatMethod, Lane>;
  timer?: NodeJS.Timeout;
}

export class WorkspaceBudget {
  private readonly burst: number;
  private readonly perMs: number;
  /** tokens an intermediate edit leaves for first/final text that may arrive any moment */
  private readonly reserve: number;
  private readonly spaces = new Map<string, Workspace>();

  constructor(
    limit: number,
    windowMs: number,
    private readonly now: () => number,
  ) {
    if (!Number.isFinite(limit) || limit < 2) throw new RangeError('workspaceEditsPerMinute must be at least 2');
    if (!(windowMs > 0)) throw new RangeError('budgetWindowMs must be positive');
    this.burst = Math.max(1, Math.round(limit / 9));
    this.perMs = (limit - this.burst) / windowMs;
    this.reserve = this.burst > 1 ? 1 : 0;
  }

  acquire(workspace: string, method: ChatMethod, options: CallOptions): CallSlot {
    const space = this.space(workspace);
    const lane = space.lanes[method];
    let waiter!: Waiter;
    let state: 'waiting' | 'granted' | 'over' = 'waiting';
    const granted = new Promise<void>((grant) => {
      const markGranted = (): void => {
        state = 'granted';
        grant();
      };
      waiter = { urgent: options.urgent, keepAlive: options.keepAlive, grant: markGranted };
    });
    if (options.retry) lane.waiting.unshift(waiter);
    else lane.waiting.push(waiter);
    const settle = (retryAfterMs?: number): void => {
      if (state === 'over') return;
      if (state === 'waiting') lane.waiting.splice(lane.waiting.indexOf(waiter), 1);
      else lane.inFlight -= 1;
      if (state === 'granted' && retryAfterMs !== undefined) {
        lane.pausedUntil = Math.max(lane.pausedUntil, this.now() + Math.max(0, retryAfterMs));
        lane.congested = true;
        if (method === 'edit') space.bucket.refund(this.now());
      } else if (lane.waiting.length === 0 && lane.inFlight === 0) lane.congested = false;
      state = 'over';
      this.drain(workspace, space);
    };
    this.drain(workspace, space);
    return {
      granted,
      promote: () => {
        if (state !== 'waiting' || waiter.urgent) return;
        waiter.urgent = waiter.keepAlive = true;
        this.drain(workspace, space);
      },
      done: () => settle(),
      rateLimited: (retryAfterMs) => settle(retryAfterMs),
    };
  }

  /** ms left of the pause of the workspace's calls of `method`, 0 when none */
  pausedFor(workspace: string, method: ChatMethod): number {
    const space = this.spaces.get(workspace);
    return space ? Math.max(0, space.lanes[method].pausedUntil - this.now()) : 0;
  }

  private space(workspace: string): Workspace {
    let space = this.spaces.get(workspace);
    if (!space) {
      const lane = (): Lane => ({ waiting: [], inFlight: 0, pausedUntil: 0, congested: false });
      space = { bucket: new DebtBucket(this.burst, this.perMs, this.now()), lanes: { post: lane(), edit: lane(), stream: lane() } };
      this.spaces.set(workspace, space);
    }
    return space;
  }

  private drain(workspace: string, space: Workspace): void {
    if (space.timer) clearTimeout(space.timer);
    space.timer = undefined;
    const now = this.now();
    let wakeIn = Number.POSITIVE_INFINITY;
    for (const method of METHODS) {
      const lane = space.lanes[method];
      if (lane.waiting.length > 0 && now < lane.pausedUntil) wakeIn = Math.min(wakeIn, lane.pausedUntil - now);
      else wakeIn = Math.min(wakeIn, this.grant(lane, method === 'edit' ? space.bucket : undefined, now));
    }
    if (wakeIn !== Number.POSITIVE_INFINITY) return this.wakeAt(workspace, space, wakeIn);
    const idle = METHODS.every((m) => {
      const lane = space.lanes[m];
      return lane.waiting.length === 0 && lane.inFlight === 0 && lane.pausedUntil <= now && !lane.congested;
    });
    if (idle && space.bucket.isFull(now)) this.spaces.delete(workspace);
  }

  /** Grants what the lane allows now; returns the ms until the bucket lets the next intermediate edit go. */
  private grant(lane: Lane, bucket: DebtBucket | undefined, now: number): number {
    while (lane.waiting.length > 0 && !(lane.congested && lane.inFlight > 0)) {
      const index = Math.max(
        0,
        lane.waiting.findIndex((w) => w.urgent),
      );
      const next = lane.waiting[index]!;
      if (bucket) {
        const needed = 1 + this.reserve;
        if (!next.urgent && bucket.levelAt(now) < needed) return bucket.msUntil(needed, now);
        bucket.take(now);
      }
      lane.waiting.splice(index, 1);
      lane.inFlight += 1;
      next.grant();
    }
    return Number.POSITIVE_INFINITY;
  }

  private wakeAt(workspace: string, space: Workspace, ms: number): void {
    space.timer = setTimeout(() => this.drain(workspace, space), Math.max(1, Math.ceil(ms)));
    const mustDeliver = METHODS.some((m) => space.lanes[m].waiting.some((w) => w.keepAlive));
    if (!mustDeliver) space.timer.unref();
  }
}
