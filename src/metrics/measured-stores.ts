/** The state store, the work limits and the stream relay as seen through metrics: lock waits, step states, refusals, streams. */
import type { WorkLimits } from '../core/limits.js';
import { currentEvent, type BotMetrics } from '../core/metrics.js';
import { LockTimeoutError, type StateStore } from '../core/state.js';
import { StreamRelay, type RelayRequest, type RelayResult } from '../core/relay/index.js';
import type { ChatAdapter } from '../core/adapter.js';
import type { RelayOptions } from '../core/relay/types.js';

/** Times every `withLock` wait and counts every workflow record written by its step and state. */
export function measuredState(state: StateStore, metrics: BotMetrics, onStep: (workflow: string, step: string, status: string) => void): StateStore {
  const withLock: StateStore['withLock'] = async (key, fn, options) => {
    const started = performance.now();
    let acquired = false;
    try {
      return await state.withLock(
        key,
        (hold) => {
          acquired = true;
          metrics.lockWait((performance.now() - started) / 1000, false);
          return fn(hold);
        },
        options,
      );
    } catch (error) {
      if (!acquired && error instanceof LockTimeoutError) metrics.lockWait((performance.now() - started) / 1000, true);
      throw error;
    }
  };
  const compareAndSet: StateStore['compareAndSet'] = async (thread, expectedVersion, next, fence) => {
    const written = await state.compareAndSet(thread, expectedVersion, next, fence);
    if (written) onStep(written.workflow, written.step, written.status);
    return written;
  };
  return new Proxy(state, {
    get(target, property) {
      if (property === 'withLock') return withLock;
      if (property === 'compareAndSet') return compareAndSet;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Counts the limits' refusals by scope (user or workspace) and kind of work. */
export function measuredLimits(limits: WorkLimits, metrics: BotMetrics): WorkLimits {
  return new Proxy(limits, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property !== 'acquire' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      const acquire: WorkLimits['acquire'] = async (...args) => {
        const admission = await target.acquire(...args);
        if (!admission.ok) metrics.limitRefused(admission.reason, args[1]);
        return admission;
      };
      return acquire;
    },
  });
}

/** A relay that counts its open streams and times each event's whole answer. */
export class MeasuredRelay extends StreamRelay {
  constructor(
    private readonly chatAdapter: ChatAdapter,
    options: RelayOptions,
    private readonly metrics: BotMetrics,
  ) {
    super(chatAdapter, options);
  }

  override async relay(request: RelayRequest): Promise<RelayResult> {
    const { chat } = this.chatAdapter;
    this.metrics.openStreams(chat, 1);
    try {
      const result = await super.relay(request);
      const event = currentEvent();
      if (event && result.status === 'complete')
        this.metrics.answerDelay(chat, event.verb ?? 'other', 'final', (Date.now() - event.receivedAt) / 1000);
      return result;
    } finally {
      this.metrics.openStreams(chat, -1);
    }
  }
}
