/**
 * `cancel` (the word or the Cancel button) is written by the core's thread commands through the record writer,
 * which tells this process's watcher of the thread (`ctx.records.watch`). A review or failure message shown here
 * is watched so: its buttons go, in the thread's language, and its place under the limits is free, as soon as the
 * workflow is cancelled. A running wait is stopped by the cancel itself (the messenger's interrupt).
 */
import type { HandlerContext } from '../../../core/handler.js';
import { recordLanguage, speaking } from '../../../core/language.js';
import type { OutgoingMessage } from '../../../core/message.js';
import type { ThreadRecord } from '../../../core/state.js';
import type { ThreadId } from '../../../core/thread-id.js';
import { tryDeliver } from '../record/deliver.js';
import { flowOf } from '../record/flow.js';
import { freeSlot } from '../limits.js';
import { cancelledLine, settled } from './messages.js';

/** Watches the step shown as `messageId` (drawn as `shown`) for the thread's cancel; replaces the thread's earlier watch. */
export function watchForCancel(
  ctx: HandlerContext,
  thread: ThreadId,
  messageId: string | undefined,
  shown: OutgoingMessage,
  onCancelled?: (record: ThreadRecord) => Promise<void>,
): void {
  if (!messageId) return;
  let told = false;
  const cancelled = (record: ThreadRecord) => {
    if (told || ctx.lifetime?.aborted) return;
    told = true;
    tidy(ctx, record, messageId, shown, onCancelled).catch((error: unknown) =>
      ctx.logger.warn({ err: error, thread }, 'workflow: a cancelled step could not be tidied'),
    );
  };
  ctx.records.watch(thread, 'cancelled', cancelled);
  // a cancel written while the message was being shown (no lock is held then) is tidied now
  ctx.state.get(thread).then(
    (current) => current?.status === 'cancelled' && cancelled(current),
    () => undefined,
  );
}

async function tidy(
  ctx: HandlerContext,
  record: ThreadRecord,
  messageId: string,
  shown: OutgoingMessage,
  onCancelled?: (record: ThreadRecord) => Promise<void>,
): Promise<void> {
  const flow = flowOf(record);
  // only a step waiting for its user: a send or a wait that is cancelled tidies up itself when it ends
  if (flow.phase !== 'review' && flow.phase !== 'failed') return;
  // cancelled while waiting for its user: its place under the limits is free at once
  await freeSlot(ctx, record);
  await onCancelled?.(record);
  if (flow.message !== messageId) return;
  const spoken = speaking(ctx, recordLanguage(record));
  await tryDeliver(spoken, record.thread, messageId, settled(shown, cancelledLine(spoken.t)));
}

/** Ends the watch of a finished workflow. */
export function endWatch(ctx: HandlerContext, thread: ThreadId): void {
  ctx.records.forget(thread);
}
