/** The state store the bot uses: Redis when it is configured (several replicas), lowdb files otherwise. */
import type { Logger } from '../log.js';
import { LowdbStateStore } from './lowdb-store.js';
import { RedisStateStore } from './redis-store.js';
import type { StateStore } from '../core/state.js';
import type { RedisTarget } from './redis-connect.js';

export type { PlatformIds, StateStore, ThreadRecord, ThreadRecordInput, ThreadStatus, Wait } from '../core/state.js';
export { LockTimeoutError } from '../core/state.js';
export { MemoryStateStore } from './memory-store.js';
export { LowdbStateStore, DEFAULT_STATE_FILE, type LowdbStoreOptions } from './lowdb-store.js';
export { RedisStateStore, DEFAULT_KEY_PREFIX, type RedisStoreOptions } from './redis-store.js';
export { DEFAULT_RETENTION_MS, DEFAULT_LOCK_TTL_MS, DEFAULT_LOCK_WAIT_MS, type CommonStoreOptions } from './options.js';

export interface StateStoreOptions {
  /** lowdb state file (STATE_FILE); default ./data/state.json */
  stateFile?: string;
  /** REDIS_URL or a Sentinel-managed master; when set, the Redis store is used and stateFile is ignored */
  redis?: RedisTarget;
  /** how long finished threads are kept; default 30 days */
  retentionMs?: number;
  logger?: Logger;
  /** Redis key prefix; default `iip:` */
  keyPrefix?: string;
}

export async function createStateStore(options: StateStoreOptions = {}): Promise<StateStore> {
  const { stateFile, redis, retentionMs, logger, keyPrefix } = options;
  if (redis) return RedisStateStore.connect(redis, { retentionMs, logger, keyPrefix });
  return LowdbStateStore.open({ stateFile, retentionMs, logger });
}
