/**
 * STATE_RETENTION_DAYS applied: finished threads (done, failed, cancelled) hold users' confidential ideas and
 * the platform's answers, so `expire()` drops those last updated before the retention, with whatever the store
 * keeps about them (lowdb: the thread file and its index entry, the dedupe journal's expired keys; Redis: the
 * record, its place in the `waiting` and `finished` sets). The bot sweeps once at start and then every
 * RETENTION_SWEEP_MS, on every store; several replicas sweeping one Redis is harmless (the sweep is idempotent).
 */
import type { Logger } from '../log.js';
import type { StateStore } from '../core/state.js';

export const RETENTION_SWEEP_MS = 60 * 60_000;

/**
 * One sweep; a failure is logged (the next sweep tries again), never thrown (one cut short by the bot stopping,
 * `signal` aborted, is not worth a warning). Resolves with the number of threads dropped.
 */
export async function sweepRetention(state: StateStore, logger: Logger, signal?: AbortSignal): Promise<number> {
  try {
    const dropped = await state.expire();
    if (dropped > 0) logger.info({ dropped }, 'state: finished threads past the retention deleted');
    return dropped;
  } catch (error) {
    if (signal?.aborted) logger.debug({ err: error }, 'state: the retention sweep stopped with the bot');
    else logger.warn({ err: error }, 'state: the retention sweep failed');
    return 0;
  }
}

/**
 * Sweeps now (resolves once done), then every `everyMs` until `signal` aborts. The timer never keeps the
 * process alive, and a sweep never overlaps the previous one.
 */
export async function keepRetention(state: StateStore, logger: Logger, signal: AbortSignal, everyMs: number = RETENTION_SWEEP_MS): Promise<void> {
  if (signal.aborted) return;
  await sweepRetention(state, logger, signal);
  if (signal.aborted) return;
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping || signal.aborted) return;
    sweeping = true;
    void sweepRetention(state, logger, signal).finally(() => {
      sweeping = false;
    });
  }, everyMs);
  timer.unref();
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}
