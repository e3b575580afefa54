/**
 * The lowdb store's dedupe keys live outside the state file that is rewritten whole: an append-only journal,
 * compacted now and then. A claim appends one line; keys survive a restart within their TTL; the file stays
 * the size of the live keys.
 */
import { appendFile, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DedupeJournal } from '../../src/state/dedupe-journal.js';
import { LowdbStateStore } from '../../src/state/lowdb-store.js';
import { manualClock, withTempDir } from './helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

async function tempDir(): Promise<string> {
  const { dir, cleanup } = await withTempDir();
  cleanups.push(cleanup);
  return dir;
}

const linesOf = async (file: string): Promise<string[]> => (await readFile(file, 'utf8')).split('\n').filter((l) => l !== '');

it('keeps claims across a reopen within their TTL, and drops them from the file once past it', async () => {
  const file = path.join(await tempDir(), 'state.dedupe.jsonl');
  const journal = await DedupeJournal.open(file, 1_000);
  expect(await journal.claim('event:A', 1_000, 61_000)).toBe(true);
  expect(await journal.claim('event:A', 2_000, 62_000)).toBe(false);
  expect(await journal.claim('click:B', 1_000, 5_000)).toBe(true);
  await journal.close();

  const reopened = await DedupeJournal.open(file, 10_000);
  expect(await reopened.claim('event:A', 10_000, 70_000)).toBe(false);
  expect(await reopened.claim('click:B', 10_000, 20_000)).toBe(true);
  await reopened.prune(65_000);
  expect((await linesOf(file)).map((l) => JSON.parse(l) as unknown)).toEqual([]);
  expect(await reopened.claim('event:A', 65_000, 70_000)).toBe(true);
  await reopened.close();
});

it('skips a line torn by a crash mid-append and keeps the others', async () => {
  const file = path.join(await tempDir(), 'state.dedupe.jsonl');
  const journal = await DedupeJournal.open(file, 0);
  await journal.claim('event:kept', 0, 60_000);
  await journal.close();
  await appendFile(file, '["event:torn",600');
  const reopened = await DedupeJournal.open(file, 0);
  expect(await reopened.claim('event:kept', 0, 60_000)).toBe(false);
  expect(await reopened.claim('event:torn', 0, 60_000)).toBe(true);
  await reopened.close();
  expect(await linesOf(file)).toHaveLength(2);
});

it('appends one line per claim and compacts itself: the file follows the live keys, not the claims made', async () => {
  const file = path.join(await tempDir(), 'state.dedupe.jsonl');
  const journal = await DedupeJournal.open(file, 0);
  expect(await journal.claim('event:0', 0, 100)).toBe(true);
  const oneLine = (await stat(file)).size;
  // concurrent claims of one key: exactly one wins
  const racers = await Promise.all(Array.from({ length: 20 }, () => journal.claim('click:raced', 0, 1_000_000)));
  expect(racers.filter(Boolean)).toHaveLength(1);
  // 5,000 short-lived claims, time moving on: the journal never holds much more than the keys alive
  let largest = 0;
  for (let i = 1; i <= 5_000; i += 1) {
    await journal.claim(`event:${i}`, i, i + 100);
    if (i % 250 === 0) largest = Math.max(largest, (await linesOf(file)).length);
  }
  expect(largest).toBeLessThan(2_100);
  await journal.prune(5_000);
  const live = await linesOf(file);
  expect(live.length).toBeLessThanOrEqual(101);
  expect(live).toContain(JSON.stringify(['click:raced', 1_000_000]));
  expect((await stat(file)).size).toBeLessThan(oneLine * 200);
  await journal.close();
});

it('carries the keys an older state file held into the journal and takes them out of the state file', async () => {
  const dir = await tempDir();
  const stateFile = path.join(dir, 'state.json');
  const clock = manualClock(1_000_000);
  await writeFile(
    stateFile,
    JSON.stringify({ schemaVersion: 1, dedupe: { 'event:old': 1_060_000, 'event:expired': 999_000 }, settings: { k: 'v' } }),
  );
  const store = await LowdbStateStore.open({ stateFile, clock });
  expect(await store.setIfNotExists('event:old', 60_000)).toBe(false);
  expect(await store.setIfNotExists('event:expired', 60_000)).toBe(true);
  expect(await store.getSetting('k')).toBe('v');
  await store.close();
  expect(JSON.parse(await readFile(stateFile, 'utf8'))).toEqual({ schemaVersion: 1, dedupe: {}, settings: { k: 'v' } });
  const reopened = await LowdbStateStore.open({ stateFile, clock });
  expect(await reopened.setIfNotExists('event:old', 60_000)).toBe(false);
  await reopened.close();
});

it('does not rewrite the state file for a dedupe claim, however many keys exist', async () => {
  const dir = await tempDir();
  const stateFile = path.join(dir, 'state.json');
  const store = await LowdbStateStore.open({ stateFile });
  const before = await stat(stateFile);
  const text = await readFile(stateFile, 'utf8');
  for (let i = 0; i < 2_000; i += 1) expect(await store.setIfNotExists(`event:${i}`, 60_000)).toBe(true);
  const after = await stat(stateFile);
  expect([after.ino, after.mtimeMs, await readFile(stateFile, 'utf8')]).toEqual([before.ino, before.mtimeMs, text]);
  await store.close();
  const reopened = await LowdbStateStore.open({ stateFile });
  expect(await reopened.setIfNotExists('event:1999', 60_000)).toBe(false);
  await reopened.close();
});
