/** Tells a definition how its workflow came out (`onOutcome`: done, a failed step, cancelled); never throws. */
import type { HandlerContext } from '../../../core/handler.js';
import type { ThreadRecord } from '../../../core/state.js';
import { stepContext } from '../record/flow.js';
import type { WorkflowData, WorkflowDefinition, WorkflowOutcome } from '../types.js';

export async function tellOutcome<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  outcome: WorkflowOutcome,
): Promise<void> {
  if (!def.onOutcome) return;
  try {
    await def.onOutcome(stepContext<D>(ctx, record), outcome);
  } catch (error) {
    ctx.logger.warn({ err: error, thread: record.thread, outcome }, `workflow: ${def.name} could not settle its ${outcome} outcome`);
  }
}
