/**
 * Record formats and the migrations between them, applied whenever the engine reads a record. Borrowed from
 * Temporal's versioning of code that changes under running workflows: a thread may wait for weeks, so a change to
 * what a step stores is shipped with the migration that brings waiting records to it, never as a silent break.
 *
 * To change a stored shape: add a migration at the end of `RECORD_MIGRATIONS` (from the current version to the
 * next), change the step's `stores` schema, and keep a fixture of the old shape (test/fixtures/records/).
 */
import type { RecordHook } from '../../../core/records.js';
import type { ThreadRecord } from '../../../core/state.js';

/** One step from format `from` to `from + 1`. Pure: it gets a copy and returns the record in the next format. */
export interface RecordMigration {
  from: number;
  /** what changed, for the log line of a record that is migrated */
  change: string;
  migrate(record: ThreadRecord): ThreadRecord;
}

/** Thrown when a record cannot be read as the running code's format; its message says why, without values. */
export class RecordFormatError extends Error {
  constructor(
    readonly thread: string,
    readonly problem: string,
  ) {
    super(`the record of ${thread} cannot be read: ${problem}`);
    this.name = 'RecordFormatError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Before format 1 a ticked list (solution, material) was kept as its positions only; since then with the own items. */
function pickedFromPositions(value: unknown): unknown {
  return Array.isArray(value) && value.every((n) => typeof n === 'number') ? { chosen: value, own: [] } : value;
}

const TICKED_LISTS: Readonly<Record<string, readonly string[]>> = { solution: ['options', 'directions'], material: ['recommend'] };

export const RECORD_MIGRATIONS: readonly RecordMigration[] = [
  {
    from: 0,
    change: 'a ticked list kept as positions becomes { chosen, own }',
    migrate(record) {
      const flow = record.data.flow;
      if (!isObject(flow) || !TICKED_LISTS[record.workflow]) return record;
      const ticked = (step: unknown) => typeof step === 'string' && TICKED_LISTS[record.workflow]!.includes(step);
      const next = { ...flow };
      if (ticked(record.step) && 'draft' in next) next.draft = pickedFromPositions(next.draft);
      if (isObject(next.pending) && ticked(next.pending.step)) next.pending = { ...next.pending, input: pickedFromPositions(next.pending.input) };
      return { ...record, data: { ...record.data, flow: next } };
    },
  },
  {
    from: 1,
    change: "the step sequence the buttons carry (flow.seq) starts at the record's version, which they carried before",
    migrate(record) {
      const flow = record.data.flow;
      if (!isObject(flow) || flow.seq !== undefined) return record;
      return { ...record, data: { ...record.data, flow: { ...flow, seq: record.version } } };
    },
  },
];

/** The format this code writes: every record it writes carries it. */
export const RECORD_SCHEMA_VERSION = RECORD_MIGRATIONS.length;

export const schemaVersionOf = (record: ThreadRecord): number => record.schemaVersion ?? 0;

/**
 * The record in the running code's format: the migrations from its version on, in order. A record already in
 * it is returned as it is. A record of a newer format (written by a newer replica) is refused: running old code
 * over it could lose what the newer code stored.
 */
export function migrateRecord(record: ThreadRecord): ThreadRecord {
  const version = schemaVersionOf(record);
  if (version === RECORD_SCHEMA_VERSION) return record;
  if (!Number.isInteger(version) || version < 0 || version > RECORD_SCHEMA_VERSION)
    throw new RecordFormatError(record.thread, `its format ${version} is not one this bot knows (it writes ${RECORD_SCHEMA_VERSION})`);
  let migrated = structuredClone(record);
  for (const migration of RECORD_MIGRATIONS.slice(version)) migrated = migration.migrate(migrated);
  return { ...migrated, schemaVersion: RECORD_SCHEMA_VERSION };
}

/**
 * The write hook that gives every new thread record (a workflow's or a chat's) this code's format. Later writes
 * keep the version the writer read, or set it when they wrote the migrated record (the engine's saveFlow).
 */
export const stampingRecordFormat: RecordHook = {
  name: 'record format',
  complete: ({ expectedVersion, next }) =>
    expectedVersion === 0 && next.schemaVersion === undefined ? { ...next, schemaVersion: RECORD_SCHEMA_VERSION } : next,
};
