/** A step's confirmation (the Confirm button or a confirming form): recorded first, then sent. */
import type { HandlerContext } from '../../core/handler.js';
import type { ThreadRecord } from '../../core/state.js';
import { tryDeliver } from './deliver.js';
import { flowOf, saveFlow, stepContext, waitFor, type Phase } from './flow.js';
import { confirmedLine, reviewMessage, settled } from './messages.js';
import { stepOf, stepResult } from './step-result.js';
import type { WorkflowData, WorkflowDefinition } from './types.js';
import { refusalFor } from './judge.js';
import type { StepValue } from './values.js';

/**
 * Call under the thread's lock with the record the click was judged on: saves the confirmation as pending
 * (phase `send`, the send recorded as the wait) and settles the review message. Undefined when the record moved.
 */
export async function recordConfirmation<D extends WorkflowData>(
  ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord, input: unknown, userId: string, result: unknown, edited: boolean,
): Promise<ThreadRecord | undefined> {
  const review = stepOf(def, record.step).review;
  if (!review) throw new Error(`step ${record.step} of ${def.name} has no review to confirm`);
  const flow = flowOf(record);
  const saved = await saveFlow(ctx, record, {
    flow: { phase: 'send', pending: { step: record.step, send: 'confirm', input, by: userId }, message: flow.message },
    wait: waitFor(review.confirm.send.operation, record.step),
  });
  if (!saved) return undefined;
  const shown = reviewMessage(def, record.step, result, input, stepContext<D>(ctx, record));
  await tryDeliver(ctx, record.thread, flow.message, settled(shown, confirmedLine(userId, edited)));
  return saved;
}

/** What a click's step showed, read before the thread's lock is taken (a platform read must not hold it). */
export type ReadOutcome = { ok: true; result: unknown } | { ok: false; error: unknown };

async function readStep<D extends WorkflowData>(ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord): Promise<ReadOutcome> {
  try {
    return { ok: true, result: await stepResult(ctx, def, record) };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Reads the step's result for a click that will probably be accepted (judged on a fresh read of the record),
 * so that refused clicks never reach the platform. `resolve` then gives it under the lock, reading only if the
 * guess was wrong (a click that arrived while its message's record was being saved).
 */
export async function prefetch<D extends WorkflowData>(
  ctx: HandlerContext, def: WorkflowDefinition<D>, thread: ThreadRecord['thread'], value: StepValue, phases: readonly Phase[],
): Promise<{ resolve(current: ThreadRecord): Promise<ReadOutcome> }> {
  const record = await ctx.state.get(thread);
  const early = record && !refusalFor(def, record, value, phases) ? await readStep(ctx, def, record) : undefined;
  return { resolve: async (current) => early ?? readStep(ctx, def, current) };
}
