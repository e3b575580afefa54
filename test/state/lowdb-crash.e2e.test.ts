/** A process killed in the middle of its writes leaves files that all load, each holding a complete record. */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { LowdbStateStore } from '../../src/state/lowdb-store.js';
import { capturedLogger, withTempDir } from './helpers.js';

const writeLoop = fileURLToPath(new URL('./fixtures/write-loop.ts', import.meta.url));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

/** Starts the write loop, lets it reach `rounds` rounds, then SIGKILLs it and waits for it to be gone. */
async function killMidWrite(stateFile: string, rounds: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', writeLoop, stateFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const reported = chunk.toString().trim().split('\n').map(Number);
      if (Math.max(...reported) >= rounds) resolve();
    });
    void exited.then(() => reject(new Error(`write loop exited early: ${stderr}`)));
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

it('loads every file after writers were killed mid-write three times', async () => {
  const { dir, cleanup } = await withTempDir();
  cleanups.push(cleanup);
  const stateFile = path.join(dir, 'state.json');
  for (const rounds of [30, 40, 50]) await killMidWrite(stateFile, rounds);

  const threadsDir = path.join(dir, 'state.threads');
  for (const shard of await readdir(threadsDir)) {
    for (const name of (await readdir(path.join(threadsDir, shard))).filter((n) => n.endsWith('.json'))) {
      expect(JSON.parse(await readFile(path.join(threadsDir, shard, name), 'utf8'))).toMatchObject({ workflow: 'chat' });
    }
  }
  const { logger, lines } = capturedLogger();
  const store = await LowdbStateStore.open({ stateFile, logger });
  const records = await store.listOpenByUser('console:crash', 'U1');
  expect(records).toHaveLength(8);
  for (const record of records) {
    expect(record.version).toBeGreaterThanOrEqual(30 + 40 + 50);
    expect(record.step).toBe(`round-${(record.data as { round: number }).round}`);
  }
  expect(await store.setIfNotExists('event-1', 1_000)).toBe(false);
  expect(lines().filter((l) => l.level === 'warn')).toEqual([]);
  await store.close();
}, 60_000);
