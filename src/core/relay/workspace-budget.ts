/**
 * Pacing shared by every relay of one workspace: a token bucket for edits, priority for first and final text,
 * and Retry-After pauses that hold back every call of the workspace.
 *
 * The bucket holds at most `burst` tokens and refills at `(limit - burst) / window`, so any window of
 * `windowMs` sees at most `burst + (limit - burst) = limit` edits: a hard bound, not an average.
 */

export interface EditTicket {
  /** resolves when the edit may be sent; check `pausedFor` right before sending */
  readonly granted: Promise<void>;
  /** the edit became first or final text: serve it before intermediate edits */
  promote(): void;
}

interface Waiter {
  high: boolean;
  keepAlive: boolean;
  grant: () => void;
}

interface Workspace {
  tokens: number;
  refilledAt: number;
  pausedUntil: number;
  edits: Waiter[];
  unpaused: Waiter[];
  timer?: NodeJS.Timeout;
}

export class WorkspaceBudget {
  private readonly burst: number;
  private readonly perMs: number;
  /** tokens an intermediate edit leaves for first/final text that may arrive any moment */
  private readonly reserve: number;
  private readonly spaces = new Map<string, Workspace>();

  constructor(limit: number, windowMs: number, private readonly now: () => number) {
    if (!Number.isFinite(limit) || limit < 2) throw new RangeError('workspaceEditsPerMinute must be at least 2');
    if (!(windowMs > 0)) throw new RangeError('budgetWindowMs must be positive');
    this.burst = Math.max(1, Math.round(limit / 9));
    this.perMs = (limit - this.burst) / windowMs;
    this.reserve = this.burst > 1 ? 1 : 0;
  }

  /** Queues an edit; `high` for first and final text. `keepAlive`: the wait guards text that must be delivered. */
  request(workspace: string, high: boolean, keepAlive: boolean): EditTicket {
    const space = this.space(workspace);
    let waiter!: Waiter;
    const granted = new Promise<void>((grant) => (waiter = { high, keepAlive, grant }));
    space.edits.push(waiter);
    this.drain(workspace, space);
    return {
      granted,
      promote: () => {
        if (waiter.high || !space.edits.includes(waiter)) return;
        waiter.high = true;
        waiter.keepAlive = true;
        this.drain(workspace, space);
      },
    };
  }

  /** Resolves once no Retry-After pause holds the workspace (posts are not counted, only paused). */
  whenUnpaused(workspace: string, keepAlive: boolean): Promise<void> {
    const space = this.space(workspace);
    const granted = new Promise<void>((grant) => space.unpaused.push({ high: true, keepAlive, grant }));
    this.drain(workspace, space);
    return granted;
  }

  pause(workspace: string, ms: number): void {
    const space = this.space(workspace);
    space.pausedUntil = Math.max(space.pausedUntil, this.now() + Math.max(0, ms));
    this.drain(workspace, space);
  }

  /** ms left of the workspace's pause, 0 when none */
  pausedFor(workspace: string): number {
    const space = this.spaces.get(workspace);
    return space ? Math.max(0, space.pausedUntil - this.now()) : 0;
  }

  private space(workspace: string): Workspace {
    let space = this.spaces.get(workspace);
    if (!space) {
      space = { tokens: this.burst, refilledAt: this.now(), pausedUntil: 0, edits: [], unpaused: [] };
      this.spaces.set(workspace, space);
    }
    return space;
  }

  private drain(workspace: string, space: Workspace): void {
    if (space.timer) clearTimeout(space.timer);
    space.timer = undefined;
    const now = this.now();
    space.tokens = Math.min(this.burst, space.tokens + (now - space.refilledAt) * this.perMs);
    space.refilledAt = now;
    if (now < space.pausedUntil) return this.wakeAt(workspace, space, space.pausedUntil - now);
    for (const waiter of space.unpaused.splice(0)) waiter.grant();
    while (space.edits.length > 0) {
      const index = Math.max(0, space.edits.findIndex((w) => w.high));
      const next = space.edits[index]!;
      const needed = next.high ? 1 : 1 + this.reserve;
      if (space.tokens < needed) return this.wakeAt(workspace, space, (needed - space.tokens) / this.perMs);
      space.tokens -= 1;
      space.edits.splice(index, 1);
      next.grant();
    }
    if (space.tokens >= this.burst) this.spaces.delete(workspace);
  }

  private wakeAt(workspace: string, space: Workspace, ms: number): void {
    space.timer = setTimeout(() => this.drain(workspace, space), Math.max(1, Math.ceil(ms)));
    const mustDeliver = [...space.edits, ...space.unpaused].some((w) => w.keepAlive);
    if (!mustDeliver) space.timer.unref();
  }
}
