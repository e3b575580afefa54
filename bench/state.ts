/**
 * State update latency against the number of stored threads: compareAndSet of one existing thread (random
 * threads, sequential calls) with 100, 10,000 and 100,000 threads stored, for lowdb (temp dirs) and Redis.
 * The three sizes live side by side (one dir or key prefix each) and are measured in interleaved rounds, so
 * that load from anything else on the machine falls on all sizes alike instead of skewing one of them.
 * The lowdb store must not slow down with more threads: p99 at 100k within 2x of p99 at 100.
 * Quick mode (a smoke run): 100 and 10,000 threads, fewer rounds.
 * Then the cost of channel chatter (an irrelevant message) and of a dedupe claim with 1,000 and 10,000 dedupe keys
 * stored, which must be flat too (bench/state-chatter.ts).
 * Standalone: `npx tsx bench/state.ts [--quick]`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { LowdbStateStore } from '../src/state/lowdb-store.js';
import { RedisStateStore } from '../src/state/redis-store.js';
import type { StateStore } from '../src/core/state.js';
import { benchThread, deleteByPrefix, diskUsage, seedLowdbDir, seedRecord, seedRedis } from './state-seed.js';
import { chatterBench, chatterShape, chatterVerdict } from './state-chatter.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

type Row = Record<string, string | number>;

interface Subject {
  name: string;
  threads: number;
  store: StateStore;
  extra: Row;
}

export interface StateShape {
  sizes: number[];
  rounds: number;
  updatesPerRound: number;
  warmup: number;
}

export const stateShape = (quick: boolean): StateShape =>
  quick
    ? { sizes: [100, 10_000], rounds: 4, updatesPerRound: 150, warmup: 100 }
    : { sizes: [100, 10_000, 100_000], rounds: 10, updatesPerRound: 150, warmup: 200 };

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
async function timeInterleaved(subjects: Subject[], shape: StateShape): Promise<Row[]> {
  const versions = subjects.map(() => new Map<number, number>());
  const samples = subjects.map(() => [] as number[]);
  for (const [k, subject] of subjects.entries()) await timeUpdates(subject, shape.warmup, versions[k]!);
  for (let round = 0; round < shape.rounds; round += 1) {
    for (const [k, subject] of subjects.entries()) samples[k]!.push(...(await timeUpdates(subject, shape.updatesPerRound, versions[k]!)));
  }
  const rows = subjects.map((subject, k): Row => {
    const sorted = [...samples[k]!].sort((a, b) => a - b);
    return {
      store: subject.name,
      threads: subject.threads,
      updates: sorted.length,
      p50_ms: ms(percentile(sorted, 0.5)),
      p99_ms: ms(percentile(sorted, 0.99)),
      ...subject.extra,
    };
  });
  const baseP99 = rows[0]?.p99_ms as number;
  for (const row of rows) {
    row.p99_vs_smallest = Number(((row.p99_ms as number) / baseP99).toFixed(2));
    row.within_2x = (row.p99_ms as number) <= 2 * baseP99 ? 'yes' : 'NO';
  }
  return rows;
}

async function benchLowdb(shape: StateShape): Promise<Row[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'iip-state-bench-'));
  const subjects: Array<Subject & { threadsDir: string }> = [];
  try {
    for (const threads of shape.sizes) {
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
    const rows = await timeInterleaved(subjects, shape);
    for (const [i, subject] of subjects.entries()) {
      await subject.store.close();
      const usage = diskUsage(subject.threadsDir);
      Object.assign(rows[i] ?? {}, {
        bytes_per_thread: Math.round(usage.bytes / subject.threads),
        disk_bytes_per_thread: Math.round(usage.allocated / subject.threads),
      });
    }
    return rows;
  } finally {
    await Promise.all(subjects.map((s) => s.store.close()));
    await rm(root, { recursive: true, force: true });
  }
}

async function benchRedis(shape: StateShape): Promise<Row[]> {
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
    for (const threads of shape.sizes) {
      const keyPrefix = `${runPrefix}${threads}:`;
      const seedStart = performance.now();
      await seedRedis(admin, keyPrefix, threads);
      const extra = { seed_ms: Math.round(performance.now() - seedStart) };
      subjects.push({ name: 'redis', threads, store: await RedisStateStore.connect(REDIS_URL, { keyPrefix }), extra });
    }
    return await timeInterleaved(subjects, shape);
  } finally {
    await Promise.all(subjects.map((s: { store: StateStore }) => s.store.close()));
    await deleteByPrefix(admin, runPrefix);
    await admin.quit();
  }
}

export async function stateBench(shape: StateShape = stateShape(false)): Promise<Row[]> {
  return [...(await benchLowdb(shape)), ...(await benchRedis(shape))];
}

/** The chatter rows: an irrelevant channel message and a dedupe claim with 1,000 and 10,000 keys stored. */
export const stateChatterBench = (quick: boolean): Promise<Row[]> => chatterBench(chatterShape(quick), REDIS_URL);

export { chatterShape, chatterVerdict };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const quick = process.argv.includes('--quick');
  const shape = stateShape(quick);
  const rows = await stateBench(shape);
  console.table(rows);
  const at = (threads: number) => rows.find((r) => r.store === 'lowdb' && r.threads === threads);
  const [small, large] = [at(shape.sizes[0]!), at(shape.sizes.at(-1)!)];
  console.log(
    `lowdb p99@${large?.threads} (${large?.p99_ms} ms) <= 2x p99@${small?.threads} (${small?.p99_ms} ms): ${large?.within_2x === 'yes' ? 'yes' : 'NO'}`,
  );
  const chatter = await stateChatterBench(quick);
  console.table(chatter);
  console.log(chatterVerdict(chatter, chatterShape(quick)).line);
  console.log(`bench took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
