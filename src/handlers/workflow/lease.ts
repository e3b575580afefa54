/**
 * Wait leases, for several replicas on one shared store: a poll runs under the lock `wait:<thread>:v<version>`
 * (the record does not change while it polls), taken without waiting, so exactly one replica runs a wait; the
 * Redis lock is extended while its holder polls and frees itself one lease after the holder died. Every replica
 * rescans the recorded waits now and then and takes over the polls that nobody holds. lowdb's in-process lock
 * keeps a single process as it was.
 */
import type { Handler, HandlerContext } from '../../core/handler.js';
import type { Logger } from '../../log.js';
import { LockTimeoutError, type ThreadRecord } from '../../state/store.js';
import { flowOf } from './flow.js';
import { isWaitRunning } from './registry.js';
import { dispatchResume } from './resume.js';

/** How long a dead holder's wait stays unclaimed (WAIT_LEASE_MS); the rescan runs twice per lease. */
export const DEFAULT_WAIT_LEASE_MS = 15_000;
/** Redis locks are extended every third of their TTL: below this the extensions could not keep up. */
const MIN_LEASE_MS = 300;

/** `wait` for a poll; `send` while a confirmation is out (a replica starting meanwhile must not call it interrupted). */
export type LeaseKind = 'wait' | 'send';

export const leaseKey = (record: ThreadRecord, kind: LeaseKind = 'wait'): string => `${kind}:${record.thread}:v${record.version}`;

export const leaseMsOf = (ctx: HandlerContext): number => Math.max(MIN_LEASE_MS, ctx.settings.waitLeaseMs ?? DEFAULT_WAIT_LEASE_MS);

/** Runs `fn` holding the wait's lease; false (and `fn` not run) when another replica holds it. */
export async function withLease(ctx: HandlerContext, record: ThreadRecord, fn: () => Promise<void>, kind: LeaseKind = 'wait'): Promise<boolean> {
  const key = leaseKey(record, kind);
  try {
    await ctx.state.withLock(key, fn, { ttlMs: leaseMsOf(ctx), waitMs: 0 });
    return true;
  } catch (error) {
    if (error instanceof LockTimeoutError && error.key === key) return false;
    throw error;
  }
}

/** A wait another replica may run: a workflow's poll (a send or a chat answer belongs to the live request). */
const isPoll = (record: ThreadRecord): boolean => record.data.flow !== undefined && flowOf(record).phase === 'poll';

/**
 * Every half lease, offers each recorded poll this process is not running to its handler, which polls only
 * when it gets the lease. Stops with `signal` (the bot's lifetime); the timer never keeps the process alive.
 */
export function watchWaits(handlers: readonly Handler[], contexts: readonly HandlerContext[], logger: Logger, signal: AbortSignal): void {
  const first = contexts[0];
  if (!first || signal.aborted) return;
  let scanning = false;
  const rescan = async () => {
    if (scanning || signal.aborted) return;
    scanning = true;
    try {
      for (const record of await first.state.listWaiting()) {
        if (isPoll(record) && !isWaitRunning(first.state, record.thread)) dispatchResume(handlers, contexts, logger, record);
      }
    } finally {
      scanning = false;
    }
  };
  const timer = setInterval(() => {
    rescan().catch((error: unknown) => logger.warn({ err: error }, 'workflow: the rescan of recorded waits failed'));
  }, Math.floor(leaseMsOf(first) / 2));
  timer.unref();
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}
