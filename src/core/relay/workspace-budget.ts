/**
 * Pacing shared by every relay of one workspace, per chat method (post, edit, native stream append/stop).
 *
 * Edits draw on a token bucket of `burst` tokens refilled at `(limit - burst) / window` (method-pace.ts).
 * With `adaptive`, `limit` is only where the edits' rate starts: it grows while the platform accepts what the
 * budget held back and is cut on a 429 (adaptive-rate.ts), and native stream calls get a budget of their own
 * starting at twice it (Slack: chat.update is Tier 3, 50+ a minute; chat.appendStream Tier 4, 100+). Without
 * it, the rate stays `limit` and the guarantees below hold for every window. Intermediate edits wait
 * for a token (and leave one spare); first and final text are urgent: they never wait for the bucket, yet take
 * their token all the same, into debt if need be, so that the intermediate edits after them wait longer. Since
 * an intermediate edit is only sent with the bucket above zero, the intermediate edits of any window, together
 * with the urgent edits sent in it before the last of them, are at most `limit`; over a long run the
 * intermediate edits are bounded by `burst + rate * time` minus every urgent edit sent before the last of them.
 * An edit refused with a 429 gives its token back: the platform did not count it either.
 * Posts and native stream starts and stops are not counted (chat.postMessage has limits of its own, per channel; a
 * start is an answer's first text, a stop its final text); nor are native stream appends without `adaptive`.
 *
 * A 429 pauses only the workspace's calls of the method that got it (Slack limits each method separately) for
 * its Retry-After. After a pause the method's calls go one at a time until none is waiting, so that the slot a
 * pause frees is not met by every waiting relay at once (each earning another 429); the call that got the 429
 * goes first.
 */
import type { AdaptiveRateOptions } from './adaptive-rate.js';
import { MethodPace } from './method-pace.js';

/**
 * 'start': a native stream's first call (chat.startStream), 'stream': its appends, 'stop': its stop. Slack limits
 * each of these methods apart, so a 429 on appends must hold back neither a new answer's first text nor final text.
 */
export type ChatMethod = 'post' | 'edit' | 'start' | 'stream' | 'stop';
const METHODS: readonly ChatMethod[] = ['post', 'edit', 'start', 'stream', 'stop'];

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
  /** the call became first or final text: urgent, and its wait keeps the process alive */
  promote(): void;
  /** the call was answered (anything but a 429), or will not be made after all */
  done(): void;
  /** the call was answered with a 429: pauses the workspace's calls of this method */
  rateLimited(retryAfterMs: number): void;
}

export interface BudgetOptions {
  /** learn each workspace's rates from the platform's answers; default false (a fixed `limit`) */
  adaptive?: boolean | AdaptiveRateOptions;
  /** the most calls per minute a learned rate may reach, per method (the platform's documented limit per workspace) */
  ceilingsPerMinute?: Partial<Record<'edit' | 'stream', number>>;
}

interface Waiter {
  urgent: boolean;
  keepAlive: boolean;
  grant: (grantedAt: number, budgetBound: boolean) => void;
}

type PacedMethod = 'edit' | 'stream';
type Paces = Partial<Record<PacedMethod, MethodPace>>;

interface Lane {
  waiting: Waiter[];
  inFlight: number;
  pausedUntil: number;
  /** a 429 came back and the queue it built up is not served yet: one call at a time */
  congested: boolean;
}

interface Workspace {
  paces: Paces;
  lanes: Record<ChatMethod, Lane>;
  timer?: NodeJS.Timeout;
}

export class WorkspaceBudget {
  private readonly spaces = new Map<string, Workspace>();
  /** what each workspace's budgets learned: kept while the workspace is idle and its lanes are dropped */
  private readonly paces = new Map<string, Paces>();
  private readonly adapt: AdaptiveRateOptions | false;
  private readonly ceilings: Partial<Record<PacedMethod, number>>;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    options: BudgetOptions = {},
  ) {
    if (!Number.isFinite(limit) || limit < 2) throw new RangeError('workspaceEditsPerMinute must be at least 2');
    if (!(windowMs > 0)) throw new RangeError('budgetWindowMs must be positive');
    this.adapt = options.adaptive === true ? {} : (options.adaptive ?? false);
    this.ceilings = options.ceilingsPerMinute ?? {};
  }

  acquire(workspace: string, method: ChatMethod, options: CallOptions): CallSlot {
    const space = this.space(workspace);
    const lane = space.lanes[method];
    let waiter!: Waiter;
    let state: 'waiting' | 'granted' | 'over' = 'waiting';
    let grantedAt = 0;
    let bound = false;
    const granted = new Promise<void>((grant) => {
      const markGranted = (at: number, budgetBound: boolean): void => {
        state = 'granted';
        [grantedAt, bound] = [at, budgetBound];
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
      const pace = space.paces[method as PacedMethod];
      if (state === 'granted' && retryAfterMs !== undefined) {
        lane.pausedUntil = Math.max(lane.pausedUntil, this.now() + Math.max(0, retryAfterMs));
        lane.congested = true;
        pace?.refused(grantedAt, this.now());
      } else {
        if (state === 'granted') pace?.accepted(this.now(), bound);
        if (lane.waiting.length === 0 && lane.inFlight === 0) lane.congested = false;
      }
      state = 'over';
      this.drain(workspace, space);
    };
    this.drain(workspace, space);
    return {
      granted,
      promote: () => {
        if (state !== 'waiting' || (waiter.urgent && waiter.keepAlive)) return;
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

  /** calls per window the workspace's budget of `method` allows now; undefined for a method without one */
  rateOf(workspace: string, method: ChatMethod): number | undefined {
    return this.pacesOf(workspace)[method as PacedMethod]?.perWindow;
  }

  private space(workspace: string): Workspace {
    let space = this.spaces.get(workspace);
    if (!space) {
      const lane = (): Lane => ({ waiting: [], inFlight: 0, pausedUntil: 0, congested: false });
      space = { paces: this.pacesOf(workspace), lanes: { post: lane(), edit: lane(), start: lane(), stream: lane(), stop: lane() } };
      this.spaces.set(workspace, space);
    }
    return space;
  }

  private pacesOf(workspace: string): Paces {
    let paces = this.paces.get(workspace);
    if (!paces) {
      const now = this.now();
      const pace = (method: PacedMethod, start: number) => {
        const adapt = this.adaptOf(method);
        return new MethodPace(Math.max(2, Math.min(start, (adapt ? adapt.ceiling : undefined) ?? start)), this.windowMs, adapt, now);
      };
      paces = { edit: pace('edit', this.limit) };
      if (this.adapt) paces.stream = pace('stream', 2 * this.limit);
      this.paces.set(workspace, paces);
    }
    return paces;
  }

  /** the learning options of `method`'s budget, its ceiling per minute scaled to the budget's window */
  private adaptOf(method: PacedMethod): AdaptiveRateOptions | false {
    const perMinute = this.ceilings[method];
    if (!this.adapt || perMinute === undefined) return this.adapt;
    return { ...this.adapt, ceiling: (perMinute * this.windowMs) / 60_000 };
  }

  private drain(workspace: string, space: Workspace): void {
    if (space.timer) clearTimeout(space.timer);
    space.timer = undefined;
    const now = this.now();
    let wakeIn = Number.POSITIVE_INFINITY;
    for (const method of METHODS) {
      const lane = space.lanes[method];
      if (lane.waiting.length > 0 && now < lane.pausedUntil) wakeIn = Math.min(wakeIn, lane.pausedUntil - now);
      else wakeIn = Math.min(wakeIn, this.grant(lane, space.paces[method as PacedMethod], now));
    }
    if (wakeIn !== Number.POSITIVE_INFINITY) return this.wakeAt(workspace, space, wakeIn);
    const idle = METHODS.every((m) => {
      const lane = space.lanes[m];
      return lane.waiting.length === 0 && lane.inFlight === 0 && lane.pausedUntil <= now && !lane.congested;
    });
    if (idle && Object.values(space.paces).every((pace) => pace.isFull(now))) this.spaces.delete(workspace);
  }

  /** Grants what the lane allows now; returns the ms until the budget lets the next intermediate call go. */
  private grant(lane: Lane, pace: MethodPace | undefined, now: number): number {
    while (lane.waiting.length > 0 && !(lane.congested && lane.inFlight > 0)) {
      const index = Math.max(
        0,
        lane.waiting.findIndex((w) => w.urgent),
      );
      const next = lane.waiting[index]!;
      const wait = pace && !next.urgent ? pace.waitFor(now) : 0;
      if (wait > 0) return wait;
      const budgetBound = pace ? pace.take(now) : false;
      lane.waiting.splice(index, 1);
      lane.inFlight += 1;
      next.grant(now, budgetBound);
    }
    return Number.POSITIVE_INFINITY;
  }

  private wakeAt(workspace: string, space: Workspace, ms: number): void {
    space.timer = setTimeout(() => this.drain(workspace, space), Math.max(1, Math.ceil(ms)));
    const mustDeliver = METHODS.some((m) => space.lanes[m].waiting.some((w) => w.keepAlive));
    if (!mustDeliver) space.timer.unref();
  }
}
