/** A workflow definition as a `Handler`: the command starts it, the machinery answers clicks, forms and restarts. */
import type { CommandInput, Handler, HandlerContext } from '../../core/handler.js';
import { markdown } from '../../core/message.js';
import type { ThreadRecord } from '../../core/state.js';
import type { ResumeReason } from '../../core/waits.js';
import { onAction } from './actions.js';
import { fail, InterruptedSendError, sendOf } from './advance.js';
import { flowOf } from './flow.js';
import { onForm } from './forms.js';
import { withLease } from './lease.js';
import { startPoll } from './poller.js';
import type { WorkflowData, WorkflowDefinition } from './types.js';

export interface WorkflowHandlerSpec {
  verbs: readonly string[];
  help: Handler['help'];
  /** parses the command and calls `startWorkflow` (or answers with the usage) */
  command(ctx: HandlerContext, input: CommandInput): Promise<void>;
}

/**
 * Continues a recorded wait: a poll polls on (here, when nobody else holds it); after a (re)start, a request
 * that was out is shown with Retry. A rescan leaves sends alone: they belong to the live request that made them.
 */
export async function resumeRecord<D extends WorkflowData>(
  ctx: HandlerContext, def: WorkflowDefinition<D>, record: ThreadRecord, reason: ResumeReason = 'start',
): Promise<void> {
  const flow = flowOf(record);
  if (!record.wait || (record.status !== 'waiting' && record.status !== 'active')) return;
  if (flow.phase === 'poll') return startPoll(ctx, def, record);
  if (reason === 'rescan') return;
  if (flow.phase === 'send' && flow.pending) {
    const { pending } = flow;
    // a send whose lease is held is still out from a live replica: not interrupted
    await withLease(ctx, record, () => fail(ctx, def, record, 'send', new InterruptedSendError(), sendOf(def, pending).label), 'send');
    return;
  }
  ctx.logger.warn({ thread: record.thread, phase: flow.phase }, 'workflow: a recorded wait in an unexpected phase was left alone');
}

export function workflowHandler<D extends WorkflowData>(def: WorkflowDefinition<D>, spec: WorkflowHandlerSpec): Handler {
  return {
    verbs: spec.verbs,
    workflow: def.name,
    help: spec.help,
    command: spec.command,
    action: (ctx, incoming, record) => onAction(ctx, def, incoming, record),
    form: (ctx, incoming, record) => onForm(ctx, def, incoming, record),
    resume: (ctx, record, reason) => resumeRecord(ctx, def, record, reason),
    async reply(ctx, incoming) {
      if (!incoming.mentioned) return;
      const text = `This thread runs a ${def.noun}: use the buttons of its latest message, or mention me with \`status\` or \`cancel\`.`;
      await ctx.messenger.notify({ thread: incoming.thread }, incoming.user.id, markdown(text));
    },
  };
}
