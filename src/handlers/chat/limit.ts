/**
 * An answer holds a slot of its asker and workspace (core/limits.ts) from before anything is started until it
 * ends (answered, failed, interrupted or cancelled); the slot is renewed while it is written and frees itself
 * a minute after a replica that died while writing it.
 */
import { randomUUID } from 'node:crypto';
import type { HandlerContext } from '../../core/handler.js';
import { admit, ANSWER_LEASE_MS } from '../../core/limits.js';
import { limitReached } from '../workflow/index.js';

/** Runs `answer` holding an answer slot of `userId`; over a limit `refuse` is given the note and nothing runs. */
export async function withAnswerSlot<T>(
  ctx: HandlerContext,
  asker: { workspaceId: string; userId: string },
  refuse: (note: string) => Promise<void>,
  answer: () => Promise<T>,
): Promise<T | 'refused'> {
  const scope = { chat: ctx.messenger.chat, ...asker };
  const onError = (error: unknown) => ctx.logger.warn({ err: error }, 'limits: could not renew an answer slot');
  const slot = await admit(ctx.limits, scope, 'answer', randomUUID(), ANSWER_LEASE_MS, onError);
  if (!slot.ok) {
    await refuse(limitReached(ctx, slot, 'answer'));
    return 'refused';
  }
  try {
    return await answer();
  } finally {
    await slot.release().catch((error: unknown) => ctx.logger.warn({ err: error }, 'limits: could not free an answer slot; it expires by itself'));
  }
}
