/** Tracks promises still running so a stop can wait for them, up to a deadline. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    void work.then(
      () => this.running.delete(work),
      () => this.running.delete(work),
    );
    return work;
  }

  get size(): number {
    return this.running.size;
  }

  /** True when everything tracked settled within `timeoutMs`. */
  async drain(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([Promise.allSettled([...this.running]).then(() => true), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}
