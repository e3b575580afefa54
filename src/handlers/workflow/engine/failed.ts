/** A step that failed: what failed, shown with Retry and Cancel, the record keeping its confirmation for Retry. */
import type { HandlerContext } from '../../../core/handler.js';
import type { ThreadRecord } from '../../../core/state.js';
import { TaskFailedError } from '../../../platform/errors.js';
import { moveAndShow } from '../record/deliver.js';
import { flowOf, seqOf, shownOf, type FlowChange } from '../record/flow.js';
import type { WorkflowData, WorkflowDefinition } from '../types.js';
import { watchForCancel } from './cancel-watch.js';
import { failureMessage, failureText } from './messages.js';
import { tellOutcome } from './outcome.js';

/** What a watched step does once it is cancelled: the definition lets go (see `onOutcome`). */
export const cancelled =
  <D extends WorkflowData>(ctx: HandlerContext, def: WorkflowDefinition<D>) =>
  (record: ThreadRecord) =>
    tellOutcome(ctx, def, record, 'cancelled');

/** Shows what failed with Retry and Cancel; the record keeps the confirmation for Retry. */
export async function fail<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  during: 'send' | 'poll',
  error: unknown,
  label: string,
): Promise<void> {
  if (ctx.lifetime?.aborted) return;
  const kind = during === 'send' ? 'send' : error instanceof TaskFailedError ? 'task' : 'wait';
  const text = failureText(label, error, ctx.t);
  ctx.logger.warn({ err: error, thread: record.thread, step: record.step, during: kind }, 'workflow step failed');
  const flow = flowOf(record);
  const reuse = during === 'poll' ? shownOf(flow) : undefined;
  const draw = (v: number) => failureMessage(def, record.step, text, v, ctx.t);
  const change: FlowChange = { flow: { ...flow, phase: 'failed', failure: { during: kind, text } }, wait: null };
  const saved = await moveAndShow(ctx, record, change, draw, reuse);
  if (!saved) return;
  await tellOutcome(ctx, def, saved, 'failed');
  watchForCancel(ctx, record.thread, flowOf(saved).message, draw(seqOf(saved)), cancelled(ctx, def));
}
