/** The state benchmark's stored threads: the seeded records, written to lowdb files or Redis, and removed again. */
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { threadId, type ThreadId } from '../src/core/thread-id.js';
import { openKeyOf } from '../src/state/redis-scripts.js';
import type { ThreadRecord } from '../src/core/state.js';
import { threadFilePath } from '../src/state/thread-files.js';

export const benchThread = (i: number): ThreadId => threadId('slack', 'TBENCH', 'CBENCH', `1712345${i}.000100`);

export function seedRecord(i: number): ThreadRecord {
  return {
    thread: benchThread(i),
    workflow: 'novelty',
    step: 'confirm',
    version: 1,
    status: i % 10 === 0 ? 'done' : 'active',
    workspaceId: 'slack:TBENCH',
    startedBy: `U${i % 1_000}`,
    ids: { task_id: `task-${i}`, session_id: `session-${i}` },
    data: { selected: ['CN112233445A', 'US2020123456A1'], topic: 'solid-state battery electrolyte' },
    createdAt: 1_712_345_000_000,
    updatedAt: 1_712_345_000_000 + i,
  };
}

/** Writes seed files straight to disk (synchronously: file creation is the cost, and the thread pool only adds to it). */
export function seedLowdbDir(threadsDir: string, threads: number): void {
  for (let i = 0; i < 256; i += 1) mkdirSync(path.join(threadsDir, i.toString(16).padStart(2, '0')), { recursive: true });
  for (let i = 0; i < threads; i += 1) writeFileSync(threadFilePath(threadsDir, benchThread(i)), JSON.stringify(seedRecord(i)));
}

export function diskUsage(threadsDir: string): { bytes: number; allocated: number } {
  let bytes = 0;
  let allocated = 0;
  for (const shard of readdirSync(threadsDir)) {
    for (const name of readdirSync(path.join(threadsDir, shard))) {
      const s = statSync(path.join(threadsDir, shard, name));
      bytes += s.size;
      allocated += s.blocks * 512;
    }
  }
  return { bytes, allocated };
}

export async function seedRedis(redis: Redis, keyPrefix: string, threads: number): Promise<void> {
  for (let start = 0; start < threads; start += 2_000) {
    const pipeline = redis.pipeline();
    for (let i = start; i < Math.min(threads, start + 2_000); i += 1) {
      const record = seedRecord(i);
      pipeline.set(`${keyPrefix}thread:${record.thread}`, JSON.stringify(record));
      if (record.status === 'done') pipeline.zadd(`${keyPrefix}finished`, record.updatedAt, record.thread);
      else pipeline.zadd(openKeyOf(keyPrefix, record.workspaceId, record.startedBy), record.updatedAt, record.thread);
    }
    await pipeline.exec();
  }
}

export async function deleteByPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 5_000);
    if (keys.length > 0) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}
