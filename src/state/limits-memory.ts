/**
 * WorkLimits in one process (the memory and lowdb stores): per scope a map of slot id to expiry. A check and
 * its add run in one synchronous step, so simultaneous acquires cannot both take the last slot.
 */
import { DEFAULT_LIMITS, limitsOf, type Admission, type LimitSettings, type WorkKind, type WorkLimits, type WorkScope } from '../core/limits.js';

export class MemoryWorkLimits implements WorkLimits {
  readonly #slots = new Map<string, Map<string, number>>();

  constructor(
    readonly settings: LimitSettings = DEFAULT_LIMITS,
    private readonly clock: () => number = Date.now,
  ) {}

  async acquire(scope: WorkScope, kind: WorkKind, id: string, ttlMs: number): Promise<Admission> {
    const [user, workspace] = this.#sets(scope, kind);
    const limits = limitsOf(this.settings, kind);
    if (!user.has(id)) {
      if (limits.user > 0 && user.size >= limits.user) return { ok: false, reason: 'user', limit: limits.user };
      if (limits.workspace > 0 && workspace.size >= limits.workspace) return { ok: false, reason: 'workspace', limit: limits.workspace };
    }
    this.#add([user, workspace], id, ttlMs);
    return { ok: true, release: () => this.release(scope, kind, id) };
  }

  async renew(scope: WorkScope, kind: WorkKind, id: string, ttlMs: number): Promise<void> {
    this.#add(this.#sets(scope, kind), id, ttlMs);
  }

  async release(scope: WorkScope, kind: WorkKind, id: string): Promise<void> {
    for (const key of keysOf(scope, kind)) {
      const set = this.#slots.get(key);
      set?.delete(id);
      if (set?.size === 0) this.#slots.delete(key);
    }
  }

  /** The scope's user and workspace sets, without their expired slots. */
  #sets(scope: WorkScope, kind: WorkKind): [Map<string, number>, Map<string, number>] {
    const now = this.clock();
    const [user, workspace] = keysOf(scope, kind).map((key) => {
      let set = this.#slots.get(key);
      if (!set) this.#slots.set(key, (set = new Map()));
      for (const [id, expires] of set) if (expires <= now) set.delete(id);
      return set;
    });
    return [user!, workspace!];
  }

  #add(sets: Array<Map<string, number>>, id: string, ttlMs: number): void {
    const expires = this.clock() + ttlMs;
    for (const set of sets) set.set(id, Math.max(expires, set.get(id) ?? 0));
  }
}

/** JSON keeps the parts apart whatever characters the ids hold. */
const keysOf = (scope: WorkScope, kind: WorkKind): [string, string] => [
  JSON.stringify([kind, scope.chat, scope.workspaceId, scope.userId]),
  JSON.stringify([kind, scope.chat, scope.workspaceId]),
];
