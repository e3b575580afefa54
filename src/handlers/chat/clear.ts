/** `clear` in a chat thread: the conversation starts over there, so the next reply is a first question again. */
import type { HandlerContext } from '../../core/handler.js';
import { markdown, mention } from '../../core/message.js';
import { withdrawQueued } from '../../core/queue-wait.js';
import { LockTimeoutError } from '../../core/state.js';
import type { ThreadId } from '../../core/thread-id.js';
import { chatLock } from './answer.js';

export const CLEAR_WORD = 'clear';

/** How long `clear` waits for an answer still being written before it gives up. */
const CLEAR_WAIT_MS = 60_000;

/** Forgets the platform's conversation ids and the previous questions, once no answer is being written. */
export async function startOver(ctx: HandlerContext, thread: ThreadId, userId: string): Promise<void> {
  withdrawQueued(thread);
  const cleared = await ctx.state
    .withLock(
      chatLock(thread),
      async () => {
        const record = await ctx.state.get(thread);
        if (!record) return false;
        const { family } = record.data;
        return (await ctx.records.update(record, { ids: {}, status: 'done', data: { family, turns: 0 } })) !== undefined;
      },
      { waitMs: CLEAR_WAIT_MS },
    )
    .catch((error: unknown) => {
      if (error instanceof LockTimeoutError) return false;
      throw error;
    });
  const { t } = ctx;
  if (!cleared) {
    const text = t('chat:clearBusy');
    return ctx.messenger.notify({ thread }, userId, markdown(text));
  }
  await ctx.messenger.post(thread, markdown(t('chat:cleared', { user: mention(userId) })));
}
