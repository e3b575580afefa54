/** A step's confirmation (the Confirm button, a confirming form, or a reply such as an upload): recorded first, then sent. */
import type { HandlerContext } from '../../../core/handler.js';
import type { ThreadRecord } from '../../../core/state.js';
import type { ThreadId } from '../../../core/thread-id.js';
import { runSend } from '../engine/send.js';
import { confirmedLine, reviewMessage, settled } from '../engine/messages.js';
import { stepOf, stepResult } from '../engine/step-result.js';
import { judged, tryDeliver, WRITE_LOST } from '../record/deliver.js';
import { flowOf, saveFlow, stepContext, waitFor, type Phase } from '../record/flow.js';
import type { WorkflowData, WorkflowDefinition } from '../types.js';
import { refusalFor } from './judge.js';
import type { StepValue } from './values.js';

/**
 * Call under the thread's lock with the record the click was judged on: saves the confirmation as pending (phase
 * `send`, the send recorded as the wait). Undefined when the record moved. Then, the lock released, `sendConfirmed`.
 */
export function recordConfirmation<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  input: unknown,
  userId: string,
): Promise<ThreadRecord | undefined> {
  const review = stepOf(def, record.step).review;
  if (!review) throw new Error(`step ${record.step} of ${def.name} has no review to confirm`);
  return saveFlow(ctx, record, {
    flow: { phase: 'send', pending: { step: record.step, send: 'confirm', input, by: userId }, message: flowOf(record).message },
    wait: waitFor(review.confirm.send.operation, record.step),
  });
}

/**
 * With no lock held: settles the review message of a confirmation `recordConfirmation` saved (its controls go,
 * who confirmed it is said), then sends the confirmation, both under the send's lease. `result` is what the review showed.
 */
export async function sendConfirmed<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  saved: ThreadRecord,
  result: unknown,
  edited: boolean,
): Promise<void> {
  const flow = flowOf(saved);
  const pending = flow.pending;
  await runSend(ctx, def, saved, async (leased) => {
    if (!pending) return;
    const shown = reviewMessage(def, saved.step, result, pending.input, stepContext<D>(leased, saved));
    await tryDeliver(leased, saved.thread, flow.message, settled(shown, confirmedLine(pending.by, edited, leased.t)));
  });
}

/**
 * Confirms the thread's step with `input` from outside its buttons (an image uploaded as a reply), when
 * `still(current)` holds under the thread's lock, then sends it; false (nothing recorded) when it no longer does.
 */
export async function confirmOutside<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  thread: ThreadId,
  userId: string,
  input: unknown,
  still: (current: ThreadRecord) => boolean,
): Promise<boolean> {
  const confirm = async (current: ThreadRecord) =>
    still(current) ? ((await recordConfirmation(ctx, def, current, input, userId)) ?? WRITE_LOST) : undefined;
  const saved = await judged(ctx, thread, confirm, undefined);
  if (!saved) return false;
  await sendConfirmed(ctx, def, saved, undefined, false);
  return true;
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
 * Reads the step's result for a click that will probably be accepted (judged on the record the click was routed
 * with, read as it arrived), so that refused clicks never reach the platform. `resolve` then gives it under the
 * lock, reading only if the guess was wrong (a click that arrived while its message's record was being saved).
 */
export async function prefetch<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  value: StepValue,
  phases: readonly Phase[],
): Promise<{ resolve(current: ThreadRecord): Promise<ReadOutcome> }> {
  const early = !refusalFor(def, record, value, phases) ? await readStep(ctx, def, record) : undefined;
  return { resolve: async (current) => early ?? readStep(ctx, def, current) };
}
