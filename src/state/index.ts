/** The state store the bot uses: Redis when REDIS_URL is set (several replicas), lowdb files otherwise. */
import type { Logger } from '../log.js';
import { LowdbStateStore } from './lowdb-store.js';
import { RedisStateStore } from './redis-store.js';
import type { StateStore } from '../core/state.js';

export type { PlatformIds, StateStore, ThreadRecord, ThreadRecordInput, ThreadStatus, Wait } from '../core/state.js';
export { LockTimeoutError } from '../core/state.js';
export { MemoryStateStore } from './memory-store.js';
export { LowdbStateStore, DEFAULT_STATE_FILE, type LowdbStoreOptions } from './lowdb-store.js';
export { RedisStateStore, DEFAULT_KEY_PREFIX, type RedisStoreOptions } from './redis-store.js';
export { DEFAULT_RETENTION_MS, DEFAULT_LOCK_TTL_MS, DEFAULT_LOCK_WAIT_MS, type CommonStoreOptions } from './options.js';

export interface StateStoreOptions {
  /** lowdb state file (STATE_FILE); default ./data/state.json */
  stateFile?: string;
  /** REDIS_URL; when set, the Redis store is used and stateFile is ignored */
  redisUrl?: string;
  /** how long finished threads are kept; default 30 days */
  retentionMs?: number;
  logger?: Logger;
  /** Redis key prefix; default `iip:` */
  keyPrefix?: string;
}

export async function createStateStore(options: StateStoreOptions = {}): Promise<StateStore> {
  const { stateFile, redisUrl, retentionMs, logger, keyPrefix } = options;
  if (redisUrl) return RedisStateStore.connect(redisUrl, { retentionMs, logger, keyPrefix });
  return LowdbStateStore.open({ stateFile, retentionMs, logger });
}
