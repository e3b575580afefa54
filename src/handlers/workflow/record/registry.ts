/**
 * The running bot's in-memory bookkeeping of workflows (`ctx.memory`): which threads have a poller running
 * here, and the last platform result each thread's step showed, so that a form opens within Slack's 3-second
 * window without a platform call.
 */
import type { ProcessMemory } from '../../../core/services.js';
import type { ThreadId } from '../../../core/thread-id.js';

const MAX_CACHED = 500;

/** Claims the thread's wait for this process; false when a poller already runs it. */
export function claimWait(memory: ProcessMemory, thread: ThreadId): boolean {
  if (memory.waits.has(thread)) return false;
  memory.waits.add(thread);
  return true;
}

export function releaseWait(memory: ProcessMemory, thread: ThreadId): void {
  memory.waits.delete(thread);
}

export const isWaitRunning = (memory: ProcessMemory, thread: ThreadId): boolean => memory.waits.has(thread);

export function rememberResult(memory: ProcessMemory, thread: ThreadId, step: string, result: unknown): void {
  const { results } = memory;
  results.delete(thread);
  results.set(thread, { step, result });
  // oldest first in a Map: drop the least recently stored once over the bound
  while (results.size > MAX_CACHED) results.delete(results.keys().next().value as ThreadId);
}

/** The cached result of `step` in `thread`, as `{ result }` (a result may itself be undefined), or undefined. */
export function cachedResult(memory: ProcessMemory, thread: ThreadId, step: string): { result: unknown } | undefined {
  const cached = memory.results.get(thread);
  return cached?.step === step ? { result: cached.result } : undefined;
}
