/**
 * A token bucket that may go into debt: it holds at most `capacity` tokens and refills at `perMs`; `take` always
 * succeeds, even below zero, and whoever waits for tokens afterwards waits until the debt is repaid.
 */
export class DebtBucket {
  private level: number;
  private refilledAt: number;

  constructor(
    private capacity: number,
    private perMs: number,
    now: number,
  ) {
    this.level = capacity;
    this.refilledAt = now;
  }

  /** tokens at `now` (negative while in debt) */
  levelAt(now: number): number {
    this.level = Math.min(this.capacity, this.level + Math.max(0, now - this.refilledAt) * this.perMs);
    this.refilledAt = now;
    return this.level;
  }

  take(now: number): void {
    this.level = this.levelAt(now) - 1;
  }

  /** gives back a token whose call was refused (a 429: the platform did not count it either) */
  refund(now: number): void {
    this.level = Math.min(this.capacity, this.levelAt(now) + 1);
  }

  /** ms until the bucket holds `needed` tokens */
  msUntil(needed: number, now: number): number {
    return Math.max(0, (needed - this.levelAt(now)) / this.perMs);
  }

  /** a new size and refill rate from `now` on; tokens over the new capacity are dropped, a debt stays */
  retune(capacity: number, perMs: number, now: number): void {
    this.level = Math.min(capacity, this.levelAt(now));
    this.capacity = capacity;
    this.perMs = perMs;
  }

  isFull(now: number): boolean {
    return this.levelAt(now) >= this.capacity;
  }
}
