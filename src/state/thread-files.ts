/**
 * One small lowdb JSON file per thread, at `<dir>/<first 2 hex of hash>/<hash>.json` where hash is a SHA-256 of
 * the thread id: writing one thread touches one file of a few hundred bytes, however many threads exist, and
 * the 256 shard folders keep directories small. A write goes to a temp file `.<name>.tmp` renamed over the real
 * one (as lowdb's steno does), so a crash mid-write leaves the previous version readable. Files are created 0600
 * and folders 0700 (private-files.ts): a record holds the user's technical idea.
 */
import { createHash } from 'node:crypto';
import { readdirSync, unlinkSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Low, LowSync } from 'lowdb';
import { DataFile, DataFileSync } from 'lowdb/node';
import type { Logger } from '../log.js';
import type { ThreadId } from '../core/thread-id.js';
import { describeError, isParseError, moveAside } from './corrupt-file.js';
import { isThreadRecord } from './options.js';
import { makePrivateDir, PrivateJsonFile } from './private-files.js';
import type { ThreadRecord } from '../core/state.js';

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
      await makePrivateDir(shard);
      this.#readyShards.add(shard);
    }
    await new PrivateJsonFile<ThreadRecord>(file).write(record);
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
 * Reads are synchronous, one shard folder at a time with a yield in between: for many small files this is
 * several times faster than async reads (which pay a thread-pool round trip per open, read and close), and
 * it only runs at start.
 */
export async function scanThreadFiles(dir: string, logger: Logger): Promise<ThreadRecord[]> {
  const records: ThreadRecord[] = [];
  const unreadable: Array<{ file: string; reason: string }> = [];
  for (const shard of listDir(dir)) {
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    const shardDir = path.join(dir, shard);
    for (const name of listDir(shardDir)) {
      const file = path.join(shardDir, name);
      if (name.startsWith('.') && name.endsWith('.tmp')) unlinkSync(file);
      else if (/^[0-9a-f]{32}\.json$/.test(name)) {
        const loaded = loadOne(file);
        if ('record' in loaded) records.push(loaded.record);
        else unreadable.push({ file, reason: loaded.reason });
      }
    }
    await yieldToEventLoop();
  }
  for (const { file, reason } of unreadable) await moveAside(file, reason, logger);
  return records;
}

function loadOne(file: string): { record: ThreadRecord } | { reason: string } {
  const db = new LowSync<unknown>(new DataFileSync<unknown>(file, compactJson), null);
  try {
    db.read();
  } catch (error) {
    if (isParseError(error)) return { reason: describeError(error) };
    throw error;
  }
  const record = db.data;
  if (isThreadRecord(record) && `${threadHash(record.thread)}.json` === path.basename(file)) return { record };
  return { reason: 'not a thread record' };
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw error;
  }
}
