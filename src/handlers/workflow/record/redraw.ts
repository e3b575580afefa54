/**
 * Step messages the chat failed to show after the record had moved on: drawn again with a backoff, or at once
 * when someone presses an old button, so a chat outage never leaves a step without its message for good.
 */
import type { HandlerContext } from '../../../core/handler.js';
import type { ProcessMemory } from '../../../core/services.js';
import type { ThreadId } from '../../../core/thread-id.js';
import { classifyFailure } from '../../../lib/failures.js';

/** Waits between attempts, the last one repeated; at least the chat's Retry-After. */
const DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];
const MAX_ATTEMPTS = 30;

/** One attempt: `shown` (or nothing left to show), `moved` (the record changed: another write drew it); throws when the chat fails again. */
export type RedrawAttempt = () => Promise<'shown' | 'moved'>;

interface Unshown {
  attempt: RedrawAttempt;
  tries: number;
  timer?: NodeJS.Timeout;
}

const unshownByProcess = new WeakMap<ProcessMemory, Map<ThreadId, Unshown>>();

function unshownOf(memory: ProcessMemory): Map<ThreadId, Unshown> {
  let map = unshownByProcess.get(memory);
  if (!map) unshownByProcess.set(memory, (map = new Map()));
  return map;
}

const delayAfter = (tries: number, error: unknown): number => {
  const failure = classifyFailure(error);
  const base = DELAYS_MS[Math.min(tries, DELAYS_MS.length - 1)] as number;
  return failure.kind === 'transient' && failure.retryAfterMs !== undefined ? Math.max(base, failure.retryAfterMs) : base;
};

/** Registers the thread's message as not shown (replacing an older one) and tries again after a pause. */
export function redrawLater(ctx: HandlerContext, thread: ThreadId, attempt: RedrawAttempt, error: unknown): void {
  const map = unshownOf(ctx.memory);
  clearTimeout(map.get(thread)?.timer);
  const entry: Unshown = { attempt, tries: 0 };
  map.set(thread, entry);
  schedule(ctx, thread, entry, error);
}

function schedule(ctx: HandlerContext, thread: ThreadId, entry: Unshown, error: unknown): void {
  if (ctx.lifetime?.aborted || entry.tries >= MAX_ATTEMPTS) return forget(ctx, thread, entry);
  entry.timer = setTimeout(() => void tryOnce(ctx, thread, entry), delayAfter(entry.tries, error));
  entry.timer.unref();
}

function forget(ctx: HandlerContext, thread: ThreadId, entry: Unshown): void {
  const map = unshownOf(ctx.memory);
  if (map.get(thread) === entry) map.delete(thread);
}

async function tryOnce(ctx: HandlerContext, thread: ThreadId, entry: Unshown): Promise<boolean> {
  if (ctx.lifetime?.aborted) return false;
  entry.tries += 1;
  try {
    await entry.attempt();
    forget(ctx, thread, entry);
    return true;
  } catch (error) {
    ctx.logger.warn({ err: error, thread, tries: entry.tries }, 'workflow: a step message still could not be shown');
    clearTimeout(entry.timer);
    if (unshownOf(ctx.memory).get(thread) === entry) schedule(ctx, thread, entry, error);
    return false;
  }
}

/**
 * Shows the thread's unshown message now (an old button was pressed: its user is looking); `none` when there is
 * none, `failed` when the chat still fails (a later attempt stays scheduled).
 */
export async function redrawNow(ctx: HandlerContext, thread: ThreadId): Promise<'none' | 'shown' | 'failed'> {
  const entry = unshownOf(ctx.memory).get(thread);
  if (!entry) return 'none';
  clearTimeout(entry.timer);
  return (await tryOnce(ctx, thread, entry)) ? 'shown' : 'failed';
}
