/**
 * Pacing per conversation, for chats that limit the messages a bot sends into one conversation (Teams: 7 a
 * second, 8 in two seconds, 60 in thirty seconds). Every call takes the earliest moment at which none of the
 * windows would be over, in the order the calls asked (so a later call never jumps ahead of an earlier one), and
 * waits for it. What the bot sends outside the relay is not counted, so the adapter declares windows with room
 * to spare.
 */
import type { RateWindow } from '../adapter.js';

export class ConversationPacer {
  /** the moments taken per conversation, oldest first, none older than the longest window */
  private readonly taken = new Map<string, number[]>();
  private readonly longestMs: number;

  constructor(
    private readonly windows: readonly RateWindow[],
    private readonly now: () => number,
  ) {
    if (windows.some((w) => !(w.max >= 1) || !(w.windowMs > 0))) throw new RangeError('a rate window needs max >= 1 and windowMs > 0');
    this.longestMs = Math.max(0, ...windows.map((w) => w.windowMs));
  }

  /** the release of the last call that asked, per conversation: calls are released in the order they asked */
  private readonly last = new Map<string, Promise<void>>();

  /** Resolves when a call into `conversation` may go; the moment is taken for it. */
  async take(conversation: string): Promise<void> {
    const at = this.reserve(conversation);
    const previous = this.last.get(conversation) ?? Promise.resolve();
    const mine = previous.then(async () => {
      const wait = at - this.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    });
    this.last.set(conversation, mine);
    await mine;
    if (this.last.get(conversation) === mine) this.last.delete(conversation);
  }

  /** ms until a call asking now would go (behind every call that asked before it); nothing is taken */
  waitFor(conversation: string): number {
    const now = this.now();
    const stamps = (this.taken.get(conversation) ?? []).filter((t) => t > now - this.longestMs);
    return this.earliest(stamps, now) - now;
  }

  /** The earliest moment, not before the last one taken, at which every window has room; recorded. */
  private reserve(conversation: string): number {
    const now = this.now();
    const stamps = (this.taken.get(conversation) ?? []).filter((t) => t > now - this.longestMs);
    const at = this.earliest(stamps, now);
    stamps.push(at);
    this.taken.set(conversation, stamps);
    this.forgetIdle(now);
    return at;
  }

  private earliest(stamps: readonly number[], now: number): number {
    let at = Math.max(now, stamps.at(-1) ?? now);
    for (let moved = true; moved; ) {
      moved = false;
      for (const { max, windowMs } of this.windows) {
        const inWindow = stamps.filter((t) => t > at - windowMs);
        if (inWindow.length < max) continue;
        // the window has room once enough of its calls have left it
        at = (inWindow[inWindow.length - max] as number) + windowMs;
        moved = true;
      }
    }
    return at;
  }

  private forgetIdle(now: number): void {
    if (this.taken.size < 1_000) return;
    for (const [conversation, stamps] of this.taken) {
      if ((stamps.at(-1) ?? 0) <= now - this.longestMs) this.taken.delete(conversation);
    }
  }
}
