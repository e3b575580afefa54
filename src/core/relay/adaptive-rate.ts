/**
 * The calls a window one chat method of one workspace may make, learned from the platform's answers (AIMD).
 *
 * It starts from the documented tier. While the platform accepts calls that the budget held back (the budget,
 * not the answers, was what limited them), the rate grows: by `slowStartGain * start` per accepted call until
 * the first 429 (doubling about every `window * ln 2 / (slowStartGain * start)`, under 2 s for 45 a minute: 100
 * answers want thousands of edits a minute and learn within seconds that an unlimited platform allows them; a
 * faster start sends the calls before the first 429 so close together that the platform's window frees its slots
 * as densely a window later, each freed slot met by a retry and a second 429), then by `avoidanceGain * start` per
 * window of accepted calls. A 429 cuts the rate to `decrease` times itself, and to no more than the
 * platform accepted in the last window (what it evidently allows); the 429s of calls granted before that cut
 * come from the same congestion and do not cut again. A `ceiling` is the method's documented limit, which Slack
 * gives as a floor ("100+ a minute"): the rate grows past it while the platform accepts, and once the platform has
 * refused, never again past the higher of that limit and what it accepted in the window before, so a platform that enforces the
 * documented limit costs one 429 (and its Retry-After) per method and workspace, not one per probe.
 */
import { WindowCount } from './window-count.js';

export interface AdaptiveRateOptions {
  /** rate after a 429, as a fraction of the rate before it; default 0.7 */
  decrease?: number;
  /** growth per accepted call until the first 429, as a fraction of the starting rate; default 0.5 */
  slowStartGain?: number;
  /** growth per window after the first 429, as a fraction of the starting rate; default 0.2 */
  avoidanceGain?: number;
  /** calls per window the rate grows past only until the first 429 (the method's documented limit); default none */
  ceiling?: number;
}

export const MIN_RATE = 2;

export class AdaptiveRate {
  private current: number;
  /** below it the rate grows fast (no 429 seen yet); above it slowly */
  private threshold = Number.POSITIVE_INFINITY;
  private lastCutAt = Number.NEGATIVE_INFINITY;
  private readonly accepted: WindowCount;
  private readonly decrease: number;
  private readonly avoidanceGain: number;
  private readonly slowStartGain: number;
  private readonly ceiling: number;
  /** how far the rate may grow: unbounded until the first 429, then the higher of the ceiling and what was accepted */
  private cap = Number.POSITIVE_INFINITY;

  constructor(
    private readonly start: number,
    windowMs: number,
    options: AdaptiveRateOptions = {},
  ) {
    this.current = start;
    this.accepted = new WindowCount(windowMs);
    this.decrease = options.decrease ?? 0.7;
    this.avoidanceGain = options.avoidanceGain ?? 0.2;
    this.slowStartGain = options.slowStartGain ?? 0.5;
    this.ceiling = options.ceiling ?? Number.POSITIVE_INFINITY;
    if (!(this.decrease > 0 && this.decrease < 1)) throw new RangeError('decrease must be between 0 and 1');
  }

  /** calls per window */
  get perWindow(): number {
    return this.current;
  }

  /** the platform accepted a call; `budgetBound`: the budget held calls back when it was granted */
  accept(now: number, budgetBound: boolean): void {
    this.accepted.add(now);
    if (!budgetBound) return;
    const gain = this.current < this.threshold ? this.slowStartGain * this.start : (this.avoidanceGain * this.start) / this.current;
    this.current = Math.max(this.current, Math.min(this.cap, this.current + gain));
  }

  /** the platform answered a call granted at `grantedAt` with a 429 */
  refuse(grantedAt: number, now: number): void {
    if (grantedAt <= this.lastCutAt) return;
    this.lastCutAt = now;
    const allowed = Math.max(MIN_RATE, this.accepted.total(now));
    if (this.cap === Number.POSITIVE_INFINITY && this.ceiling !== Number.POSITIVE_INFINITY) this.cap = Math.max(this.ceiling, allowed);
    this.current = this.threshold = Math.max(MIN_RATE, Math.min(this.current * this.decrease, allowed));
  }
}
