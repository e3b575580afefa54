/**
 * Moving a workflow on: sending a confirmation, entering the next step (a wait, a review or the end), and
 * showing a failure with Retry. The confirmation stays in the record until the task it starts has succeeded.
 */
import type { HandlerContext } from '../../core/handler.js';
import { TaskFailedError } from '../../platform/errors.js';
import type { ThreadRecord } from '../../core/state.js';
import { isRetryable, userMessage } from '../../core/user-errors.js';
import { endWatch, watchForCancel } from './cancel-watch.js';
import { lockedAt, showAndSave } from './deliver.js';
import { flowOf, stepContext, waitFor, type FlowChange, type Pending } from './flow.js';
import { failureMessage, progressMessage, reviewMessage } from './messages.js';
import { withLease } from './lease.js';
import { startPoll } from './poller.js';
import { stepOf, stepResult } from './step-result.js';
import type { Send, Transition, WorkflowData, WorkflowDefinition } from './types.js';

/** A send that was on its way when the bot stopped: whether it reached the platform is unknown. */
export class InterruptedSendError extends Error {
  constructor() {
    super('the bot restarted while the request was out');
    this.name = 'InterruptedSendError';
  }
}

export function sendOf<D extends WorkflowData>(def: WorkflowDefinition<D>, pending: Pending): Send<D> {
  if (pending.send.startsWith('start:')) {
    const start = def.starts[pending.send.slice('start:'.length)];
    if (start) return start.send;
  } else if (pending.send === 'confirm') {
    const review = stepOf(def, pending.step).review;
    if (review) return review.confirm.send;
  }
  throw new Error(`${def.name} has no send ${pending.send} at step ${pending.step}`);
}

/** Sends the record's pending confirmation (the record is in phase `send`), then enters what follows. */
export async function runSend<D extends WorkflowData>(ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord): Promise<void> {
  // held while the request is out: a replica that starts meanwhile leaves this send alone (see resumeRecord)
  await withLease(ctx, record, () => sendNow(ctx, def, record), 'send');
}

async function sendNow<D extends WorkflowData>(ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord): Promise<void> {
  const pending = flowOf(record).pending;
  if (!pending) throw new Error(`no pending confirmation in ${record.thread}`);
  const send = sendOf(def, pending);
  const result = () => stepResult(ctx, def, { ...record, step: pending.step });
  let transition: Transition<D>;
  try {
    transition = await send.run(stepContext<D>(ctx, record), pending.input, result);
  } catch (error) {
    return fail(ctx, def, record, 'send', error, send.label);
  }
  await advance(ctx, def, record, transition);
}

/** Enters the transition's next step or ends the workflow; `reuse` turns that message into the next one. */
export async function advance<D extends WorkflowData>(
  ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord, transition: Transition<D>, reuse?: string,
): Promise<void> {
  const base: Pick<FlowChange, 'ids' | 'data'> = { ids: transition.ids, data: transition.data };
  const { thread } = record;
  if ('done' in transition) {
    await lockedAt(ctx, thread, record.version, (current) =>
      showAndSave(ctx, current, { ...base, flow: { phase: 'done' }, wait: null }, () => transition.done, reuse));
    return endWatch(ctx, thread);
  }
  const step = transition.next;
  const next = stepOf(def, step);
  if (next.poll) {
    const change: FlowChange = { ...base, step, wait: waitFor(next.poll.operation, step), flow: { phase: 'poll', pending: flowOf(record).pending } };
    const label = next.poll.label;
    const saved = await lockedAt(ctx, thread, record.version, (current) =>
      showAndSave(ctx, current, change, (v) => progressMessage(def, step, label, undefined, v), reuse));
    if (saved) startPoll(ctx, def, saved);
    return;
  }
  const preview = stepContext<D>(ctx, { ...record, step, ids: { ...record.ids, ...transition.ids }, data: { ...record.data, ...transition.data } });
  const draw = (v: number) => reviewMessage(def, step, undefined, undefined, preview, v);
  const saved = await lockedAt(ctx, thread, record.version, (current) =>
    showAndSave(ctx, current, { ...base, step, wait: null, flow: { phase: 'review' } }, draw, reuse));
  if (saved) watchForCancel(ctx, thread, flowOf(saved).message, draw(saved.version));
}

export function failureText(label: string, error: unknown): string {
  if (error instanceof InterruptedSendError) return `${label} was interrupted by a restart of the bot; it may not have reached the platform.`;
  if (error instanceof Error && error.name === 'AbortError') return `${label} was stopped.`;
  const hint = isRetryable(error) ? '' : ' Retry once that is fixed, or cancel.';
  return `${label} failed: ${userMessage(error)}${hint}`;
}

/** Shows what failed with Retry and Cancel; the record keeps the confirmation for Retry. */
export async function fail<D extends WorkflowData>(
  ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord, during: 'send' | 'poll', error: unknown, label: string,
): Promise<void> {
  if (ctx.lifetime?.aborted) return;
  const kind = during === 'send' ? 'send' : error instanceof TaskFailedError ? 'task' : 'wait';
  const text = failureText(label, error);
  ctx.logger.warn({ err: error, thread: record.thread, step: record.step, during: kind }, 'workflow step failed');
  const flow = flowOf(record);
  const reuse = during === 'poll' ? flow.message : undefined;
  const draw = (v: number) => failureMessage(def, record.step, text, v);
  const saved = await lockedAt(ctx, record.thread, record.version, (current) =>
    showAndSave(ctx, current, { flow: { ...flow, phase: 'failed', failure: { during: kind, text } }, wait: null }, draw, reuse));
  if (saved) watchForCancel(ctx, record.thread, flowOf(saved).message, draw(saved.version));
}
