/**
 * Wait leases, for several replicas on one shared store: a poll runs under the lock `wait:<thread>:v<version>`
 * (the record does not change while it polls), taken without waiting, so exactly one replica runs a wait; the
 * Redis lock is extended while its holder polls and frees itself one lease after the holder died (the router's
 * rescan, core/waits.ts, then offers the wait to another replica). lowdb's in-process lock keeps a single
 * process as it was.
 */
import type { HandlerContext } from '../../../core/handler.js';
import { LockTimeoutError, type ThreadRecord } from '../../../core/state.js';
import { leaseMsOf } from '../../../core/waits.js';

/** `wait` for a poll; `send` while a confirmation is out (a replica starting meanwhile must not call it interrupted). */
export type LeaseKind = 'wait' | 'send';

export const leaseKey = (record: ThreadRecord, kind: LeaseKind = 'wait'): string => `${kind}:${record.thread}:v${record.version}`;

/** Runs `fn` holding the wait's lease; false (and `fn` not run) when another replica holds it. */
export async function withLease(ctx: HandlerContext, record: ThreadRecord, fn: () => Promise<void>, kind: LeaseKind = 'wait'): Promise<boolean> {
  const key = leaseKey(record, kind);
  try {
    await ctx.state.withLock(key, fn, { ttlMs: leaseMsOf(ctx.settings), waitMs: 0 });
    return true;
  } catch (error) {
    if (error instanceof LockTimeoutError && error.key === key) return false;
    throw error;
  }
}
