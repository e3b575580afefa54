/**
 * The budget of one chat method in one workspace: a debt bucket of `burst` tokens refilled at `(rate - burst) /
 * window`, where the rate is fixed or learned from the platform's answers (adaptive-rate.ts). Intermediate calls
 * wait until it holds a token beyond the spare one kept for first and final text; urgent calls take theirs
 * at once, into debt if need be.
 */
import { AdaptiveRate, type AdaptiveRateOptions } from './adaptive-rate.js';
import { DebtBucket } from './debt-bucket.js';

export class MethodPace {
  private readonly bucket: DebtBucket;
  private readonly learned: AdaptiveRate | undefined;
  private rate: number;

  constructor(
    start: number,
    private readonly windowMs: number,
    adapt: AdaptiveRateOptions | false,
    now: number,
  ) {
    this.rate = start;
    this.learned = adapt ? new AdaptiveRate(start, windowMs, adapt) : undefined;
    this.bucket = new DebtBucket(this.burst(), this.perMs(), now);
  }

  /** calls per window the budget allows now */
  get perWindow(): number {
    return this.rate;
  }

  /** ms until an intermediate call may go; 0 when it may go now */
  waitFor(now: number): number {
    return this.bucket.msUntil(1 + this.reserve(), now);
  }

  /** takes the call's token; true when the budget now holds further intermediate calls back */
  take(now: number): boolean {
    this.bucket.take(now);
    return this.waitFor(now) > 0;
  }

  accepted(now: number, budgetBound: boolean): void {
    this.learned?.accept(now, budgetBound);
    this.follow(now);
  }

  /** a 429: the platform did not count the call (its token comes back), and the learned rate is cut */
  refused(grantedAt: number, now: number): void {
    this.bucket.refund(now);
    this.learned?.refuse(grantedAt, now);
    this.follow(now);
  }

  isFull(now: number): boolean {
    return this.bucket.isFull(now);
  }

  private follow(now: number): void {
    if (!this.learned || this.learned.perWindow === this.rate) return;
    this.rate = this.learned.perWindow;
    this.bucket.retune(this.burst(), this.perMs(), now);
  }

  private burst(): number {
    return Math.max(1, Math.round(this.rate / 9));
  }

  private perMs(): number {
    return (this.rate - this.burst()) / this.windowMs;
  }

  /** tokens an intermediate call leaves for first/final text that may arrive any moment */
  private reserve(): number {
    return this.burst() > 1 ? 1 : 0;
  }
}
