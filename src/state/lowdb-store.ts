/**
 * The default StateStore: lowdb JSON files on local disk, for a bot running as ONE process per STATE_FILE.
 *
 * Why this layout: one JSON file rewritten on every update costs O(threads) per write. Instead
 * - STATE_FILE (default ./data/state.json) is a small lowdb file for shared data: the schema version and the
 *   settings (see shared-state-file.ts); it is rewritten only when a setting changes;
 * - the dedupe keys (event ids, click ids) are short-lived and claimed on every event the bot acts on: they stay
 *   in memory and in an append-only journal beside it, `<name>.dedupe.jsonl` (see dedupe-journal.ts), so a
 *   claim appends one line however many keys exist, and still survives a restart within its TTL;
 * - every thread record is its own small lowdb file in a sibling folder, `<state>.threads/<2 hex>/<hash>.json`
 *   (see thread-files.ts), so an update rewrites a few hundred bytes however many threads exist;
 * - an in-memory ThreadIndex (versions, waiting threads, open threads per user), built by scanning the files at
 *   start, answers the version check of compareAndSet without I/O and tells the list queries which files to read.
 * Writes of one thread go through an in-process per-thread mutex. `withLock` uses a separate in-process mutex, so
 * a compareAndSet inside `withLock(thread)` does not wait on itself.
 * Privacy: files are created 0600 and folders 0700 (private-files.ts); `expire()` deletes finished threads'
 * files past the retention and prunes the journal (the bot runs it at start and hourly, see retention.ts).
 * Crash safety: every file is written to a temp file renamed over the real one, so an interrupted write leaves
 * the previous record. A thread record the disk refuses (full, read-only) is kept in memory and written when the
 * disk takes it again (unsaved-records.ts): the work goes on, nothing users saw is done twice. A setting the disk
 * refuses is not taken: the caller gets the error and the setting keeps its saved value. A file that still
 * cannot be parsed at start is moved aside (`<name>.corrupt-<ms>`),
 * reported once as a warning, and the store starts without it.
 * (lowdb's JSONFilePreset swaps in an in-memory adapter when NODE_ENV=test, so Low + file adapters are used directly.)
 */
import path from 'node:path';
import type { Low } from 'lowdb';
import { silentLogger } from '../log.js';
import type { ChatKind, ThreadId } from '../core/thread-id.js';
import { KeyedMutex } from './keyed-mutex.js';
import { DEFAULT_LOCK_WAIT_MS, DEFAULT_RETENTION_MS, inWorkspace, newestFirst, stampRecord, type CommonStoreOptions } from './options.js';
import { openSharedStateFile, SCHEMA_VERSION, type SharedState } from './shared-state-file.js';
import { DedupeJournal } from './dedupe-journal.js';
import { DIR_MODE, makePrivateDir, restrict } from './private-files.js';
import type { LockHold, StateStore, ThreadRecord, ThreadRecordInput } from '../core/state.js';
import { ThreadIndex } from './thread-index.js';
import { readThreadFile, scanThreadFiles, threadFilePath, ThreadFileWriter } from './thread-files.js';
import { UnsavedRecords } from './unsaved-records.js';

export const DEFAULT_STATE_FILE = './data/state.json';
const READ_BATCH = 128;

export interface LowdbStoreOptions extends CommonStoreOptions {
  /** the shared state file; default ./data/state.json */
  stateFile?: string;
  /** where thread files go; default next to the state file, `<name without .json>.threads` */
  threadsDir?: string;
  /** the dedupe keys' journal; default next to the state file, `<name without .json>.dedupe.jsonl` */
  dedupeFile?: string;
  /** how often thread records the disk refused are written again; default 5 s */
  unsavedRetryMs?: number;
}

export const defaultThreadsDir = (stateFile: string): string => path.join(path.dirname(stateFile), `${path.basename(stateFile, '.json')}.threads`);

export const defaultDedupeFile = (stateFile: string): string =>
  path.join(path.dirname(stateFile), `${path.basename(stateFile, '.json')}.dedupe.jsonl`);

export class LowdbStateStore implements StateStore {
  readonly #writes = new KeyedMutex();
  readonly #locks = new KeyedMutex();
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #settings: Map<string, string>;
  readonly #unsaved: UnsavedRecords;
  #closed = false;

  static async open(options: LowdbStoreOptions = {}): Promise<LowdbStateStore> {
    const logger = options.logger ?? silentLogger;
    const stateFile = path.resolve(options.stateFile ?? DEFAULT_STATE_FILE);
    const threadsDir = path.resolve(options.threadsDir ?? defaultThreadsDir(stateFile));
    const shared = await openSharedStateFile(stateFile, logger);
    const carried = shared.data.dedupe;
    const dedupe = await DedupeJournal.open(path.resolve(options.dedupeFile ?? defaultDedupeFile(stateFile)), (options.clock ?? Date.now)(), carried);
    const index = new ThreadIndex();
    try {
      await makePrivateDir(threadsDir);
      await restrict(threadsDir, DIR_MODE);
      for (const record of await scanThreadFiles(threadsDir, logger)) index.put(record);
    } catch (error) {
      await dedupe.close();
      throw error;
    }
    logger.debug({ stateFile, threads: index.size, dedupeKeys: dedupe.size }, 'state: lowdb store opened');
    const store = new LowdbStateStore(shared, dedupe, index, new ThreadFileWriter(threadsDir), options);
    // keys a file of an older version kept in the state file are in the journal now: out of the rewritten file
    if (Object.keys(carried).length > 0) await store.#persistShared();
    return store;
  }

  private constructor(
    private readonly shared: Low<SharedState>,
    private readonly dedupe: DedupeJournal,
    private readonly index: ThreadIndex,
    private readonly files: ThreadFileWriter,
    private readonly options: LowdbStoreOptions,
  ) {
    this.#settings = new Map(Object.entries(shared.data.settings ?? {}));
    this.#unsaved = new UnsavedRecords({
      save: (record) => files.write(record),
      exclusive: (thread, fn) => this.#writes.run(thread, fn),
      logger: options.logger ?? silentLogger,
      ...(options.unsavedRetryMs === undefined ? {} : { retryMs: options.unsavedRetryMs }),
    });
  }

  get #now(): number {
    return (this.options.clock ?? Date.now)();
  }

  async get(thread: ThreadId): Promise<ThreadRecord | undefined> {
    if (!this.index.has(thread)) return undefined;
    const unsaved = this.#unsaved.get(thread);
    if (unsaved) return unsaved;
    return readThreadFile(threadFilePath(this.files.dir, thread)).catch(undefinedIfMissing);
  }

  // a `fence` is an in-process lock's hold here: it cannot be lost while its holder runs, so it asks nothing
  async compareAndSet(thread: ThreadId, expectedVersion: number, next: ThreadRecordInput, _fence?: LockHold): Promise<ThreadRecord | undefined> {
    this.#assertOpen();
    if (this.index.versionOf(thread) !== expectedVersion) return undefined;
    return this.#track(
      this.#writes.run(thread, async () => {
        if (this.index.versionOf(thread) !== expectedVersion) return undefined;
        const record = stampRecord(thread, expectedVersion, next, this.#now);
        await this.#unsaved.write(record);
        this.index.put(record);
        return record;
      }),
    );
  }

  async setIfNotExists(key: string, ttlMs: number): Promise<boolean> {
    this.#assertOpen();
    const now = this.#now;
    return this.#track(this.dedupe.claim(key, now, now + ttlMs));
  }

  async getSetting(key: string): Promise<string | undefined> {
    this.#assertOpen();
    return this.#settings.get(key);
  }

  async putSetting(key: string, value: string | undefined): Promise<void> {
    this.#assertOpen();
    const saved = this.#settings.get(key);
    const apply = (v: string | undefined) => (v === undefined ? this.#settings.delete(key) : this.#settings.set(key, v));
    apply(value);
    try {
      await this.#track(this.#persistShared());
    } catch (error) {
      // the disk did not take it: the setting keeps the value that is saved, and the caller says it failed
      apply(saved);
      throw error;
    }
  }

  withLock<T>(key: string, fn: (hold: LockHold) => Promise<T>, options: { ttlMs?: number; waitMs?: number } = {}): Promise<T> {
    return this.#locks.runHeld(key, fn, options.waitMs ?? DEFAULT_LOCK_WAIT_MS);
  }

  async listWaiting(): Promise<ThreadRecord[]> {
    return (await this.#readAll(this.index.waiting())).filter((r) => r.wait !== undefined);
  }

  async listOpenByUser(workspaceId: string, userId: string): Promise<ThreadRecord[]> {
    return (await this.#readAll(this.index.openOf(workspaceId, userId))).sort(newestFirst);
  }

  async expire(now: number = this.#now): Promise<number> {
    this.#assertOpen();
    const cutoff = now - (this.options.retentionMs ?? DEFAULT_RETENTION_MS);
    let dropped = 0;
    for (const thread of this.index.finishedBefore(cutoff)) {
      this.#assertOpen(); // a sweep cut short by close: the next start sweeps again
      await this.#track(
        this.#writes.run(thread, async () => {
          if (!this.index.isFinishedBefore(thread, cutoff)) return;
          await this.files.remove(thread);
          this.#unsaved.forget(thread);
          this.index.remove(thread);
          dropped += 1;
        }),
      );
    }
    await this.#track(this.dedupe.prune(now));
    return dropped;
  }

  async forgetWorkspace(chat: ChatKind, workspaceId: string): Promise<number> {
    this.#assertOpen();
    let dropped = 0;
    for (const thread of this.index.threadsWhere(inWorkspace(chat, workspaceId))) {
      await this.#track(
        this.#writes.run(thread, async () => {
          if (!this.index.has(thread)) return;
          await this.files.remove(thread);
          this.#unsaved.forget(thread);
          this.index.remove(thread);
          dropped += 1;
        }),
      );
    }
    return dropped;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.allSettled([...this.#inFlight]);
    await this.#unsaved.close();
    await this.dedupe.close();
  }

  /** Reads records in batches, so a long list does not open thousands of files at once. */
  async #readAll(threads: ThreadId[]): Promise<ThreadRecord[]> {
    const records: ThreadRecord[] = [];
    for (let i = 0; i < threads.length; i += READ_BATCH) {
      const batch = await Promise.all(threads.slice(i, i + READ_BATCH).map((thread) => this.get(thread)));
      for (const record of batch) if (record) records.push(record);
    }
    return records;
  }

  /** Rewrites the shared file (its writes are serialized); it holds the settings, never dedupe keys. */
  #persistShared(): Promise<void> {
    this.shared.data = { schemaVersion: SCHEMA_VERSION, dedupe: {}, settings: Object.fromEntries(this.#settings) };
    return this.shared.write();
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#inFlight.add(work);
    void work.then(
      () => this.#inFlight.delete(work),
      () => this.#inFlight.delete(work),
    );
    return work;
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('the state store is closed');
  }
}

function undefinedIfMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}
