/**
 * An answer holds a slot of its asker and workspace (core/limits.ts) from before anything is started until it
 * ends (answered, failed, interrupted or cancelled); the slot is renewed while it is written and frees itself
 * a minute after a replica that died while writing it. Past the workspace's limit the question waits in the
 * workspace's queue (core/queue-wait.ts), its place shown in the thread; nothing reaches the platform before it
 * starts, and past the queue's deadline the user is told to retry.
 */
import { randomUUID } from 'node:crypto';
import type { HandlerContext } from '../../core/handler.js';
import { admit, ANSWER_LEASE_MS, QUEUE_LEASE_MS } from '../../core/limits.js';
import type { MessageRef } from '../../core/adapter.js';
import { markdown, type Button } from '../../core/message.js';
import { admitOrQueue, queuedInThread } from '../../core/queue-wait.js';
import type { ThreadId } from '../../core/thread-id.js';
import { formatDuration } from '../../i18n/format.js';
import { limitReached } from '../workflow/index.js';
import { failureMessage } from './render.js';

/** Where a queued question shows its place, and how it is withdrawn. */
export interface QueueSpot {
  /** the thread the question is in (a command's is started here, under its parent message) */
  thread(): Promise<ThreadId>;
  /** false once the question was cancelled or cleared while it waited */
  stillWanted?(): Promise<boolean>;
  /** the Retry offered when the queue's deadline passes (it may save the question for the Retry to ask) */
  retry?(): Promise<Button | undefined>;
}

/** How often a queued question looks at its place (a slot freed in this process wakes it at once). */
export const QUEUE_POLL_MS = 1_000;

/**
 * Runs `answer` holding an answer slot of `userId`; over the user's limit, or with the workspace's queue full,
 * `refuse` is given the note and nothing runs. Without `queue` the workspace limit refuses too.
 */
export async function withAnswerSlot<T>(
  ctx: HandlerContext,
  asker: { workspaceId: string; userId: string },
  refuse: (note: string) => Promise<void>,
  answer: () => Promise<T>,
  queue?: QueueSpot,
): Promise<T | 'refused'> {
  const { t } = ctx;
  const scope = { chat: ctx.messenger.chat, ...asker };
  const onError = (error: unknown) => ctx.logger.warn({ err: error }, 'limits: could not renew an answer slot');
  const id = randomUUID();
  let note: { thread: ThreadId; ref?: MessageRef; forget: () => void } | undefined;
  let withdrawn = false;
  const withdraw = () => {
    withdrawn = true;
  };
  const show = async (ahead: number) => {
    const text = markdown(`⏳ ${ahead === 0 ? t('core:limits.queuedNext') : t('core:limits.queued', { count: ahead })}`);
    if (!note && queue) {
      const thread = await queue.thread();
      note = { thread, forget: queuedInThread(thread, withdraw) };
    }
    if (!note) return;
    if (note.ref) await ctx.messenger.edit(note.ref, text);
    else note.ref = await ctx.messenger.post(note.thread, text);
  };
  const slot =
    ctx.limits && queue
      ? await admitOrQueue(
          ctx.limits,
          scope,
          'answer',
          id,
          ANSWER_LEASE_MS,
          {
            waitMs: ctx.limits.settings.answerQueueWaitMs,
            leaseMs: QUEUE_LEASE_MS,
            pollMs: QUEUE_POLL_MS,
            onPlace: show,
            stillWanted: async () => !withdrawn && (queue.stillWanted ? await queue.stillWanted() : true),
          },
          onError,
        )
      : await admit(ctx.limits, scope, 'answer', id, ANSWER_LEASE_MS, onError);
  note?.forget();
  if (!slot.ok) {
    if ('limit' in slot) await refuse(limitReached(ctx, slot, 'answer'));
    else await endNote(ctx, note?.ref, slot.reason, queue?.retry).catch(onError);
    return 'refused';
  }
  try {
    if (note?.ref) await ctx.messenger.edit(note.ref, markdown(t('core:limits.queueStarted'))).catch(onError);
    return await answer();
  } finally {
    await slot.release().catch((error: unknown) => ctx.logger.warn({ err: error }, 'limits: could not free an answer slot; it expires by itself'));
  }
}

/** The queue note's last words: the deadline passed (with Retry), or the question was withdrawn. */
async function endNote(
  ctx: HandlerContext,
  ref: MessageRef | undefined,
  reason: 'timeout' | 'withdrawn',
  retry: (() => Promise<Button | undefined>) | undefined,
): Promise<void> {
  if (!ref) return;
  const { t } = ctx;
  if (reason === 'withdrawn') return ctx.messenger.edit(ref, markdown(t('core:limits.queueWithdrawn')));
  const wait = formatDuration(ctx.limits?.settings.answerQueueWaitMs ?? 0, ctx.lang);
  await ctx.messenger.edit(ref, failureMessage(`⏳ ${t('core:limits.queueTimedOut', { wait })}`, await retry?.()));
}
