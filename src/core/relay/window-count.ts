/** How many events fell in the last window, in 60 slots of a sixtieth of it (memory stays the same at any rate). */
const SLOTS = 60;

export class WindowCount {
  private readonly counts = new Array<number>(SLOTS).fill(0);
  private readonly slotMs: number;
  /** the slot number (time / slotMs) `counts` was last brought up to */
  private slot = Number.NEGATIVE_INFINITY;

  constructor(windowMs: number) {
    this.slotMs = windowMs / SLOTS;
  }

  add(now: number): void {
    this.advance(now);
    this.counts[this.slot % SLOTS]! += 1;
  }

  /** events in the window ending now (to within a slot) */
  total(now: number): number {
    this.advance(now);
    return this.counts.reduce((sum, count) => sum + count, 0);
  }

  private advance(now: number): void {
    const slot = Math.floor(now / this.slotMs);
    if (slot <= this.slot) return;
    const cleared = Math.min(SLOTS, slot - this.slot);
    for (let i = 1; i <= cleared; i++) this.counts[(slot - i + 1) % SLOTS] = 0;
    this.slot = slot;
  }
}
