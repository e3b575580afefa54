/**
 * Showing a workflow's messages and saving the record that goes with them, under the thread's lock: a click is
 * judged under the same lock, so it always sees the record its message was drawn for.
 */
import { ChatRateLimitedError, MessageGoneError } from '../../../core/chat-errors.js';
import type { HandlerContext } from '../../../core/handler.js';
import type { OutgoingMessage } from '../../../core/message.js';
import type { ThreadId } from '../../../core/thread-id.js';
import { sleep } from '../../../platform/retry.js';
import type { ThreadRecord } from '../../../core/state.js';
import { saveFlow, type FlowChange } from './flow.js';

const RATE_LIMIT_ATTEMPTS = 3;
const MAX_PAUSE_MS = 5_000;

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
 * are waited out a few times: these messages carry the workflow's buttons and must arrive.
 */
export async function deliver(ctx: HandlerContext, thread: ThreadId, messageId: string | undefined, message: OutgoingMessage): Promise<string> {
  let target = messageId;
  for (let attempt = 1; ; attempt++) {
    try {
      if (target === undefined) return (await ctx.messenger.post(thread, message)).messageId;
      await ctx.messenger.edit({ thread, messageId: target }, message);
      return target;
    } catch (error) {
      if (error instanceof MessageGoneError) target = undefined;
      else if (error instanceof ChatRateLimitedError && attempt < RATE_LIMIT_ATTEMPTS) await sleep(Math.min(error.retryAfterMs, MAX_PAUSE_MS));
      else throw error;
    }
  }
}

/**
 * Shows a message drawn for the version the record gets once `change` is saved, then saves it with the
 * message's id. Call it under the thread's lock (see `locked`); undefined when the record moved meanwhile.
 */
export async function showAndSave(
  ctx: HandlerContext,
  record: ThreadRecord,
  change: FlowChange,
  draw: (version: number) => OutgoingMessage,
  messageId?: string,
): Promise<ThreadRecord | undefined> {
  const id = await deliver(ctx, record.thread, messageId, draw(record.version + 1));
  return saveFlow(ctx, record, { ...change, flow: { ...change.flow, message: id } });
}

/** A best-effort edit (settling old controls): a failure is logged, never thrown. */
export async function tryDeliver(ctx: HandlerContext, thread: ThreadId, messageId: string | undefined, message: OutgoingMessage): Promise<void> {
  try {
    await deliver(ctx, thread, messageId, message);
  } catch (error) {
    ctx.logger.warn({ err: error, thread }, 'workflow: a message could not be updated');
  }
}
