/**
 * WorkLimits in one process (the memory and lowdb stores): per scope a map of slot id to expiry, and per
 * workspace a queue (a map in arrival order of id to the expiry of its place). A check and its add run in one
 * synchronous step, so simultaneous acquires cannot both take the last slot.
 */
import {
  DEFAULT_LIMITS,
  limitsOf,
  type Admission,
  type LimitSettings,
  type Queued,
  type Refusal,
  type WorkKind,
  type WorkLimits,
  type WorkScope,
} from '../core/limits.js';

export class MemoryWorkLimits implements WorkLimits {
  readonly #slots = new Map<string, Map<string, number>>();
  readonly #queues = new Map<string, Map<string, number>>();

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

  async acquireOrQueue(scope: WorkScope, kind: WorkKind, id: string, ttlMs: number, leaseMs: number): Promise<Admission | Queued | Refusal> {
    const [user, workspace] = this.#sets(scope, kind);
    const queue = this.#queue(scope, kind);
    const limits = limitsOf(this.settings, kind);
    const admitted = (): Admission => {
      queue.delete(id);
      this.#add([user, workspace], id, ttlMs);
      return { ok: true, release: () => this.release(scope, kind, id) };
    };
    if (workspace.has(id)) return admitted();
    const place = [...queue.keys()].indexOf(id);
    if (place < 0 && !user.has(id) && limits.user > 0 && user.size >= limits.user) return { ok: false, reason: 'user', limit: limits.user };
    const ahead = place < 0 ? queue.size : place;
    if (limits.workspace <= 0 || ahead < limits.workspace - workspace.size) return admitted();
    if (place < 0 && queue.size >= limits.queue)
      return limits.queue > 0 ? { ok: false, reason: 'queue', limit: limits.queue } : { ok: false, reason: 'workspace', limit: limits.workspace };
    const expires = this.clock() + leaseMs;
    queue.set(id, expires);
    user.set(id, Math.max(expires, user.get(id) ?? 0));
    return { ok: false, reason: 'queued', ahead };
  }

  async release(scope: WorkScope, kind: WorkKind, id: string): Promise<void> {
    const queueKey = queueKeyOf(scope, kind);
    const queue = this.#queues.get(queueKey);
    queue?.delete(id);
    if (queue?.size === 0) this.#queues.delete(queueKey);
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

  /** The workspace's queue, without the places whose waiter stopped renewing them. */
  #queue(scope: WorkScope, kind: WorkKind): Map<string, number> {
    const key = queueKeyOf(scope, kind);
    let queue = this.#queues.get(key);
    if (!queue) this.#queues.set(key, (queue = new Map()));
    const now = this.clock();
    for (const [id, expires] of queue) if (expires <= now) queue.delete(id);
    return queue;
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

const queueKeyOf = (scope: WorkScope, kind: WorkKind): string => JSON.stringify(['queue', kind, scope.chat, scope.workspaceId]);
