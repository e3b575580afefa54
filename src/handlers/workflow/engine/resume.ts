/** Resuming a recorded wait after a (re)start or on a rescan of a shared store, by phase. */
import type { HandlerContext, ResumeReason } from '../../../core/handler.js';
import { leaseMsOf } from '../../../core/lease.js';
import type { ThreadRecord } from '../../../core/state.js';
import { flowOf } from '../record/flow.js';
import { withLease } from '../record/lease.js';
import type { WorkflowData, WorkflowDefinition } from '../types.js';
import { fail } from './failed.js';
import { startPoll } from './machine.js';
import { InterruptedSendError } from './messages.js';
import { sendOf } from './step-result.js';

/**
 * Continues a recorded wait: a poll polls on (here, when nobody else holds it); a request that was out and whose
 * lease nobody holds (its replica died or restarted) is shown with Retry, at a start or by any replica's rescan.
 */
export async function resumeRecord<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  reason: ResumeReason = 'start',
): Promise<void> {
  const flow = flowOf(record);
  if (!record.wait || (record.status !== 'waiting' && record.status !== 'active')) return;
  if (flow.phase === 'poll') {
    // a wait entered a moment ago may be showing its message before it polls: a rescan leaves it until it is a lease old
    if (reason === 'rescan' && Date.now() - record.updatedAt < leaseMsOf(ctx.settings)) return;
    return startPoll(ctx, def, record);
  }
  if (flow.phase === 'send' && flow.pending) {
    // a send recorded a moment ago may not hold its lease yet: a rescan leaves it until it is a lease old
    if (reason === 'rescan' && Date.now() - record.updatedAt < leaseMsOf(ctx.settings)) return;
    const { pending } = flow;
    // a send whose lease is held is still out from a live replica: not interrupted
    const interrupted = (leased: HandlerContext) =>
      fail(leased, def, record, 'send', new InterruptedSendError(), sendOf(def, pending).label(leased.t));
    await withLease(ctx, record, interrupted, 'send');
    return;
  }
  if (reason === 'rescan') return;
  ctx.logger.warn({ thread: record.thread, phase: flow.phase }, 'workflow: a recorded wait in an unexpected phase was left alone');
}
