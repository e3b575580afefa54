/**
 * The small lowdb file at STATE_FILE for data shared by all threads: the schema version and the settings
 * (sealed workspace keys). It is rewritten whole on every change, so nothing per event goes in it: the dedupe
 * keys live in their own journal (dedupe-journal.ts); `dedupe` stays in the file, empty, for the bots that
 * wrote keys there (they are carried over to the journal when such a file is opened). Its size follows the
 * settings, never the number of threads or events. Created 0600 in a folder created 0700.
 */
import { access, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import type { Logger } from '../log.js';
import { describeError, isParseError, moveAside } from './corrupt-file.js';
import { FILE_MODE, makePrivateDir, PrivateJsonFile, restrict, tempFileOf } from './private-files.js';

export const SCHEMA_VERSION = 1;

export interface SharedState {
  schemaVersion: number;
  /** dedupe key -> expiry time (ms since epoch): written empty; read from files of older versions */
  dedupe: Record<string, number>;
  /** named values shared by the whole bot (sealed workspace API keys); absent in files from before them */
  settings?: Record<string, string>;
}

const fresh = (): SharedState => ({ schemaVersion: SCHEMA_VERSION, dedupe: {} });

function isSharedState(value: unknown): value is SharedState {
  if (typeof value !== 'object' || value === null) return false;
  const { schemaVersion, dedupe, settings } = value as Record<string, unknown>;
  const settingsOk =
    settings === undefined ||
    (typeof settings === 'object' && settings !== null && !Array.isArray(settings) && Object.values(settings).every((v) => typeof v === 'string'));
  return (
    Number.isInteger(schemaVersion) &&
    typeof dedupe === 'object' &&
    dedupe !== null &&
    !Array.isArray(dedupe) &&
    Object.values(dedupe).every((expiresAt) => typeof expiresAt === 'number') &&
    settingsOk
  );
}

/** Opens (or creates) the state file; an unreadable one is moved aside and replaced by an empty state. */
export async function openSharedStateFile(file: string, logger: Logger): Promise<Low<SharedState>> {
  await makePrivateDir(path.dirname(file));
  // a temp file left by a write that never finished: the real file still holds the last complete state
  await unlink(tempFileOf(file)).catch(() => undefined);
  // a file written by an older version may be readable by others
  await restrict(file, FILE_MODE);
  const db = new Low<SharedState>(new PrivateJsonFile<SharedState>(file), fresh());
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
  // a new (or moved-aside) state file is written at once, so the schema version is on disk from the start
  if (!(await exists(file))) await db.write();
  return db;
}

const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );
