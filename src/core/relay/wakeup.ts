/** Small waiting primitives that never leave a timer behind once they have resolved. */

/**
 * A wake-up signal: `wait(ms)` resolves on the next `notify()` or after `ms`. Check the condition and call
 * `wait` in the same synchronous step, and no notification can slip in between.
 */
export class Wakeup {
  private readonly waiters = new Set<() => void>();

  notify(): void {
    if (this.waiters.size === 0) return;
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake();
  }

  /** The timer is unref'd: it only paces work that something else (the stream, a server) keeps alive. */
  wait(ms?: number): Promise<void> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const wake = (): void => {
        if (timer) clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      this.waiters.add(wake);
      if (ms !== undefined) {
        timer = setTimeout(wake, Math.max(0, ms));
        timer.unref();
      }
    });
  }
}

/** A plain delay that keeps the process alive: used only while delivering text that must not be lost. */
export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
