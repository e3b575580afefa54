/** One Redis connection as every Redis-backed part of the bot opens it: fails fast, with the connection's own error. */
import type { Redis } from 'ioredis';
import { silentLogger, type Logger } from '../log.js';

/**
 * Connects to `url` and rejects when Redis cannot be reached, with the connection's own error (ECONNREFUSED, ...)
 * rather than ioredis' "Connection is closed". Later connection errors are logged (`what` names the user: `state`,
 * `limits`, `uploads`), and ioredis reconnects on its own.
 */
export async function connectRedis(url: string, what: string, logger: Logger = silentLogger): Promise<Redis> {
  // ioredis (about 20 MB resident) loads only where Redis is configured
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, connectTimeout: 5_000 });
  let lastError: unknown;
  // without a listener ioredis prints every connection error itself
  redis.on('error', (error: Error) => {
    lastError = error;
    logger.warn({ err: error }, `${what}: Redis connection error`);
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw lastError ?? error;
  }
  return redis;
}
