/**
 * A lock shared by every replica: `SET key token NX PX ttl`, extended every ttl/3 while the holder works so a
 * long handler keeps it, released only by its holder (compare-and-delete). A holder that dies stops extending,
 * and the lock frees itself after its TTL. The token is the lock's fencing token, and its `lost` signal fires once
 * an extension finds it gone (a stall of Redis or of the holder longer than the TTL).
 *
 * Whether the lock is still the holder's is known without asking for a while: nobody deletes another's lock, so a
 * lock Redis set or extended cannot be anyone else's until its TTL, counted from when that command was sent, has
 * run out. `held()` answers from that (a tenth of the TTL kept back for the clocks' drift) and asks Redis only
 * once it has passed, as after a stall that held up the extensions.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisClient } from './redis-connect.js';
import type { Logger } from '../log.js';
import { extendLockScript, releaseLockScript } from './redis-scripts.js';
import { LockTimeoutError, type LockHold } from '../core/state.js';

const RETRY_MIN_MS = 5;
const RETRY_SPREAD_MS = 20;
/** the part of the TTL a confirmation vouches for */
const VOUCHED = 0.9;

export async function withRedisLock<T>(
  redis: RedisClient,
  lock: { key: string; name: string; ttlMs: number; waitMs: number },
  fn: (hold: LockHold) => Promise<T>,
  logger: Logger,
  now: () => number = performance.now.bind(performance),
): Promise<T> {
  const token = randomUUID();
  const ttlMs = Math.max(30, Math.ceil(lock.ttlMs));
  const deadline = Date.now() + lock.waitMs;
  let sent = now();
  while ((await redis.set(lock.key, token, 'PX', ttlMs, 'NX')) !== 'OK') {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new LockTimeoutError(lock.name);
    await sleep(Math.min(remaining, RETRY_MIN_MS + Math.random() * RETRY_SPREAD_MS));
    sent = now();
  }
  let vouchedUntil = sent + ttlMs * VOUCHED;
  const lost = new AbortController();
  let released = false;
  const loseIt = () => {
    if (lost.signal.aborted || released) return;
    lost.abort();
    logger.warn({ lock: lock.name }, 'state: a held lock expired before it could be extended');
  };
  const hold: LockHold = {
    key: lock.name,
    token,
    lost: lost.signal,
    async held() {
      if (lost.signal.aborted) return false;
      if (now() < vouchedUntil) return true;
      if ((await redis.get(lock.key)) === token) return true;
      loseIt();
      return false;
    },
  };
  const keepAlive = setInterval(
    () => {
      const extending = now();
      extendLockScript.run(redis, [lock.key], [token, ttlMs]).then(
        (extended) => {
          if (extended !== 1) loseIt();
          else vouchedUntil = Math.max(vouchedUntil, extending + ttlMs * VOUCHED);
        },
        (error: unknown) => logger.warn({ lock: lock.name, err: error }, 'state: could not extend a lock'),
      );
    },
    Math.floor(ttlMs / 3),
  );
  try {
    return await fn(hold);
  } finally {
    released = true;
    clearInterval(keepAlive);
    // not awaited: the store's commands go out in order on one connection (the lock's slot's, on a cluster), so
    // whatever this process asks of Redis next (taking this lock again included) comes after the release
    void releaseLockScript.runInOrder(redis, [lock.key], [token]).catch((error: unknown) => {
      logger.warn({ lock: lock.name, err: error }, 'state: could not release a lock; it expires by itself');
    });
  }
}
