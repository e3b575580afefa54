/**
 * The send phase: the record's pending confirmation goes to the platform once, under the send's lease; a user's
 * problem with what they confirmed returns the step to its review, anything else is a failure with Retry.
 */
import type { HandlerContext } from '../../../core/handler.js';
import type { ThreadRecord } from '../../../core/state.js';
import { userProblemOf } from '../../../lib/failures.js';
import { moveAndShow } from '../record/deliver.js';
import { flowOf, seqOf, shownOf, stepContext, unchanged, type FlowChange } from '../record/flow.js';
import { withLease } from '../record/lease.js';
import { occupying } from '../limits.js';
import type { Transition, WorkflowData, WorkflowDefinition } from '../types.js';
import { watchForCancel } from './cancel-watch.js';
import { cancelled, fail } from './failed.js';
import { advance } from './machine.js';
import { reviewMessage } from './messages.js';
import { tellOutcome } from './outcome.js';
import { sendOf, stepOf, stepResult } from './step-result.js';

/**
 * Sends the record's pending confirmation (the record is in phase `send`), then enters what follows. `first` runs
 * under the send's lease before the request (the edit that settles the confirmed message): a chat paced by its rate
 * limits may hold that edit for seconds, and a send whose lease is not yet held looks interrupted to a rescan.
 */
export async function runSend<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  first?: (leased: HandlerContext) => Promise<void>,
): Promise<void> {
  // held while the request is out: a replica that starts meanwhile leaves this send alone (see resumeRecord)
  await withLease(
    ctx,
    record,
    async (leased) => {
      await first?.(leased);
      await occupying(leased, record, () => sendNow(leased, def, record));
    },
    'send',
  );
  // cancelled while the request was out: what follows it was not saved, the definition lets go of its input
  const current = await ctx.state.get(record.thread);
  if (current?.status === 'cancelled') await tellOutcome(ctx, def, current, 'cancelled');
}

async function sendNow<D extends WorkflowData>(ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord): Promise<void> {
  const pending = flowOf(record).pending;
  if (!pending) throw new Error(`no pending confirmation in ${record.thread}`);
  // cancelled (or moved on) since it was recorded: a cancel written while its message was settled wins over the send
  if (!(await unchanged(ctx, record.thread, record.version))) return;
  const send = sendOf(def, pending);
  const result = () => stepResult(ctx, def, { ...record, step: pending.step });
  let transition: Transition<D>;
  try {
    transition = await send.run(stepContext<D>(ctx, record), pending.input, result);
  } catch (error) {
    const problem = userProblemOf(error);
    if (problem !== undefined && pending.send === 'confirm' && stepOf(def, pending.step).review) return backToReview(ctx, def, record, problem);
    return fail(ctx, def, record, 'send', error, send.label(ctx.t));
  }
  await advance(ctx, def, record, transition);
}

/**
 * The user's problem with what they confirmed (nothing reached the platform): the step's review again, with
 * what they confirmed as its draft and the problem under it, and its controls to fix and confirm again.
 */
async function backToReview<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  problem: string,
): Promise<void> {
  const flow = flowOf(record);
  const pending = flow.pending!;
  let result: unknown;
  try {
    result = await stepResult(ctx, def, { ...record, step: pending.step });
  } catch (error) {
    return fail(ctx, def, record, 'send', error, sendOf(def, pending).label(ctx.t));
  }
  const draw = (v: number) => reviewMessage(def, pending.step, result, pending.input, stepContext<D>(ctx, record), v, `⚠️ ${problem}`);
  const change: FlowChange = { step: pending.step, wait: null, flow: { phase: 'review', draft: pending.input } };
  const saved = await moveAndShow(ctx, record, change, draw, shownOf(flow));
  if (saved) watchForCancel(ctx, record.thread, flowOf(saved).message, draw(seqOf(saved)), cancelled(ctx, def));
}
