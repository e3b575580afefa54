/**
 * The workflow state machine: how a step moves. Read this file to learn the engine.
 *
 *   send ──▶ poll ──▶ review ──(Confirm: clicks/)──▶ send ──▶ …
 *    │        │  └──▶ then ──▶ next step, or done
 *    └────────┴──▶ failed (Retry: clicks/) ──▶ send or poll again
 *
 * This file enters steps and runs waits; send.ts sends a confirmation, failed.ts shows a failure, resume.ts takes a
 * recorded wait up again. The phases are `flow.phase` in the thread record (record/flow.ts). A confirmation is recorded as pending
 * before it is sent and stays in the record until the task it starts has succeeded, so Retry can send it again;
 * a wait is durable (`record.wait`), resumed after a restart, run by one poller per process and one replica.
 */
import type { HandlerContext } from '../../../core/handler.js';
import type { ThreadRecord } from '../../../core/state.js';
import type { ThreadId } from '../../../core/thread-id.js';
import { moveAndShow } from '../record/deliver.js';
import { flowOf, seqOf, shownOf, stepContext, waitFor, type FlowChange, type ShownMessage } from '../record/flow.js';
import { withLease } from '../record/lease.js';
import { occupying } from '../limits.js';
import { claimWait, rememberResult, releaseWait } from '../record/registry.js';
import type { Transition, WorkflowData, WorkflowDefinition } from '../types.js';
import { endWatch, watchForCancel } from './cancel-watch.js';
import { cancelled, fail } from './failed.js';
import { progressMessage, reviewMessage } from './messages.js';
import { relayOnce } from './relay-step.js';
import { tellOutcome } from './outcome.js';
import { stepOf } from './step-result.js';
import { waitForResult } from './wait.js';

// ── enter: the next step's wait (poll), its review, or the end (done) ──

/** Enters the transition's next step or ends the workflow; `reuse` turns that message into the next one. */
export async function advance<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  transition: Transition<D>,
  reuse?: ShownMessage,
): Promise<void> {
  const base: Pick<FlowChange, 'ids' | 'data'> = { ids: transition.ids, data: transition.data };
  const { thread } = record;
  if ('done' in transition) {
    const done = await moveAndShow(ctx, record, { ...base, flow: { phase: 'done' }, wait: null }, () => transition.done, reuse);
    if (done) await tellOutcome(ctx, def, done, 'done');
    return endWatch(ctx, thread);
  }
  const step = transition.next;
  const next = stepOf(def, step);
  if (next.poll) {
    const change: FlowChange = { ...base, step, wait: waitFor(next.poll.operation, step), flow: { phase: 'poll', pending: flowOf(record).pending } };
    const label = next.poll.label(ctx.t);
    // shown (and its id saved) before the wait starts: the wait polls the record as it then is
    return showWait(ctx, def, thread, () =>
      moveAndShow(ctx, record, change, (v) => progressMessage(def, step, label, undefined, v, undefined, ctx.t), reuse),
    );
  }
  const preview = stepContext<D>(ctx, { ...record, step, ids: { ...record.ids, ...transition.ids }, data: { ...record.data, ...transition.data } });
  const draw = (v: number) => reviewMessage(def, step, undefined, undefined, preview, v);
  const saved = await moveAndShow(ctx, record, { ...base, step, wait: null, flow: { phase: 'review' } }, draw, reuse);
  if (saved) watchForCancel(ctx, thread, flowOf(saved).message, draw(seqOf(saved)), cancelled(ctx, def));
}

// ── poll: the durable wait, then the step's review or its `then` ──

/**
 * Shows a wait's message (`show` saves and shows it), then starts its poller. The wait's interrupt (Ctrl-C in the
 * terminal) is taken before the message shows: the poller holds its lease only after some store round trips, and
 * a press once the message is there must stop the wait, not find nothing to stop.
 */
export async function showWait<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  thread: ThreadId,
  show: () => Promise<ThreadRecord | undefined>,
): Promise<void> {
  const interrupt = ctx.messenger.begin(thread);
  let saved: ThreadRecord | undefined;
  try {
    saved = await show();
  } finally {
    // nothing to wait for (the record moved, the show failed): the interrupt is given back, it stops nothing later
    if (!saved) ctx.messenger.finish(thread, interrupt);
  }
  if (saved) startPoll(ctx, def, saved, interrupt);
}

/** Starts the thread's poller in the background (errors are logged); `interrupt`: the one `showWait` took. */
export function startPoll<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  interrupt?: AbortSignal,
): void {
  void runPoll(ctx, def, record, interrupt).catch((error: unknown) =>
    ctx.logger.error({ err: error, thread: record.thread }, 'workflow: a wait ended in an error'),
  );
}

export async function runPoll<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  taken?: AbortSignal,
): Promise<void> {
  if (!claimWait(ctx.memory, record.thread)) {
    if (taken) ctx.messenger.finish(record.thread, taken);
    return;
  }
  // taken as the wait is claimed (a resumed one), before the lease: a press while the lease is taken stops it
  const interrupt = taken ?? ctx.messenger.begin(record.thread);
  let started = false;
  try {
    // the lease covers the step's continuation too: an automatic step's platform call is made once
    const held = await withLease(ctx, record, (leased) => {
      started = true;
      return occupying(leased, record, () => pollAndContinue(leased, def, record, interrupt));
    });
    if (!held) ctx.logger.debug({ thread: record.thread }, 'workflow: another replica runs this wait');
  } finally {
    // a claim that never got to poll is given back (the rescan offers the wait again)
    if (!started) releaseWait(ctx.memory, record.thread);
    // and the interrupt in any case (a next step's wait took its own meanwhile: finish leaves that one alone)
    ctx.messenger.finish(record.thread, interrupt);
  }
}

async function pollAndContinue<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  interrupt: AbortSignal,
): Promise<void> {
  const signal = ctx.lifetime ? AbortSignal.any([interrupt, ctx.lifetime]) : interrupt;
  let waited: Awaited<ReturnType<typeof waitForResult>>;
  let current = record;
  try {
    current = await relayOnce(ctx, def, record, signal);
    waited = await waitForResult(ctx, def, current, signal);
  } finally {
    releaseWait(ctx.memory, record.thread);
    ctx.messenger.finish(record.thread, interrupt);
  }
  // the wait is over, and released first: an automatic step's next wait is a new claim, and so is the wait a Retry
  // of the failure starts (pressed as soon as the failure shows, it would find this wait still claimed)
  if (waited && 'failed' in waited) await fail(ctx, def, waited.record, 'poll', waited.failed, waited.label);
  else if (waited) await continueWith(ctx, def, current, waited.result);
}

/** After the result: the step's review, or at once what follows it. */
async function continueWith<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  result: unknown,
): Promise<void> {
  const step = stepOf(def, record.step);
  const label = step.poll?.label(ctx.t) ?? record.step;
  rememberResult(ctx.memory, record.thread, record.step, result);
  if (step.review) return showReview(ctx, def, record, result);
  if (!step.proceed) throw new Error(`step ${record.step} of ${def.name} has neither a review nor a proceed`);
  let transition;
  try {
    transition = await step.proceed(result, stepContext<D>(ctx, record));
  } catch (error) {
    return fail(ctx, def, record, 'poll', error, label);
  }
  await advance(ctx, def, record, transition, shownOf(flowOf(record)));
}

/** The step's result with its controls; the confirmation that started the task is done with. */
async function showReview<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  result: unknown,
): Promise<void> {
  const draw = (v: number) => reviewMessage(def, record.step, result, undefined, stepContext<D>(ctx, record), v);
  const change: FlowChange = { flow: { phase: 'review' }, wait: null };
  const saved = await moveAndShow(ctx, record, change, draw, shownOf(flowOf(record)));
  if (!saved) return;
  watchForCancel(ctx, record.thread, flowOf(saved).message, draw(seqOf(saved)), cancelled(ctx, def));
  await afterShown(ctx, def, saved, result);
}

/** The review's extra posts (a picture) once it is shown after its wait; best effort: a failure is logged. */
async function afterShown<D extends WorkflowData>(ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord, result: unknown) {
  const hook = stepOf(def, record.step).review?.afterShown;
  if (!hook) return;
  try {
    await hook(result, stepContext<D>(ctx, record));
  } catch (error) {
    ctx.logger.warn({ err: error, thread: record.thread, step: record.step }, "workflow: a review's extra post failed");
  }
}
