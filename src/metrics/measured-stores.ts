/** The state store, its records, the work limits and the stream relay as seen through metrics: lock waits, step states, refusals, streams. */
import type { WorkLimits } from '../core/limits.js';
import type { BotMetrics } from '../core/metrics.js';
import type { RecordHook } from '../core/records.js';
import { LockTimeoutError, type StateStore } from '../core/state.js';
import { StreamRelay, type RelayRequest, type RelayResult } from '../core/relay/index.js';
import type { ChatAdapter } from '../core/adapter.js';
import type { RelayOptions } from '../core/relay/types.js';

/** The record writer's hook (core/records.ts) that counts every thread record written by its workflow, step and state. */
export const measuringSteps = (onStep: (workflow: string, step: string, status: string) => void): RecordHook => ({
  name: 'metrics',
  after: (written) => onStep(written.workflow, written.step, written.status),
});

/** The state store with every `withLock` wait timed; every other method is the store's own, called as it is. */
export class LockTimedStore implements StateStore {
  constructor(
    private readonly state: StateStore,
    private readonly metrics: BotMetrics,
  ) {}

  withLock: StateStore['withLock'] = async (key, fn, options) => {
    const started = performance.now();
    let acquired = false;
    const timed: typeof fn = (...held) => {
      acquired = true;
      this.metrics.lockWait((performance.now() - started) / 1000, false);
      return fn(...held);
    };
    try {
      return await this.state.withLock(key, timed, options);
    } catch (error) {
      if (!acquired && error instanceof LockTimeoutError) this.metrics.lockWait((performance.now() - started) / 1000, true);
      throw error;
    }
  };

  get: StateStore['get'] = (thread) => this.state.get(thread);
  compareAndSet: StateStore['compareAndSet'] = (...write) => this.state.compareAndSet(...write);
  setIfNotExists: StateStore['setIfNotExists'] = (key, ttlMs) => this.state.setIfNotExists(key, ttlMs);
  getSetting: StateStore['getSetting'] = (key) => this.state.getSetting(key);
  putSetting: StateStore['putSetting'] = (key, value) => this.state.putSetting(key, value);
  listWaiting: StateStore['listWaiting'] = () => this.state.listWaiting();
  listOpenByUser: StateStore['listOpenByUser'] = (workspaceId, userId) => this.state.listOpenByUser(workspaceId, userId);
  expire: StateStore['expire'] = (now) => this.state.expire(now);
  forgetWorkspace: StateStore['forgetWorkspace'] = (chat, workspaceId) => this.state.forgetWorkspace(chat, workspaceId);
  close: StateStore['close'] = () => this.state.close();
}

/** The work limits with their refusals counted by scope (user or workspace) and kind of work. */
export class RefusalCountedLimits implements WorkLimits {
  constructor(
    private readonly limits: WorkLimits,
    private readonly metrics: BotMetrics,
  ) {}

  get settings(): WorkLimits['settings'] {
    return this.limits.settings;
  }

  acquire: WorkLimits['acquire'] = async (scope, kind, id, ttlMs) => {
    const admission = await this.limits.acquire(scope, kind, id, ttlMs);
    if (!admission.ok) this.metrics.limitRefused(admission.reason, kind);
    return admission;
  };

  acquireOrQueue: WorkLimits['acquireOrQueue'] = async (scope, kind, id, ttlMs, leaseMs) => {
    const verdict = await this.limits.acquireOrQueue(scope, kind, id, ttlMs, leaseMs);
    if (!verdict.ok && verdict.reason !== 'queued') this.metrics.limitRefused(verdict.reason, kind);
    return verdict;
  };

  renew: WorkLimits['renew'] = (scope, kind, id, ttlMs) => this.limits.renew(scope, kind, id, ttlMs);
  release: WorkLimits['release'] = (scope, kind, id) => this.limits.release(scope, kind, id);
  close = (): Promise<void> => this.limits.close?.() ?? Promise.resolve();
}

/** A relay that counts its open streams. */
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
      return await super.relay(request);
    } finally {
      this.metrics.openStreams(chat, -1);
    }
  }
}
