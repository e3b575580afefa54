/**
 * The bot's stores as the configuration says: on Redis (REDIS_URL, or a master found through REDIS_SENTINELS), shared
 * by every replica, or in this process and files beside STATE_FILE. A store that cannot be opened fails the start
 * naming the variable and the address.
 */
import type { Config } from './config.js';
import type { Inbox } from './core/inbox.js';
import type { WorkLimits } from './core/limits.js';
import type { StateStore } from './core/state.js';
import type { ChatKind } from './core/thread-id.js';
import { createHttpServer } from './http/server.js';
import { UploadShelf, UPLOADS_PATH } from './http/uploads.js';
import type { Logger } from './log.js';
import { describeRedis, type RedisConnection } from './lib/redis-connection.js';
import { startupError } from './startup-error.js';
import { FileInbox, inboxDirOf } from './state/inbox-file.js';
import { RedisInbox } from './state/inbox-redis.js';
import { RedisTlsFileError } from './state/redis-connect.js';
import { createStateStore } from './state/index.js';
import { MemoryWorkLimits } from './state/limits-memory.js';
import { RedisWorkLimits } from './state/limits-redis.js';
import { FileUploadStore, uploadsDirOf } from './state/upload-store-file.js';
import { RedisUploadStore } from './state/upload-store-redis.js';
import type { DurableJournal } from './core/outbox/journal.js';
import { FileWriteJournal, writeJournalFileOf } from './state/write-journal-file.js';
import { RedisWriteJournal } from './state/write-journal-redis.js';

const redisFailure =
  (redis: RedisConnection) =>
  (error: unknown): never => {
    if (error instanceof RedisTlsFileError) throw startupError(error.variable, error.path, error.cause);
    throw startupError(redis.sentinel ? 'REDIS_SENTINELS' : 'REDIS_URL', describeRedis(redis), error);
  };
const fileFailure =
  (path: string) =>
  (error: unknown): never => {
    throw startupError('STATE_FILE', path, error);
  };

/** Thread records, settings, locks and dedupe keys. */
export function openStateStore(config: Config, logger: Logger): Promise<StateStore> {
  const { redis, file, retentionMs, keyPrefix } = config.state;
  return createStateStore({ stateFile: file, redis, retentionMs, keyPrefix, logger }).catch(redis ? redisFailure(redis) : fileFailure(file));
}

/** Where events are recorded before Slack or Teams is told they arrived. */
export function openInbox(config: Config, logger: Logger): Promise<Inbox> {
  const { redis, file, keyPrefix } = config.state;
  if (redis) return RedisInbox.connect(redis, { keyPrefix, logger }).catch(redisFailure(redis));
  return FileInbox.open(inboxDirOf(file), { logger }).catch(fileFailure(inboxDirOf(file)));
}

/** The outbox's journal of chat writes, so a write a dead process left is finished (core/outbox/recovery.ts). */
export function openWriteJournal(config: Config, logger: Logger): Promise<DurableJournal> {
  const { redis, file, keyPrefix, waitLeaseMs } = config.state;
  if (redis) return RedisWriteJournal.connect(redis, { keyPrefix, logger, ownerTtlMs: waitLeaseMs }).catch(redisFailure(redis));
  return FileWriteJournal.open(writeJournalFileOf(file), { logger }).catch(fileFailure(writeJournalFileOf(file)));
}

/** Concurrent answers and workflows per user and workspace: shared by the replicas on Redis, per process otherwise. */
export async function openLimits(config: Config, logger: Logger): Promise<WorkLimits> {
  const { redis, keyPrefix } = config.state;
  if (!redis) return new MemoryWorkLimits(config.limits);
  return RedisWorkLimits.connect(redis, { settings: config.limits, keyPrefix, logger }).catch(redisFailure(redis));
}

/** The files served to the platform (PUBLIC_URL): on Redis when configured, else in a private folder beside STATE_FILE. */
export async function openUploadShelf(config: Config, publicUrl: string, logger: Logger): Promise<UploadShelf> {
  const { redis, file, keyPrefix } = config.state;
  const store = redis
    ? await RedisUploadStore.connect(redis, { keyPrefix, logger }).catch(redisFailure(redis))
    : await FileUploadStore.open(uploadsDirOf(file), logger).catch((error: unknown) => {
        throw startupError('STATE_FILE', uploadsDirOf(file), error);
      });
  return new UploadShelf(publicUrl, store, { logger });
}

/**
 * An upload shelf served from a local address (127.0.0.1, a free port) by a server of its own: for the terminal
 * against the built-in simulator, which runs on this computer too and needs no PUBLIC_URL to reach it.
 */
export async function openLocalUploadShelf(config: Config, logger: Logger): Promise<{ shelf: UploadShelf; close(): Promise<void> }> {
  const server = createHttpServer({ port: 0, host: '127.0.0.1', logger });
  const { url } = await server.listen();
  const shelf = await openUploadShelf(config, url, logger).catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  server.route(UPLOADS_PATH, shelf.handler, { bodyLimitBytes: 0 });
  return {
    shelf,
    async close() {
      await server.close();
      await shelf.close();
    },
  };
}

/** ALLOWED_SLACK_TEAMS and ALLOWED_TEAMS_TENANTS as the routers' check; an unset list admits every workspace. */
export function workspaceAllowList(access: Config['access']): (chat: ChatKind, workspaceId: string) => boolean {
  const slack = access.slackTeams && new Set(access.slackTeams);
  const teams = access.teamsTenants && new Set(access.teamsTenants);
  return (chat, workspaceId) => {
    const allowed = chat === 'slack' ? slack : chat === 'teams' ? teams : undefined;
    return allowed === undefined || allowed.has(workspaceId);
  };
}
