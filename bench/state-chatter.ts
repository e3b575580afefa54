/**
 * The state cost of channel chatter: a reply in a thread the bot never started, not addressed to it, goes through
 * the real Router (the decision before any dedupe claim) on a store already holding 1,000 or 10,000 dedupe keys.
 * It must cost the same however many keys exist, and add none. Beside it, the claim of an event the bot does act
 * on (setIfNotExists), which must be flat too: on lowdb it appends one line to the dedupe journal instead of
 * rewriting the state file (before: 2 ms per event at 1,000 keys, 11 ms at 10,000).
 * The key counts are measured in interleaved rounds, as the update benchmark does (bench/state.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import type { HandlerContext } from '../src/core/handler.js';
import type { ReplyIncoming } from '../src/core/incoming.js';
import { Router } from '../src/core/router.js';
import type { StateStore } from '../src/core/state.js';
import { threadId } from '../src/core/thread-id.js';
import { chatHandler } from '../src/handlers/chat/handler.js';
import { silentLogger } from '../src/log.js';
import { LowdbStateStore } from '../src/state/lowdb-store.js';
import { RedisStateStore } from '../src/state/redis-store.js';
import { deleteByPrefix } from './state-seed.js';

type Row = Record<string, string | number>;

export interface ChatterShape {
  keyCounts: number[];
  rounds: number;
  perRound: number;
  warmup: number;
}

export const chatterShape = (quick: boolean): ChatterShape =>
  quick
    ? { keyCounts: [1_000, 10_000], rounds: 4, perRound: 200, warmup: 100 }
    : { keyCounts: [1_000, 10_000], rounds: 10, perRound: 300, warmup: 300 };

interface Subject {
  store: StateStore;
  keys: number;
  router: Router;
  /** how many dedupe keys the store holds now */
  countKeys: () => Promise<number>;
}

const DEDUPE_TTL_MS = 15 * 60_000;
let sequence = 0;

/** A router as the bot has it, on `store`; the messenger is never reached by chatter (it would throw). */
function routerOn(store: StateStore): Router {
  const ctx = { state: store, logger: silentLogger, messenger: { chat: 'slack' }, settings: { lang: 'en', confirmers: 'starter' } };
  return new Router([chatHandler], ctx as unknown as HandlerContext);
}

function chatter(): ReplyIncoming {
  const n = ++sequence;
  return {
    kind: 'reply',
    eventId: `EvChatter${n}`,
    user: { id: 'U2' },
    workspaceId: 'TBENCH',
    text: 'lunch at noon?',
    mentioned: false,
    thread: threadId('slack', 'TBENCH', 'CBENCH', `1800000100.${String(n).padStart(6, '0')}`),
  };
}

async function seedKeys(store: StateStore, keys: number): Promise<void> {
  for (let i = 0; i < keys; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, keys - i) }, (_, j) => store.setIfNotExists(`event:EvSeed${i + j}`, DEDUPE_TTL_MS)));
  }
}

async function timeOne(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const ms = (value: number): number => Number(value.toFixed(4));

/** Chatter and claims on every subject in alternating rounds; two rows per subject. */
async function timeSubjects(name: string, subjects: Subject[], shape: ChatterShape): Promise<Row[]> {
  const samples = subjects.map(() => ({ chatter: [] as number[], claim: [] as number[] }));
  const before = await Promise.all(subjects.map((s) => s.countKeys()));
  for (const subject of subjects) {
    for (let i = 0; i < shape.warmup; i += 1) await subject.router.dispatch(chatter());
  }
  for (let round = 0; round < shape.rounds; round += 1) {
    for (const [k, subject] of subjects.entries()) {
      for (let i = 0; i < shape.perRound; i += 1) samples[k]!.chatter.push(await timeOne(() => subject.router.dispatch(chatter())));
    }
  }
  const afterChatter = await Promise.all(subjects.map((s) => s.countKeys()));
  for (let round = 0; round < shape.rounds; round += 1) {
    for (const [k, subject] of subjects.entries()) {
      for (let i = 0; i < shape.perRound / 2; i += 1) {
        samples[k]!.claim.push(await timeOne(() => subject.store.setIfNotExists(`event:EvActed${randomUUID()}`, DEDUPE_TTL_MS)));
      }
    }
  }
  return subjects.flatMap((subject, k): Row[] => {
    const row = (measure: string, values: number[], extra: Row): Row => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        store: name,
        measure,
        dedupe_keys: subject.keys,
        events: sorted.length,
        p50_ms: ms(percentile(sorted, 0.5)),
        p99_ms: ms(percentile(sorted, 0.99)),
        ...extra,
      };
    };
    return [
      row('irrelevant channel message', samples[k]!.chatter, { keys_added: afterChatter[k]! - before[k]! }),
      row('dedupe claim (acted-on event)', samples[k]!.claim, {}),
    ];
  });
}

async function benchLowdb(shape: ChatterShape): Promise<Row[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'iip-chatter-bench-'));
  const subjects: Subject[] = [];
  try {
    for (const keys of shape.keyCounts) {
      const stateFile = path.join(root, String(keys), 'state.json');
      const store = await LowdbStateStore.open({ stateFile });
      await seedKeys(store, keys);
      const journal = path.join(path.dirname(stateFile), 'state.dedupe.jsonl');
      // journal lines (a compaction may fold some away, never add): stable while nothing is claimed
      const countKeys = async () => (await readFile(journal, 'utf8')).split('\n').filter((l) => l.includes('"event:')).length;
      subjects.push({ store, keys, router: routerOn(store), countKeys });
    }
    return await timeSubjects('lowdb', subjects, shape);
  } finally {
    await Promise.all(subjects.map((s) => s.store.close()));
    await rm(root, { recursive: true, force: true });
  }
}

async function benchRedis(shape: ChatterShape, redisUrl: string): Promise<Row[]> {
  const runPrefix = `iip-bench-chatter:${randomUUID()}:`;
  const admin = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch (error) {
    admin.disconnect();
    return [{ store: 'redis', measure: 'irrelevant channel message', note: `skipped, cannot reach ${redisUrl}: ${String(error)}` }];
  }
  const subjects: Subject[] = [];
  try {
    for (const keys of shape.keyCounts) {
      const keyPrefix = `${runPrefix}${keys}:`;
      const store = await RedisStateStore.connect(redisUrl, { keyPrefix });
      await seedKeys(store, keys);
      const countKeys = async () => {
        let count = 0;
        let cursor = '0';
        do {
          const [next, found] = await admin.scan(cursor, 'MATCH', `${keyPrefix}seen:*`, 'COUNT', 5_000);
          count += found.length;
          cursor = next;
        } while (cursor !== '0');
        return count;
      };
      subjects.push({ store, keys, router: routerOn(store), countKeys });
    }
    return await timeSubjects('redis', subjects, shape);
  } finally {
    await Promise.all(subjects.map((s) => s.store.close()));
    await deleteByPrefix(admin, runPrefix);
    await admin.quit();
  }
}

export async function chatterBench(shape: ChatterShape, redisUrl: string): Promise<Row[]> {
  return [...(await benchLowdb(shape)), ...(await benchRedis(shape, redisUrl))];
}

/**
 * The verdict on the chatter rows of `store`: no key added, and the cost at the most keys within 2x (plus 0.05 ms,
 * below which timings are noise) of the cost at the fewest.
 */
export function chatterVerdict(rows: Row[], shape: ChatterShape, store = 'lowdb'): { holds: boolean; line: string } {
  const at = (keys: number) => rows.find((r) => r.store === store && r.measure === 'irrelevant channel message' && r.dedupe_keys === keys);
  const [fewest, most] = [shape.keyCounts[0]!, shape.keyCounts.at(-1)!];
  const [small, large] = [at(fewest), at(most)];
  const [p50Small, p50Large] = [Number(small?.p50_ms), Number(large?.p50_ms)];
  const flat = p50Large <= 2 * p50Small + 0.05;
  const noKeys = small?.keys_added === 0 && large?.keys_added === 0;
  const count = (n: number): string => n.toLocaleString('en-US');
  return {
    holds: flat && noKeys,
    line:
      `${store} irrelevant channel message p50 at ${count(most)} keys ${p50Large} ms <= 2x (+0.05 ms) p50 at ${count(fewest)} keys ` +
      `(${p50Small} ms), ${noKeys ? 'no' : 'SOME'} keys added`,
  };
}
