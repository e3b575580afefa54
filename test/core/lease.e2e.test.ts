/**
 * The lease (core/lease.ts) on a real Redis, with a real platform client and simulator and a real messenger over
 * the fake chat adapter: taken without waiting, its work fenced by the token. Once the lease is lost (its key ran
 * out under the holder and another replica took it), the holder's platform calls, chat writes and record writes
 * (through the record writer, checked in Redis' compare-and-set script) are refused and its lifetime ends; work left running after a lease ended normally is not fenced.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HandlerContext } from '../../src/core/handler.js';
import { LeaseLostError } from '../../src/core/fence.js';
import { leaseLost, withLease } from '../../src/core/lease.js';
import { speaking } from '../../src/core/language.js';
import { markdown } from '../../src/core/message.js';
import { Messenger } from '../../src/core/messenger.js';
import { StreamRelay } from '../../src/core/relay/index.js';
import { RecordWriter } from '../../src/core/records.js';
import { threadId } from '../../src/core/thread-id.js';
import { RedisStateStore } from '../../src/state/redis-store.js';
import { recordInput } from '../state/helpers.js';
import { startWorld, type World } from '../handlers/workflow/world.js';
import { FakeChatAdapter } from '../helpers/fake-adapter.js';
import { monitorRedis } from '../helpers/redis-monitor.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `iip-test-lease:${randomUUID()}:`;
const admin = new Redis(REDIS_URL);
let world: World;
const stores: RedisStateStore[] = [];
let threads = 0;
/** the replicas' lock clock: moved past a lease to model a stall (a lock's hold asks Redis only after most of its TTL) */
let lockNow = 0;

beforeAll(async () => {
  world = await startWorld();
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await world.close();
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length > 0) await admin.del(...keys);
  await admin.quit();
});

/** One replica's context: the world's platform and messenger, its own connection to the shared Redis. */
async function replica(): Promise<HandlerContext> {
  const state = await RedisStateStore.connect(REDIS_URL, { keyPrefix: prefix, lockClock: () => lockNow });
  stores.push(state);
  const records = RecordWriter.create(state, []);
  return { ...world.contexts.slack, state, records, settings: { ...world.contexts.slack.settings, waitLeaseMs: 5_000 } };
}

const posted = (thread: ReturnType<typeof threadId>) => world.adapters.slack.messagesIn(thread).map((m) => JSON.stringify(m.content));
const submits = () => world.sim.requests.filter((r) => r.operation === 'NOVELTY-REPORT').length;

describe('a lease on Redis', () => {
  it('is taken once: a second holder is refused at once while the first works', async () => {
    const [a, b] = [await replica(), await replica()];
    let second: boolean | undefined;
    const first = await withLease(a, 'wait:once', async () => {
      second = await withLease(b, 'wait:once', async () => undefined);
    });
    expect(first).toBe(true);
    expect(second).toBe(false);
  });

  it('lost to another replica: the holder can no longer post, call the platform or write the record', async () => {
    const [a, b] = [await replica(), await replica()];
    const thread = threadId('slack', 'T1', 'C1', `1800.${++threads}`);
    const record = await a.state.compareAndSet(thread, 0, recordInput(thread));
    const before = submits();
    let lifetime: AbortSignal | undefined;
    const held = await withLease(a, 'wait:lost', async (leased) => {
      lifetime = leased.lifetime;
      await leased.messenger.post(thread, markdown('while held'));
      // the key runs out under the holder (a stall longer than the lease) and another replica takes the lease
      await admin.del(`${prefix}lock:wait:lost`);
      lockNow += 5_000;
      expect(await withLease(b, 'wait:lost', async () => undefined)).toBe(true);
      await admin.set(`${prefix}lock:wait:lost`, 'another holder', 'PX', 5_000);

      expect(await leased.records.update(record!, { step: 'late' })).toBeUndefined();
      expect(await leased.state.compareAndSet(thread, record!.version, { ...recordInput(thread), step: 'late' })).toBeUndefined();
      await expect(leased.platform.call('NOVELTY-REPORT', { input: 'a hinge', lang: 'en' })).rejects.toBeInstanceOf(LeaseLostError);
      expect(lifetime?.aborted).toBe(true);
      await leased.messenger.post(thread, markdown('after it was lost'));
    });
    // the work stopped at the refused post; the lease's end is quiet (another replica carries the work on)
    expect(held).toBe(true);
    expect(posted(thread)).toEqual([expect.stringContaining('while held')]);
    expect(submits()).toBe(before);
    expect((await a.state.get(thread))?.step).toBe(record!.step);
  });

  it('lost: a context speaking another language, derived from the leased one, cannot post either', async () => {
    const [a, b] = [await replica(), await replica()];
    const thread = threadId('slack', 'T1', 'C1', `1800.${++threads}`);
    await withLease(a, 'wait:spoken', async (leased) => {
      const spoken = speaking(leased, 'zh');
      await spoken.messenger.post(thread, markdown('while held'));
      await admin.del(`${prefix}lock:wait:spoken`);
      lockNow += 5_000;
      expect(await withLease(b, 'wait:spoken', async () => undefined)).toBe(true);
      await admin.set(`${prefix}lock:wait:spoken`, 'another holder', 'PX', 5_000);
      await expect(spoken.messenger.post(thread, markdown('after it was lost'))).rejects.toBeInstanceOf(LeaseLostError);
    });
    expect(posted(thread)).toEqual([expect.stringContaining('while held')]);
    expect(world.adapters.slack.messagesIn(thread)[0]?.content.lang).toBe('zh');
  });

  it('while held, its work acts as usual; once it ended, what it left running is no longer fenced', async () => {
    const a = await replica();
    const thread = threadId('slack', 'T1', 'C1', `1800.${++threads}`);
    let kept: HandlerContext | undefined;
    await withLease(a, 'wait:ended', async (leased) => {
      kept = leased;
      const written = await leased.records.create(leased.handOver, recordInput(thread));
      expect(written?.version).toBe(1);
    });
    await kept!.messenger.post(thread, markdown('a watcher after the lease'));
    expect((await kept!.state.compareAndSet(thread, 1, { ...recordInput(thread), step: 'next' }))?.version).toBe(2);
    expect(kept!.lifetime?.aborted).toBe(false);
    expect(posted(thread)).toEqual([expect.stringContaining('a watcher after the lease')]);
  });
});

describe("a lease taken inside another lease's work", () => {
  it('through a context derived from the outer one, asks only its own lease before a side effect, once it needs asking', async () => {
    const a = await replica();
    const thread = threadId('slack', 'T1', 'C1', `1800.${++threads}`);
    const seen: string[] = [];
    const feed = await monitorRedis(REDIS_URL, (args) => {
      if (String(args[0]).toLowerCase() === 'get' && String(args[1]).startsWith(prefix)) seen.push(String(args[1]).slice(prefix.length));
    });
    // a GET the test makes itself: once MONITOR shows it, every command sent before it has been seen
    const mark = async (name: string) => {
      await admin.get(`${prefix}mark:${name}`);
      for (let i = 0; i < 200 && !seen.includes(`mark:${name}`); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    let between: string[] = [];
    await withLease(a, 'inbox:outer', async (outer) => {
      // as `speaking` derives one: the same context with other settings
      const derived: HandlerContext = { ...outer, settings: { ...outer.settings, lang: 'cn' } };
      await withLease(derived, 'send:inner', async (inner) => {
        expect(leaseLost({ ...inner })).toBe(leaseLost(inner));
        expect(leaseLost(inner)).not.toBe(leaseLost(outer));
        await mark('vouched');
        await inner.messenger.post(thread, markdown('from the inner lease'));
        // both leases were just taken: what set them vouches for them, and nothing is asked
        await mark('before');
        expect(seen.slice(seen.indexOf('mark:vouched') + 1, seen.indexOf('mark:before'))).toEqual([]);
        lockNow += 5_000;
        await inner.messenger.post(thread, markdown('from the inner lease, later'));
        await mark('after');
        between = seen.slice(seen.indexOf('mark:before') + 1, seen.indexOf('mark:after'));
      });
    });
    feed.close();
    expect(between).toEqual(['lock:send:inner']);
    expect(posted(thread)).toEqual([expect.stringContaining('from the inner lease'), expect.stringContaining('later')]);
  });
});

/** A platform stream that stalls after its first words until `go` is called, then sends the rest and ends. */
function stallingStream() {
  let go!: () => void;
  const resumed = new Promise<void>((resolve) => {
    go = resolve;
  });
  async function* deltas() {
    yield 'first words';
    await resumed;
    yield ' and the rest of the answer';
  }
  return { deltas: deltas(), go };
}

describe('a relay under a lease on Redis', () => {
  it.each(['edits', 'streams natively'] as const)('%s: once the lease is lost, no further chat call reaches the thread', async (path) => {
    const a = await replica();
    const b = await replica();
    const adapter = new FakeChatAdapter({ chat: 'slack', ...(path === 'streams natively' ? { native: 'available' as const } : {}) });
    const holder: HandlerContext = { ...a, messenger: new Messenger(adapter, new StreamRelay(adapter, { minEditIntervalMs: 0 })) };
    const thread = threadId('slack', 'T1', 'C1', `1800.${++threads}`);
    const key = `relay:${thread}`;
    const stream = stallingStream();
    let callsAtLoss = -1;
    let status: string | undefined;
    await withLease(holder, key, async (leased) => {
      const relayed = leased.messenger.relay({ thread, deltas: stream.deltas });
      await vi.waitFor(() => expect(adapter.calls.some((c) => JSON.stringify(c).includes('first words'))).toBe(true));
      // the stream stalls; meanwhile the lease runs out under the holder and another replica takes it
      await admin.del(`${prefix}lock:${key}`);
      lockNow += 5_000;
      expect(await withLease(b, key, async () => undefined)).toBe(true);
      await admin.set(`${prefix}lock:${key}`, 'another holder', 'PX', 5_000);
      callsAtLoss = adapter.calls.length;
      stream.go();
      status = (await relayed).status;
    });
    expect(callsAtLoss).toBeGreaterThan(0);
    expect(status).toBe('failed');
    // the rest of the answer never reached the chat: not as an edit, an append, a stop or a new post
    expect(adapter.calls.length).toBe(callsAtLoss);
    expect(JSON.stringify(adapter.calls)).not.toContain('the rest of the answer');
  });
});
