/**
 * The lowdb store when its disk refuses a write (here: a folder where the write's temp file must go, so the real
 * write fails with EISDIR while the saved file stays readable). A thread record is kept in memory, read back and
 * written once the disk takes it, the operator told once each way; a setting is not taken and keeps its saved value.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { LowdbStateStore } from '../../src/state/lowdb-store.js';
import { tempFileOf } from '../../src/state/private-files.js';
import { threadFilePath } from '../../src/state/thread-files.js';
import { capturedLogger, eventually, newThread, recordInput, withTempDir } from './helpers.js';

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function openStore() {
  const { dir, cleanup: removeDir } = await withTempDir();
  cleanup.push(removeDir);
  const stateFile = path.join(dir, 'state.json');
  const log = capturedLogger();
  const store = await LowdbStateStore.open({ stateFile, logger: log.logger, unsavedRetryMs: 50 });
  cleanup.push(() => store.close());
  const threadsDir = path.join(dir, 'state.threads');
  return { store, log, stateFile, threadsDir };
}

/** Blocks writes of `file` (its temp file's path is a folder); the returned function unblocks them. */
async function refuseWritesOf(file: string): Promise<() => Promise<void>> {
  await mkdir(tempFileOf(file), { recursive: true });
  return () => rm(tempFileOf(file), { recursive: true, force: true });
}

const messages = (log: ReturnType<typeof capturedLogger>, text: string) => log.lines().filter((l) => String(l.msg).includes(text));

it('a thread record the disk refuses is kept, read back and listed, then written when the disk takes it again', async () => {
  const { store, log, threadsDir } = await openStore();
  const thread = newThread();
  const first = await store.compareAndSet(thread, 0, recordInput(thread, { wait: { operation: 'AI07', step: 'answering', since: 1 } }));
  const file = threadFilePath(threadsDir, thread);
  const unblock = await refuseWritesOf(file);

  const second = await store.compareAndSet(thread, first!.version, recordInput(thread, { status: 'done', wait: undefined }));
  expect(second?.status).toBe('done');
  expect((await store.get(thread))?.status).toBe('done');
  expect(await store.listWaiting()).toEqual([]);
  // a third write while refused: still one report
  const third = await store.compareAndSet(thread, second!.version, recordInput(thread, { status: 'done', data: { n: 3 } }));
  expect(messages(log, 'state cannot be saved')).toHaveLength(1);
  // the disk holds the last record it took, whole
  expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: first!.version, wait: { step: 'answering' } });

  await unblock();
  await eventually(async () => messages(log, 'state saved again').length === 1);
  expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: third!.version, status: 'done', data: { n: 3 } });
  expect(messages(log, 'state cannot be saved')).toHaveLength(1);
});

it('a stale version is still refused while a record waits for the disk', async () => {
  const { store, threadsDir } = await openStore();
  const thread = newThread();
  const first = await store.compareAndSet(thread, 0, recordInput(thread));
  const unblock = await refuseWritesOf(threadFilePath(threadsDir, thread));
  cleanup.push(unblock);
  const second = await store.compareAndSet(thread, first!.version, recordInput(thread, { step: 'next' }));
  expect(await store.compareAndSet(thread, first!.version, recordInput(thread, { step: 'other' }))).toBeUndefined();
  expect((await store.get(thread))?.version).toBe(second!.version);
});

it('a setting the disk refuses is not taken: the caller gets the error and the saved value stays', async () => {
  const { store, stateFile } = await openStore();
  await store.putSetting('lang:slack:T1', 'en');
  const unblock = await refuseWritesOf(stateFile);
  await expect(store.putSetting('lang:slack:T1', 'zh')).rejects.toThrow(/EISDIR/);
  await expect(store.putSetting('apikey:slack:T1', 'sealed')).rejects.toThrow(/EISDIR/);
  expect(await store.getSetting('lang:slack:T1')).toBe('en');
  expect(await store.getSetting('apikey:slack:T1')).toBeUndefined();
  await unblock();
  await store.putSetting('lang:slack:T1', 'zh');
  expect(JSON.parse(await readFile(stateFile, 'utf8')).settings).toEqual({ 'lang:slack:T1': 'zh' });
});
