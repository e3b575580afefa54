/** Starting a workflow: its thread, its record (the first request recorded as pending before it is sent), the send. */
import type { HandlerContext } from '../../../core/handler.js';
import type { CommandIncoming } from '../../../core/incoming.js';
import type { ThreadId } from '../../../core/thread-id.js';
import { markdown, type OutgoingMessage } from '../../../core/message.js';
import { runSend } from './send.js';
import { waitFor, type FlowState } from '../record/flow.js';
import type { WorkflowData, WorkflowDefinition } from '../types.js';
import { answerCommand } from '../command.js';
import { limitReached, SLOT_KEY, takeWorkflowSlot } from '../limits.js';

export interface StartRequest<D extends WorkflowData> {
  incoming: CommandIncoming;
  /** the message that opens the thread (who started what) */
  parent: OutgoingMessage;
  /** which of the definition's `starts` */
  start: string;
  data: D;
  /** what the start's send is given */
  input: unknown;
}

/** Starts a run of `def`: resolves to its thread once its first send ran, or undefined when nothing was started (a limit, a thread already running something). */
export async function startWorkflow<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  request: StartRequest<D>,
): Promise<ThreadId | undefined> {
  const { incoming } = request;
  const start = def.starts[request.start];
  if (!start) throw new Error(`${def.name} has no start ${request.start}`);
  // over a limit nothing is started: no parent message, no record, no platform call
  const slot = await takeWorkflowSlot(ctx, incoming.workspaceId, incoming.user.id);
  if ('ok' in slot) {
    await answerCommand(ctx, incoming, limitReached(ctx, slot, 'workflow'));
    return undefined;
  }
  // where the bot cannot post (a conversation it is not in) nothing started: the slot is free again
  const thread = await ctx.messenger.threadFor(incoming, request.parent).catch(async (error: unknown) => {
    await slot.release();
    throw error;
  });
  const existing = await ctx.state.get(thread);
  if (existing) {
    await slot.release();
    const { t } = ctx;
    const text = t('workflow:alreadyRuns', { existing: ctx.threadKinds.noun(existing.workflow, ctx.lang), noun: def.noun(t) });
    await ctx.messenger.notify({ thread }, incoming.user.id, markdown(text));
    return undefined;
  }
  const flow: FlowState = {
    phase: 'send',
    pending: { step: start.step, send: `start:${request.start}`, input: request.input, by: incoming.user.id },
  };
  // the command is safe in its thread record from here: the record's pending send is resumed or offered Retry
  const record = await ctx.records.create(ctx.handOver, {
    thread,
    workflow: def.name,
    step: start.step,
    status: 'waiting',
    workspaceId: incoming.workspaceId,
    startedBy: incoming.user.id,
    ids: {},
    data: { ...request.data, flow, [SLOT_KEY]: slot.id },
    wait: waitFor(start.send.operation, start.step),
    createdAt: Date.now(),
  });
  if (!record) {
    await slot.release(); // the same thread was started twice at once: the first one runs it
    return undefined;
  }
  await runSend(ctx, def, record);
  return thread;
}
