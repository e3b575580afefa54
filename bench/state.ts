/**
 * State update latency against the number of stored threads: compareAndSet of one existing thread (random
 * threads, sequential calls) with 100, 10,000 and 100,000 threads stored, for lowdb (temp dirs) and Redis.
 * The three sizes live side by side (one dir or key prefix each) and are measured in interleaved rounds, so
 * that load from anything else on the machine falls on all sizes alike instead of skewing one of them.
 * The lowdb store must not slow down with more threads: p99 at 100k within 2x of p99 at 100.
 * Standalone: `npx tsx bench/state.ts`.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { threadId, type ThreadId } from '../src/core/thread-id.js';
import { LowdbStateStore } from '../src/state/lowdb-store.js';
import { RedisStateStore } from '../src/state/redis-store.js';
import { openKeyOf } from '../src/state/redis-scripts.js';
import type { StateStore, ThreadRecord } from '../src/state/store.js';
import { threadFilePath } from '../src/state/thread-files.js';

const SIZES = [100, 10_000, 100_000];
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

type Row = Record<string, string | number>;

interface Subject {
  name: string;
  threads: number;
  store: StateStore;
  extra: Row;
}

const ROUNDS = 10;
const UPDATES_PER_ROUND = 150;
const WARMUP = 200;

const benchThread = (i: number): ThreadId => threadId('slack', 'TBENCH', 'CBENCH', `1712345${i}.000100`);

function seedRecord(i: number): ThreadRecord {
  return {
    thread: benchThread(i), workflow: 'novelty', step: 'confirm', version: 1, status: i % 10 === 0 ? 'done' : 'active',
    workspaceId: 'slack:TBENCH', startedBy: `U${i % 1_000}`, ids: { task_id: `task-${i}`, session_id: `session-${i}` },
    data: { selected: ['CN112233445A', 'US2020123456A1'], topic: 'solid-state battery electrolyte' },
    createdAt: 1_712_345_000_000, updatedAt: 1_712_345_000_000 + i,
  };
}

/** Sequential updates of random seeded threads; `versions` remembers what was written, so only the CAS is timed. */
async function timeUpdates(subject: Subject, count: number, versions: Map<number, number>): Promise<number[]> {
  const samples: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const i = Math.floor(Math.random() * subject.threads);
    const version = versions.get(i) ?? 1;
    const { version: _version, updatedAt: _updatedAt, ...input } = seedRecord(i);
    const start = performance.now();
    const written = await subject.store.compareAndSet(benchThread(i), version, { ...input, step: `step-${n}` });
    samples.push(performance.now() - start);
    if (!written) throw new Error(`${subject.name}: update of thread ${i} at version ${version} was refused`);
    versions.set(i, written.version);
  }
  return samples;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const ms = (value: number): number => Number(value.toFixed(3));

/**
 * Warms every subject up, then times them in alternating rounds; one row per subject with p50/p99, and how its
 * p99 compares with the first (smallest) subject's.
 */
async function timeInterleaved(subjects: Subject[]): Promise<Row[]> {
  const versions = subjects.map(() => new Map<number, number>());
  const samples = subjects.map(() => [] as number[]);
  for (const [k, subject] of subjects.entries()) await timeUpdates(subject, WARMUP, versions[k]!);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [k, subject] of subjects.entries()) samples[k]!.push(...(await timeUpdates(subject, UPDATES_PER_ROUND, versions[k]!)));
  }
  const rows = subjects.map((subject, k): Row => {
    const sorted = [...samples[k]!].sort((a, b) => a - b);
    return { store: subject.name, threads: subject.threads, updates: sorted.length, p50_ms: ms(percentile(sorted, 0.5)), p99_ms: ms(percentile(sorted, 0.99)), ...subject.extra };
  });
  const baseP99 = rows[0]?.p99_ms as number;
  for (const row of rows) {
    row.p99_vs_smallest = Number(((row.p99_ms as number) / baseP99).toFixed(2));
    row.within_2x = (row.p99_ms as number) <= 2 * baseP99 ? 'yes' : 'NO';
  }
  return rows;
}

/** Writes seed files straight to disk (synchronously: file creation is the cost, and the thread pool only adds to it). */
function seedLowdbDir(threadsDir: string, threads: number): void {
  for (let i = 0; i < 256; i += 1) mkdirSync(path.join(threadsDir, i.toString(16).padStart(2, '0')), { recursive: true });
  for (let i = 0; i < threads; i += 1) writeFileSync(threadFilePath(threadsDir, benchThread(i)), JSON.stringify(seedRecord(i)));
}

function diskUsage(threadsDir: string): { bytes: number; allocated: number } {
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

async function benchLowdb(): Promise<Row[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'iip-state-bench-'));
  const subjects: Array<Subject & { threadsDir: string }> = [];
  try {
    for (const threads of SIZES) {
      const dir = path.join(root, String(threads));
      const threadsDir = path.join(dir, 'state.threads');
      const seedStart = performance.now();
      seedLowdbDir(threadsDir, threads);
      const seedMs = performance.now() - seedStart;
      const openStart = performance.now();
      const store = await LowdbStateStore.open({ stateFile: path.join(dir, 'state.json') });
      const extra = { seed_ms: Math.round(seedMs), open_ms: Math.round(performance.now() - openStart) };
      subjects.push({ name: 'lowdb', threads, store, extra, threadsDir });
    }
    const rows = await timeInterleaved(subjects);
    for (const [i, subject] of subjects.entries()) {
      await subject.store.close();
      const usage = diskUsage(subject.threadsDir);
      Object.assign(rows[i] ?? {}, {
        bytes_per_thread: Math.round(usage.bytes / subject.threads), disk_bytes_per_thread: Math.round(usage.allocated / subject.threads),
      });
    }
    return rows;
  } finally {
    await Promise.all(subjects.map((s) => s.store.close()));
    await rm(root, { recursive: true, force: true });
  }
}

async function seedRedis(redis: Redis, keyPrefix: string, threads: number): Promise<void> {
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

async function benchRedis(): Promise<Row[]> {
  const runPrefix = `iip-bench:${randomUUID()}:`;
  const admin = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch (error) {
    admin.disconnect();
    return [{ store: 'redis', threads: 0, note: `skipped, cannot reach ${REDIS_URL}: ${String(error)}` }];
  }
  const subjects: Subject[] = [];
  try {
    for (const threads of SIZES) {
      const keyPrefix = `${runPrefix}${threads}:`;
      const seedStart = performance.now();
      await seedRedis(admin, keyPrefix, threads);
      const extra = { seed_ms: Math.round(performance.now() - seedStart) };
      subjects.push({ name: 'redis', threads, store: await RedisStateStore.connect(REDIS_URL, { keyPrefix }), extra });
    }
    return await timeInterleaved(subjects);
  } finally {
    await Promise.all(subjects.map((s: { store: StateStore }) => s.store.close()));
    await deleteByPrefix(admin, runPrefix);
    await admin.quit();
  }
}

async function deleteByPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 5_000);
    if (keys.length > 0) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}

export async function stateBench(): Promise<Row[]> {
  return [...(await benchLowdb()), ...(await benchRedis())];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const rows = await stateBench();
  console.table(rows);
  const at = (threads: number) => rows.find((r) => r.store === 'lowdb' && r.threads === threads);
  const [small, large] = [at(100), at(100_000)];
  console.log(`lowdb p99@100k (${large?.p99_ms} ms) <= 2x p99@100 (${small?.p99_ms} ms): ${large?.within_2x === 'yes' ? 'yes' : 'NO'}`);
  console.log(`bench took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
