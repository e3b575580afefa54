/**
 * Limits on concurrent platform work per user and per workspace (answers being written, workflows running), so
 * that one member cannot start 80 platform tasks in a few seconds. A piece of work holds a slot: a member of the
 * scope's user set and of its workspace set, with an expiry. Taking one checks both limits and adds to both at
 * once (on Redis in one script, so replicas share the count); a slot is renewed while its work goes on and
 * freed when it ends, and one whose holder died expires by itself. Implementations: state/limits-memory.ts (one
 * process: memory and lowdb stores), state/limits-redis.ts (replicas on one Redis).
 */
import type { Translate } from '../i18n/index.js';
import type { ChatKind } from './thread-id.js';

export type WorkKind = 'answer' | 'workflow';

/** Whose work it is: the chat platform keeps `slack:T1` and `teams:T1` apart. */
export interface WorkScope {
  chat: ChatKind;
  workspaceId: string;
  userId: string;
}

/** The configured limits (0: no limit) and how long an idle workflow still counts. */
export interface LimitSettings {
  answersPerUser: number;
  answersPerWorkspace: number;
  workflowsPerUser: number;
  workflowsPerWorkspace: number;
  /** how long a workflow waiting for its user (a review, a failure with Retry) still counts after its last platform work */
  workflowIdleMs: number;
  /** answers waiting for a slot past the workspace limit (0: none wait, they are refused) */
  answerQueuePerWorkspace: number;
  /** how long a queued answer waits for its slot before its user is told to retry */
  answerQueueWaitMs: number;
}

export const DEFAULT_LIMITS: LimitSettings = {
  answersPerUser: 3,
  answersPerWorkspace: 30,
  workflowsPerUser: 5,
  workflowsPerWorkspace: 50,
  workflowIdleMs: 15 * 60_000,
  answerQueuePerWorkspace: 100,
  answerQueueWaitMs: 5 * 60_000,
};

/** How long an answer's slot outlives a replica that died while writing it (renewed every third while it is written). */
export const ANSWER_LEASE_MS = 60_000;

/** How long a place in a queue outlives a replica that died while waiting (renewed at every look at the queue). */
export const QUEUE_LEASE_MS = 15_000;

/** `queue`: the workspace is at its limit and its queue is full too */
export type Refusal = { ok: false; reason: 'user' | 'workspace' | 'queue'; limit: number };
/** A place in the workspace's queue: `ahead` questions are before it. */
export type Queued = { ok: false; reason: 'queued'; ahead: number };
export type Admission = { ok: true; release(): Promise<void> } | Refusal;

export interface WorkLimits {
  readonly settings: LimitSettings;
  /**
   * Counts `id` for `ttlMs` in the scope's user and workspace when both are under their limits for `kind`,
   * atomically (no over-admission under simultaneous calls, across replicas too); an `id` already counted is
   * renewed, never refused. Expired slots are not counted.
   */
  acquire(scope: WorkScope, kind: WorkKind, id: string, ttlMs: number): Promise<Admission>;
  /** Keeps `id` counted for at least `ttlMs` from now, without checking the limits (work already admitted goes on). */
  renew(scope: WorkScope, kind: WorkKind, id: string, ttlMs: number): Promise<void>;
  /** Frees `id`'s slot, wherever it was taken; nothing when it is not counted. */
  release(scope: WorkScope, kind: WorkKind, id: string): Promise<void>;
  /**
   * Like `acquire`, but past the workspace limit `id` takes (or keeps) a place at the back of the workspace's
   * queue instead, for `leaseMs` (counted in its user's limit meanwhile); a queued `id` is admitted when fewer
   * are ahead of it than there are free slots, so the queue is served in order. Refused when the user is at
   * their limit, or the queue is full (its limit 0: `workspace`). `release` also takes `id` off the queue.
   */
  acquireOrQueue(scope: WorkScope, kind: WorkKind, id: string, ttlMs: number, leaseMs: number): Promise<Admission | Queued | Refusal>;
  close?(): Promise<void>;
}

/** The user and workspace limits of a kind of work. */
export function limitsOf(settings: LimitSettings, kind: WorkKind): { user: number; workspace: number; queue: number } {
  return kind === 'answer'
    ? { user: settings.answersPerUser, workspace: settings.answersPerWorkspace, queue: settings.answerQueuePerWorkspace }
    : { user: settings.workflowsPerUser, workspace: settings.workflowsPerWorkspace, queue: 0 };
}

/** Renews a slot every third of `ttlMs` (at most a minute apart) until the returned function is called. */
export function keepCounted(
  limits: WorkLimits,
  scope: WorkScope,
  kind: WorkKind,
  id: string,
  ttlMs: number,
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(
    () => {
      limits.renew(scope, kind, id, ttlMs).catch(onError);
    },
    Math.max(10, Math.min(Math.floor(ttlMs / 3), 60_000)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Takes a slot kept alive while it is held (`ttlMs` after a holder that died); `release()` stops the renewals
 * and frees it. Without limits everything is admitted.
 */
export async function admit(
  limits: WorkLimits | undefined,
  scope: WorkScope,
  kind: WorkKind,
  id: string,
  ttlMs: number,
  onError: (error: unknown) => void,
): Promise<Admission> {
  if (!limits) return { ok: true, release: async () => undefined };
  const admission = await limits.acquire(scope, kind, id, ttlMs);
  if (!admission.ok) return admission;
  const stop = keepCounted(limits, scope, kind, id, ttlMs, onError);
  return {
    ok: true,
    release: async () => {
      stop();
      await admission.release();
    },
  };
}

/** What a refused user is told, said with `t` (`status` written as this chat invokes the bot, e.g. `/iip `). */
export function refusalText(refusal: Refusal, kind: WorkKind, invocation: string, t: Translate): string {
  const count = refusal.limit;
  const status = `\`${invocation}status\``;
  if (refusal.reason === 'queue') return t('core:limits.answersQueueFull', { count });
  if (kind === 'answer') return refusal.reason === 'user' ? t('core:limits.answersUser', { count }) : t('core:limits.answersWorkspace', { count });
  return refusal.reason === 'user' ? t('core:limits.workflowsUser', { count, status }) : t('core:limits.workflowsWorkspace', { count, status });
}
