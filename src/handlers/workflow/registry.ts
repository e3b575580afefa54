/**
 * In-memory bookkeeping of one running bot, keyed by its state store (a bot restarted in the same process has
 * a new store, so it starts empty): which threads have a poller running, and the last platform result each
 * thread's step showed, so that a form opens within Slack's 3-second window without a platform call.
 */
import type { ThreadId } from '../../core/thread-id.js';
import type { StateStore } from '../../state/store.js';

const MAX_CACHED = 500;

interface CachedResult {
  step: string;
  result: unknown;
}

interface Books {
  running: Set<ThreadId>;
  results: Map<ThreadId, CachedResult>;
}

const booksByStore = new WeakMap<StateStore, Books>();

function books(state: StateStore): Books {
  let found = booksByStore.get(state);
  if (!found) booksByStore.set(state, (found = { running: new Set(), results: new Map() }));
  return found;
}

/** Claims the thread's wait for this process; false when a poller already runs it. */
export function claimWait(state: StateStore, thread: ThreadId): boolean {
  const { running } = books(state);
  if (running.has(thread)) return false;
  running.add(thread);
  return true;
}

export function releaseWait(state: StateStore, thread: ThreadId): void {
  books(state).running.delete(thread);
}

export const isWaitRunning = (state: StateStore, thread: ThreadId): boolean => books(state).running.has(thread);

export function rememberResult(state: StateStore, thread: ThreadId, step: string, result: unknown): void {
  const { results } = books(state);
  results.delete(thread);
  results.set(thread, { step, result });
  // oldest first in a Map: drop the least recently stored once over the bound
  while (results.size > MAX_CACHED) results.delete(results.keys().next().value as ThreadId);
}

/** The cached result of `step` in `thread`, as `{ result }` (a result may itself be undefined), or undefined. */
export function cachedResult(state: StateStore, thread: ThreadId, step: string): { result: unknown } | undefined {
  const cached = books(state).results.get(thread);
  return cached?.step === step ? { result: cached.result } : undefined;
}
