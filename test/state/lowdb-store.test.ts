import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LowdbStateStore } from '../../src/state/lowdb-store.js';
import { threadFilePath } from '../../src/state/thread-files.js';
import { stateStoreContract } from './contract.js';
import { capturedLogger, manualClock, newThread, recordInput, withTempDir } from './helpers.js';

const temps: Array<() => Promise<void>> = [];
async function tempStateFile(): Promise<string> {
  const { dir, cleanup } = await withTempDir();
  temps.push(cleanup);
  return path.join(dir, 'data', 'state.json');
}
afterAll(async () => {
  await Promise.all(temps.map((cleanup) => cleanup()));
});

stateStoreContract('lowdb', async (options) => LowdbStateStore.open({ ...options, stateFile: await tempStateFile() }));

describe('lowdb store on disk', () => {
  const open: LowdbStateStore[] = [];
  const openStore = async (options: Parameters<typeof LowdbStateStore.open>[0]) => {
    const store = await LowdbStateStore.open(options);
    open.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it("deletes a forgotten workspace's thread files, so a restart does not bring them back", async () => {
    const stateFile = await tempStateFile();
    const first = await openStore({ stateFile });
    const thread = newThread();
    await first.compareAndSet(thread, 0, recordInput(thread));
    const file = threadFilePath(path.join(path.dirname(stateFile), 'state.threads'), thread);
    expect(await readFile(file, 'utf8')).toContain(thread);
    expect(await first.forgetWorkspace('slack', 'T1')).toBe(1);
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
    await first.close();
    const second = await openStore({ stateFile });
    expect(await second.get(thread)).toBeUndefined();
  });

  it('keeps records, indexes and dedupe keys across a restart', async () => {
    const stateFile = await tempStateFile();
    const first = await openStore({ stateFile });
    const [waiting, done] = [newThread(), newThread()];
    await first.compareAndSet(waiting, 0, recordInput(waiting, { status: 'waiting', wait: { operation: 'AI35-8', step: 'poll', since: 1 } }));
    await first.compareAndSet(done, 0, recordInput(done));
    await first.compareAndSet(done, 1, recordInput(done, { status: 'done' }));
    expect(await first.setIfNotExists('event-1', 60_000)).toBe(true);
    await first.putSetting('apikey:slack:T1', 'v1.sealed');
    await first.close();

    const second = await openStore({ stateFile });
    expect(await second.get(done)).toMatchObject({ version: 2, status: 'done' });
    expect((await second.listWaiting()).map((r) => r.thread)).toEqual([waiting]);
    expect((await second.listOpenByUser('slack:T1', 'U1')).map((r) => r.thread)).toEqual([waiting]);
    expect(await second.setIfNotExists('event-1', 60_000)).toBe(false);
    expect(await second.getSetting('apikey:slack:T1')).toBe('v1.sealed');
    expect(await second.compareAndSet(done, 1, recordInput(done))).toBeUndefined();
    expect(await second.compareAndSet(done, 2, recordInput(done, { step: 'after restart' }))).toMatchObject({ version: 3 });
  });

  it('expire deletes the files of finished threads past the retention and prunes the dedupe journal; a restart sees neither', async () => {
    const stateFile = await tempStateFile();
    const clock = manualClock(10_000_000);
    const first = await openStore({ stateFile, clock, retentionMs: 60_000 });
    const [done, active] = [newThread(), newThread()];
    await first.compareAndSet(done, 0, recordInput(done, { status: 'done', wait: { operation: 'AI35-8', step: 'poll', since: 1 } }));
    await first.compareAndSet(active, 0, recordInput(active));
    await first.setIfNotExists('event:short', 1_000);
    await first.setIfNotExists('event:long', 600_000);
    clock.now += 100_000;
    expect(await first.expire()).toBe(1);
    const threadsDir = path.join(path.dirname(stateFile), 'state.threads');
    await expect(readFile(threadFilePath(threadsDir, done), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    const journal = await readFile(path.join(path.dirname(stateFile), 'state.dedupe.jsonl'), 'utf8');
    expect(journal).not.toContain('event:short');
    expect(journal).toContain('event:long');
    await first.close();

    const second = await openStore({ stateFile, clock, retentionMs: 60_000 });
    expect(await second.get(done)).toBeUndefined();
    expect(await second.listWaiting()).toEqual([]);
    expect(await second.get(active)).toMatchObject({ status: 'active' });
    expect(await second.setIfNotExists('event:long', 600_000)).toBe(false);
  });

  it('writes each thread to its own small file, next to a state file that does not grow with threads', async () => {
    const stateFile = await tempStateFile();
    const store = await openStore({ stateFile });
    const threads = Array.from({ length: 20 }, newThread);
    for (const thread of threads) await store.compareAndSet(thread, 0, recordInput(thread));
    const threadsDir = path.join(path.dirname(stateFile), 'state.threads');
    for (const thread of threads) {
      const onDisk = JSON.parse(await readFile(threadFilePath(threadsDir, thread), 'utf8')) as unknown;
      expect(onDisk).toMatchObject({ thread, version: 1 });
    }
    await store.setIfNotExists('k', 60_000);
    expect((await readFile(stateFile, 'utf8')).length).toBeLessThan(200);
  });

  it('moves a corrupted state file and a truncated thread file aside, warns once for each, and starts', async () => {
    const stateFile = await tempStateFile();
    const [kept, broken] = [newThread(), newThread()];
    const first = await openStore({ stateFile });
    await first.compareAndSet(kept, 0, recordInput(kept));
    await first.compareAndSet(broken, 0, recordInput(broken));
    await first.setIfNotExists('event-1', 60_000);
    await first.close();
    const threadsDir = path.join(path.dirname(stateFile), 'state.threads');
    const brokenFile = threadFilePath(threadsDir, broken);
    const full = await readFile(brokenFile, 'utf8');
    await writeFile(brokenFile, full.slice(0, full.length / 2));
    await writeFile(stateFile, '{"schemaVersion":1,"dedupe":{"ev');

    const { logger, lines } = capturedLogger();
    const store = await openStore({ stateFile, logger });
    expect(await store.get(kept)).toMatchObject({ version: 1 });
    expect(await store.get(broken)).toBeUndefined();
    // the dedupe keys are not in the state file but in their own journal, which the corruption did not touch
    expect(await store.setIfNotExists('event-1', 60_000)).toBe(false);
    const warnings = lines().filter((l) => l.level === 'warn');
    expect(warnings.map((w) => w.file).sort()).toEqual([stateFile, brokenFile].sort());
    for (const warning of warnings) {
      expect(warning.movedTo).toMatch(/\.corrupt-\d+$/);
      expect(await readFile(String(warning.movedTo), 'utf8')).not.toBe('');
    }
    expect((await readdir(path.dirname(brokenFile))).some((n) => n.includes('.corrupt-'))).toBe(true);
    expect(await store.compareAndSet(broken, 0, recordInput(broken))).toMatchObject({ version: 1 });

    await store.close();
    const { logger: quietLogger, lines: afterLines } = capturedLogger();
    await openStore({ stateFile, logger: quietLogger });
    expect(afterLines().filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('moves aside a thread file that parses but is not a record', async () => {
    const stateFile = await tempStateFile();
    const thread = newThread();
    const file = threadFilePath(path.join(path.dirname(stateFile), 'state.threads'), thread);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{"hello":"world"}');
    const { logger, lines } = capturedLogger();
    const store = await openStore({ stateFile, logger });
    expect(await store.get(thread)).toBeUndefined();
    expect(lines().filter((l) => l.level === 'warn')).toMatchObject([{ file, reason: 'not a thread record' }]);
  });

  it('loads the last complete record when a write was cut off in its temp file', async () => {
    const stateFile = await tempStateFile();
    const thread = newThread();
    const first = await openStore({ stateFile });
    await first.compareAndSet(thread, 0, recordInput(thread, { step: 'complete' }));
    await first.setIfNotExists('event-1', 60_000);
    await first.close();
    const file = threadFilePath(path.join(path.dirname(stateFile), 'state.threads'), thread);
    const tempFile = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
    await writeFile(tempFile, '{"thread":"slack:T1","workflow":"nov');
    await writeFile(path.join(path.dirname(stateFile), '.state.json.tmp'), '{"schemaVer');

    const { logger, lines } = capturedLogger();
    const store = await openStore({ stateFile, logger });
    expect(await store.get(thread)).toMatchObject({ version: 1, step: 'complete' });
    expect(await store.setIfNotExists('event-1', 60_000)).toBe(false);
    expect(lines().filter((l) => l.level === 'warn')).toEqual([]);
    expect(await readdir(path.dirname(file))).toEqual([path.basename(file)]);
    expect(await store.compareAndSet(thread, 1, recordInput(thread, { step: 'next' }))).toMatchObject({ version: 2 });
  });
});
