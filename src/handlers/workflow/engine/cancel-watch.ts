/**
 * `cancel` (the word or the Cancel button) is handled by the core's thread commands, which interrupt the
 * thread's running work through the messenger. A running wait stops on that; a review or failure message
 * shown meanwhile is watched the same way, so that its buttons go as soon as the workflow is cancelled.
 */
import type { HandlerContext } from '../../../core/handler.js';
import type { OutgoingMessage } from '../../../core/message.js';
import type { ThreadRecord } from '../../../core/state.js';
import type { ThreadId } from '../../../core/thread-id.js';
import { tryDeliver } from '../record/deliver.js';
import { flowOf } from '../record/flow.js';
import { freeSlot } from '../limits.js';
import { cancelledLine, settled } from './messages.js';

export function watchForCancel(
  ctx: HandlerContext,
  thread: ThreadId,
  messageId: string | undefined,
  shown: OutgoingMessage,
  onCancelled?: (record: ThreadRecord) => Promise<void>,
): void {
  if (!messageId) return;
  const signal = ctx.messenger.begin(thread);
  signal.addEventListener(
    'abort',
    () => {
      void (async () => {
        if (ctx.lifetime?.aborted) return;
        const record = await ctx.state.get(thread);
        const flow = record && flowOf(record);
        // cancelled while waiting for its user: its place under the limits is free at once
        if (record?.status === 'cancelled' && ['review', 'failed'].includes(flow?.phase ?? '')) {
          await freeSlot(ctx, record);
          await onCancelled?.(record);
        }
        if (record?.status !== 'cancelled' || flow?.message !== messageId || !['review', 'failed'].includes(flow.phase)) return;
        await tryDeliver(ctx, thread, messageId, settled(shown, cancelledLine()));
      })().catch((error: unknown) => ctx.logger.warn({ err: error, thread }, 'workflow: a cancelled step could not be tidied'));
    },
    { once: true },
  );
}

/** Ends the watch of a finished workflow (the messenger forgets the thread). */
export function endWatch(ctx: HandlerContext, thread: ThreadId): void {
  ctx.messenger.interrupt(thread);
}
