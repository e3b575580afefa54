/**
 * A workflow's leases (core/lease.ts), for several replicas on one shared store: a poll runs under
 * `wait:<thread>:v<version>` (the record does not change while it polls), a confirmation that is out under
 * `send:<thread>:v<version>`, so exactly one replica runs each; the work gets a context fenced by the lease. The
 * router's rescan (core/waits.ts) offers a wait or send whose holder died to another replica. lowdb's in-process
 * lock keeps a single process as it was.
 */
import type { HandlerContext } from '../../../core/handler.js';
import { withLease as withThreadLease } from '../../../core/lease.js';
import type { ThreadRecord } from '../../../core/state.js';

/** `wait` for a poll; `send` while a confirmation is out (a replica starting meanwhile must not call it interrupted). */
export type LeaseKind = 'wait' | 'send';

export const leaseKey = (record: ThreadRecord, kind: LeaseKind = 'wait'): string => `${kind}:${record.thread}:v${record.version}`;

/** Runs `fn` holding the record's lease, with a context fenced by it; false (and `fn` not run) when another replica holds it. */
export function withLease(
  ctx: HandlerContext,
  record: ThreadRecord,
  fn: (leased: HandlerContext) => Promise<void>,
  kind: LeaseKind = 'wait',
): Promise<boolean> {
  return withThreadLease(ctx, leaseKey(record, kind), fn);
}
