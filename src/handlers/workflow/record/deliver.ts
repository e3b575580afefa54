/**
 * Showing a workflow's messages and saving the record that goes with them, under the thread's lock: a click is
 * judged under the same lock, so it always sees the record its message was drawn for.
 */
import { MessageGoneError } from '../../../core/chat-errors.js';
import type { HandlerContext } from '../../../core/handler.js';
import type { OutgoingMessage } from '../../../core/message.js';
import type { ThreadId } from '../../../core/thread-id.js';
import type { ThreadRecord } from '../../../core/state.js';
import { flowOf, saveFlow, type FlowChange } from './flow.js';
import { redrawLater } from './redraw.js';

export const lockKey = (thread: ThreadId): string => `workflow:${thread}`;

/** Runs `fn` under the thread's lock with the record read afresh; undefined (and `fn` not run) when it is gone. */
export function locked<T>(ctx: HandlerContext, thread: ThreadId, fn: (record: ThreadRecord) => Promise<T>, waitMs?: number): Promise<T | undefined> {
  return ctx.state.withLock(
    lockKey(thread),
    async () => {
      const record = await ctx.state.get(thread);
      return record ? fn(record) : undefined;
    },
    waitMs === undefined ? undefined : { waitMs },
  );
}

/** As `locked`, but only while the record is still at `version`. */
export function lockedAt<T>(
  ctx: HandlerContext,
  thread: ThreadId,
  version: number,
  fn: (record: ThreadRecord) => Promise<T>,
): Promise<T | undefined> {
  return locked(ctx, thread, async (record) => (record.version === version ? fn(record) : undefined));
}

/**
 * Edits `messageId` (or posts when there is none, or it was deleted) and returns the message's id. Rate limits
 * and the chat's transient failures are waited out and tried again by the messenger's outbox; what still fails
 * is thrown (showAndSave then draws the message again later).
 */
export async function deliver(ctx: HandlerContext, thread: ThreadId, messageId: string | undefined, message: OutgoingMessage): Promise<string> {
  if (messageId !== undefined) {
    try {
      await ctx.messenger.edit({ thread, messageId }, message);
      return messageId;
    } catch (error) {
      if (!(error instanceof MessageGoneError)) throw error;
    }
  }
  return (await ctx.messenger.post(thread, message)).messageId;
}

/**
 * Shows a message drawn for the version the record gets once `change` is saved, then saves it with the
 * message's id. Call it under the thread's lock (see `locked`); undefined when the record moved meanwhile.
 * The change is saved even when the chat fails (what the platform did is never lost with a message): the message
 * is then drawn again later (record/redraw.ts), except in phase `poll`, whose wait shows its own messages.
 */
export async function showAndSave(
  ctx: HandlerContext,
  record: ThreadRecord,
  change: FlowChange,
  draw: (version: number) => OutgoingMessage,
  messageId?: string,
): Promise<ThreadRecord | undefined> {
  let id = messageId;
  let failure: { error: unknown } | undefined;
  try {
    id = await deliver(ctx, record.thread, messageId, draw(record.version + 1));
  } catch (error) {
    failure = { error };
  }
  const saved = await saveFlow(ctx, record, { ...change, flow: { ...change.flow, message: id } });
  if (!failure || !saved) return saved;
  ctx.logger.warn(
    { err: failure.error, thread: record.thread, phase: change.flow.phase },
    'workflow: a step message could not be shown; it is drawn again later',
  );
  if (change.flow.phase !== 'poll') redrawLater(ctx, record.thread, () => redraw(ctx, saved, draw), failure.error);
  return saved;
}

/** Shows the message of `record` again (drawn for the version the message's id is saved with), if it has not moved. */
async function redraw(ctx: HandlerContext, record: ThreadRecord, draw: (version: number) => OutgoingMessage): Promise<'shown' | 'moved'> {
  const shown = await lockedAt(ctx, record.thread, record.version, async (current) => {
    const flow = flowOf(current);
    const id = await deliver(ctx, current.thread, flow.message, draw(current.version + 1));
    await saveFlow(ctx, current, { flow: { ...flow, message: id } });
    return 'shown' as const;
  });
  return shown ?? 'moved';
}

/** A best-effort edit (settling old controls): a failure is logged, never thrown. */
export async function tryDeliver(ctx: HandlerContext, thread: ThreadId, messageId: string | undefined, message: OutgoingMessage): Promise<void> {
  try {
    await deliver(ctx, thread, messageId, message);
  } catch (error) {
    ctx.logger.warn({ err: error, thread }, 'workflow: a message could not be updated');
  }
}
