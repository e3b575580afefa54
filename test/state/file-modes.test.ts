/** State files hold users' confidential text: every file the lowdb store writes is 0600, every folder it makes 0700. */
import { chmod, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LowdbStateStore } from '../../src/state/lowdb-store.js';
import { threadFilePath } from '../../src/state/thread-files.js';
import { newThread, recordInput, withTempDir } from './helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

const modeOf = async (target: string): Promise<number> => (await stat(target)).mode & 0o777;

/** Every file and folder under `dir`, with its permission bits. */
async function modesUnder(dir: string): Promise<Map<string, number>> {
  const modes = new Map<string, number>();
  for (const entry of await readdir(dir, { recursive: true })) modes.set(entry, await modeOf(path.join(dir, entry)));
  return modes;
}

it('creates the state file, the dedupe journal and every thread file 0600, in folders it creates 0700', async () => {
  const { dir, cleanup } = await withTempDir();
  cleanups.push(cleanup);
  // a folder that does not exist yet, two levels deep: both are created 0700
  const stateFile = path.join(dir, 'var', 'data', 'state.json');
  const store = await LowdbStateStore.open({ stateFile });
  const threads = Array.from({ length: 5 }, newThread);
  for (const thread of threads) await store.compareAndSet(thread, 0, recordInput(thread));
  await store.compareAndSet(threads[0]!, 1, recordInput(threads[0]!, { step: 'rewritten' }));
  expect(await store.setIfNotExists('event:Ev1', 60_000)).toBe(true);
  await store.putSetting('apikey:slack:T1', 'v1.sealed');
  await store.expire();
  await store.close();
  // reopening rewrites the journal (compaction) and the state file keeps its mode
  const reopened = await LowdbStateStore.open({ stateFile });
  expect(await reopened.setIfNotExists('event:Ev1', 60_000)).toBe(false);
  await reopened.close();

  expect(await modeOf(path.join(dir, 'var'))).toBe(0o700);
  const modes = await modesUnder(path.join(dir, 'var'));
  const threadFiles = threads.map((t) => path.relative(path.join(dir, 'var'), threadFilePath(path.join(dir, 'var', 'data', 'state.threads'), t)));
  expect(modes.get('data')).toBe(0o700);
  expect(modes.get(path.join('data', 'state.json'))).toBe(0o600);
  expect(modes.get(path.join('data', 'state.dedupe.jsonl'))).toBe(0o600);
  expect(modes.get(path.join('data', 'state.threads'))).toBe(0o700);
  for (const file of threadFiles) {
    expect(modes.get(file)).toBe(0o600);
    expect(modes.get(path.dirname(file))).toBe(0o700);
  }
  // nothing else was written, and nothing is open to the group or others
  for (const [entry, mode] of modes) expect({ entry, mode: mode & 0o077 }).toEqual({ entry, mode: 0 });
});

it('narrows the state file and the threads folder an older version left readable, and rewrites files 0600', async () => {
  const { dir, cleanup } = await withTempDir();
  cleanups.push(cleanup);
  const stateFile = path.join(dir, 'state.json');
  const threadsDir = path.join(dir, 'state.threads');
  const thread = newThread();
  const file = threadFilePath(threadsDir, thread);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o755 });
  await chmod(threadsDir, 0o755);
  await writeFile(file, JSON.stringify({ ...recordInput(thread), version: 1, updatedAt: 1 }), { mode: 0o644 });
  await writeFile(stateFile, JSON.stringify({ schemaVersion: 1, dedupe: {}, settings: {} }), { mode: 0o644 });

  const store = await LowdbStateStore.open({ stateFile });
  expect(await modeOf(stateFile)).toBe(0o600);
  expect(await modeOf(threadsDir)).toBe(0o700);
  await store.compareAndSet(thread, 1, recordInput(thread, { step: 'next' }));
  expect(await modeOf(file)).toBe(0o600);
  await store.close();
});
