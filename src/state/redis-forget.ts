/**
 * Deleting one workspace's threads from Redis (a Slack team that uninstalled the bot): every `thread:<chat>:<workspace>:*`
 * record, found by SCAN, with its entries in `waiting`, `finished` and its owner's open set.
 */
import { isCluster, type RedisClient } from './redis-connect.js';
import { threadId, type ChatKind, type ThreadId } from '../core/thread-id.js';
import { parseRecord } from './options.js';
import { openKeyOf } from './redis-scripts.js';

const SCAN_COUNT = 500;

/** `text` matched literally by a Redis glob (SCAN MATCH). */
const globEscape = (text: string): string => text.replace(/[*?[\]\\]/g, '\\$&');

export async function forgetRedisWorkspace(redis: RedisClient, prefix: string, chat: ChatKind, workspaceId: string): Promise<number> {
  const threadKeys = `${prefix}thread:`;
  const pattern = `${globEscape(`${threadKeys}${threadId(chat, workspaceId)}:`)}*`;
  let dropped = 0;
  // SCAN walks one server: on a cluster, each master (the deletes still go through the cluster client)
  for (const node of isCluster(redis) ? redis.nodes('master') : [redis]) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_COUNT);
      cursor = next;
      for (const key of keys) if (await forgetThread(redis, prefix, key.slice(threadKeys.length) as ThreadId)) dropped += 1;
    } while (cursor !== '0');
  }
  return dropped;
}

/** Deletes one thread's record with its index entries; true when the record was there. */
async function forgetThread(redis: RedisClient, prefix: string, thread: ThreadId): Promise<boolean> {
  const key = `${prefix}thread:${thread}`;
  const text = await redis.get(key);
  const parsed = text === null ? undefined : parseRecord(thread, text);
  const multi = redis.multi().del(key).srem(`${prefix}waiting`, thread).zrem(`${prefix}finished`, thread);
  if (parsed && 'record' in parsed) multi.zrem(openKeyOf(prefix, parsed.record.workspaceId, parsed.record.startedBy), thread);
  const [[, deleted] = []] = (await multi.exec()) ?? [];
  return deleted === 1;
}
