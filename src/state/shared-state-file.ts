/**
 * The small lowdb file at STATE_FILE for data shared by all threads: the schema version and the dedupe keys
 * (event ids, click ids) with their expiry. Its size follows the dedupe keys alive within their TTL, never the
 * number of threads.
 */
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import { DataFile } from 'lowdb/node';
import type { Logger } from '../log.js';
import { describeError, isParseError, moveAside } from './corrupt-file.js';

export const SCHEMA_VERSION = 1;

export interface SharedState {
  schemaVersion: number;
  /** dedupe key -> expiry time (ms since epoch) */
  dedupe: Record<string, number>;
  /** named values shared by the whole bot (sealed workspace API keys); absent in files from before them */
  settings?: Record<string, string>;
}

const fresh = (): SharedState => ({ schemaVersion: SCHEMA_VERSION, dedupe: {} });

function isSharedState(value: unknown): value is SharedState {
  if (typeof value !== 'object' || value === null) return false;
  const { schemaVersion, dedupe, settings } = value as Record<string, unknown>;
  const settingsOk = settings === undefined || (typeof settings === 'object' && settings !== null && !Array.isArray(settings) &&
    Object.values(settings).every((v) => typeof v === 'string'));
  return Number.isInteger(schemaVersion) && typeof dedupe === 'object' && dedupe !== null && !Array.isArray(dedupe) &&
    Object.values(dedupe).every((expiresAt) => typeof expiresAt === 'number') && settingsOk;
}

/** Opens (or creates) the state file; an unreadable one is moved aside and replaced by an empty state. */
export async function openSharedStateFile(file: string, logger: Logger): Promise<Low<SharedState>> {
  await mkdir(path.dirname(file), { recursive: true });
  // a temp file left by a write that never finished: the real file still holds the last complete state
  await unlink(path.join(path.dirname(file), `.${path.basename(file)}.tmp`)).catch(() => undefined);
  const db = new Low<SharedState>(new DataFile<SharedState>(file, { parse: JSON.parse, stringify: (d) => JSON.stringify(d) }), fresh());
  try {
    await db.read();
  } catch (error) {
    if (!isParseError(error)) throw error;
    await moveAside(file, describeError(error), logger);
    db.data = fresh();
  }
  if (!isSharedState(db.data)) {
    await moveAside(file, 'not a state file', logger);
    db.data = fresh();
  }
  if (db.data.schemaVersion > SCHEMA_VERSION) {
    throw new Error(`${file} has schema version ${db.data.schemaVersion}, newer than this bot's ${SCHEMA_VERSION}`);
  }
  return db;
}

/** Drops dedupe keys whose TTL has passed; true when something was dropped. */
export function pruneDedupe(dedupe: Map<string, number>, now: number): boolean {
  let pruned = false;
  for (const [key, expiresAt] of dedupe) {
    if (expiresAt <= now) pruned = dedupe.delete(key) || pruned;
  }
  return pruned;
}
