/**
 * One small lowdb JSON file per thread, at `<dir>/<first 2 hex of hash>/<hash>.json` where hash is a SHA-256 of
 * the thread id: writing one thread touches one file of a few hundred bytes, however many threads exist, and
 * the 256 shard folders keep directories small. lowdb's writer (steno) writes a temp file `.<name>.tmp` and
 * renames it over the real one, so a crash mid-write leaves the previous version readable.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import { DataFile } from 'lowdb/node';
import type { Logger } from '../log.js';
import type { ThreadId } from '../core/thread-id.js';
import { describeError, isParseError, moveAside } from './corrupt-file.js';
import { isThreadRecord } from './options.js';
import type { ThreadRecord } from './store.js';

const SCAN_BATCH = 256;
const compactJson = { parse: JSON.parse, stringify: (data: unknown) => JSON.stringify(data) };

export const threadHash = (thread: ThreadId | string): string => createHash('sha256').update(thread).digest('hex').slice(0, 32);

export function threadFilePath(dir: string, thread: ThreadId | string): string {
  const hash = threadHash(thread);
  return path.join(dir, hash.slice(0, 2), `${hash}.json`);
}

const openFile = (file: string) => new Low<ThreadRecord | null>(new DataFile<ThreadRecord | null>(file, compactJson), null);

export async function readThreadFile(file: string): Promise<ThreadRecord | undefined> {
  const db = openFile(file);
  await db.read();
  return db.data ?? undefined;
}

export class ThreadFileWriter {
  readonly #readyShards = new Set<string>();
  constructor(readonly dir: string) {}

  async write(record: ThreadRecord): Promise<void> {
    const file = threadFilePath(this.dir, record.thread);
    const shard = path.dirname(file);
    if (!this.#readyShards.has(shard)) {
      await mkdir(shard, { recursive: true });
      this.#readyShards.add(shard);
    }
    const db = openFile(file);
    db.data = record;
    await db.write();
  }

  async remove(thread: ThreadId): Promise<void> {
    await unlink(threadFilePath(this.dir, thread)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

/**
 * Reads every thread file under `dir`. Unparseable files, or files holding something other than the record of
 * the thread they are named after, are moved aside; temp files left by an interrupted write are deleted.
 */
export async function scanThreadFiles(dir: string, logger: Logger): Promise<ThreadRecord[]> {
  const files: string[] = [];
  for (const shard of await readdir(dir, { withFileTypes: true }).catch(ignoreMissing)) {
    if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) continue;
    const shardDir = path.join(dir, shard.name);
    for (const name of await readdir(shardDir)) {
      if (name.startsWith('.') && name.endsWith('.tmp')) await unlink(path.join(shardDir, name)).catch(ignoreMissing);
      else if (/^[0-9a-f]{32}\.json$/.test(name)) files.push(path.join(shardDir, name));
    }
  }
  const records: ThreadRecord[] = [];
  for (let i = 0; i < files.length; i += SCAN_BATCH) {
    const batch = await Promise.all(files.slice(i, i + SCAN_BATCH).map((file) => loadOne(file, logger)));
    for (const record of batch) if (record) records.push(record);
  }
  return records;
}

async function loadOne(file: string, logger: Logger): Promise<ThreadRecord | undefined> {
  let record: unknown;
  try {
    record = await readThreadFile(file);
  } catch (error) {
    if (!isParseError(error)) throw error;
    await moveAside(file, describeError(error), logger);
    return undefined;
  }
  if (isThreadRecord(record) && `${threadHash(record.thread)}.json` === path.basename(file)) return record;
  await moveAside(file, 'not a thread record', logger);
  return undefined;
}

function ignoreMissing(error: NodeJS.ErrnoException): never[] {
  if (error.code === 'ENOENT') return [];
  throw error;
}
