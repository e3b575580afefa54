/**
 * Workflows and answers under the per-user and per-workspace limits (core/limits.ts).
 *
 * A workflow counts as running from its start until it is done or cancelled. While a replica works on it on
 * the platform (a request out, a task polled) its slot is renewed; once it waits for its user (a review, a
 * failure with Retry) it still counts for the idle time (`LIMIT_WORKFLOW_IDLE_MS`) after that work, then no
 * longer, until its user moves it on (which is never refused). The slot's id is kept in the record, so any
 * replica, or the same bot after a restart, renews and frees it; one whose replica died frees itself.
 */
import { randomUUID } from 'node:crypto';
import type { HandlerContext } from '../../core/handler.js';
import { keepCounted, refusalText, type Refusal, type WorkKind, type WorkScope } from '../../core/limits.js';
import { isFinished, type ThreadRecord } from '../../core/state.js';
import { nothingSent } from './command.js';

/** The key of `record.data` holding the workflow's slot id. */
export const SLOT_KEY = 'limitSlot';

/** What the user is told when a limit refuses their work. */
export const limitReached = (ctx: HandlerContext, refusal: Refusal, kind: WorkKind): string =>
  nothingSent(`⏳ ${refusalText(refusal, kind, ctx.messenger.invocation, ctx.t)}`, ctx.t);

const logError = (ctx: HandlerContext, what: string) => (error: unknown) => ctx.logger.warn({ err: error }, `limits: could not ${what} a slot`);

const scopeOf = (ctx: HandlerContext, record: ThreadRecord): WorkScope => ({
  chat: ctx.messenger.chat,
  workspaceId: record.workspaceId,
  userId: record.startedBy,
});

const slotOf = (record: ThreadRecord): string | undefined => {
  const id = record.data[SLOT_KEY];
  return typeof id === 'string' ? id : undefined;
};

/** Takes a new workflow's slot before anything is started: its id for the record, or the refusal. */
export async function takeWorkflowSlot(
  ctx: HandlerContext,
  workspaceId: string,
  userId: string,
): Promise<{ id: string; release(): Promise<void> } | Refusal> {
  const id = randomUUID();
  if (!ctx.limits) return { id, release: async () => undefined };
  const admission = await ctx.limits.acquire({ chat: ctx.messenger.chat, workspaceId, userId }, 'workflow', id, ctx.limits.settings.workflowIdleMs);
  return admission.ok ? { id, release: admission.release } : admission;
}

/**
 * Runs a workflow's platform work (a send, a poll and what follows it) keeping its slot counted; afterwards the
 * slot counts for the idle time from now, or is freed when the workflow is finished (done, cancelled).
 */
export async function occupying<T>(ctx: HandlerContext, record: ThreadRecord, work: () => Promise<T>): Promise<T> {
  const { limits } = ctx;
  const id = slotOf(record);
  if (!limits || !id) return work();
  const scope = scopeOf(ctx, record);
  const idleMs = limits.settings.workflowIdleMs;
  // nothing waits on the count: the work starts beside it, and the count is settled only after it is made
  const counted = limits.renew(scope, 'workflow', id, idleMs).catch(logError(ctx, 'renew'));
  const stop = keepCounted(limits, scope, 'workflow', id, idleMs, logError(ctx, 'renew'));
  try {
    return await work();
  } finally {
    stop();
    await counted;
    const current = await ctx.state.get(record.thread).catch(() => record);
    const done = !current || isFinished(current.status);
    await (done ? limits.release(scope, 'workflow', id) : limits.renew(scope, 'workflow', id, idleMs)).catch(logError(ctx, 'settle'));
  }
}

/** Frees the slot of a workflow that ended while nothing ran (cancelled during a review or after a failure). */
export async function freeSlot(ctx: HandlerContext, record: ThreadRecord): Promise<void> {
  const id = slotOf(record);
  if (ctx.limits && id) await ctx.limits.release(scopeOf(ctx, record), 'workflow', id).catch(logError(ctx, 'free'));
}
