/**
 * Thread records the disk refused (full, read-only, gone), kept in memory until it takes them again.
 *
 * A write that fails midway must not make the bot do twice what users see: when the record that says "this
 * answer is done" cannot be written, the record on disk still says "answering", and every rescan would post the
 * restart note again. So a record the disk refuses is kept here and is what this process reads for its thread,
 * the work goes on, and the writes are retried every `retryMs` until the disk takes them. The operator is told
 * once per outage (an error when the first write fails, a warning when all are saved again). A process that
 * stops before then loses only what is listed here, and its next start finds the last saved records.
 */
import type { Logger } from '../log.js';
import type { ThreadRecord } from '../core/state.js';
import type { ThreadId } from '../core/thread-id.js';

export const UNSAVED_RETRY_MS = 5_000;

/** A failure of the file system (ENOSPC, EDQUOT, EROFS, EIO, EACCES...), as opposed to a bug in the caller. */
const isDiskFailure = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code!);

export interface UnsavedRecordsOptions {
  /** writes one record to disk */
  save: (record: ThreadRecord) => Promise<void>;
  /** runs `fn` under the thread's write mutex, so a retry never races a newer write of the same thread */
  exclusive: (thread: ThreadId, fn: () => Promise<void>) => Promise<void>;
  logger: Logger;
  retryMs?: number;
}

export class UnsavedRecords {
  readonly #records = new Map<ThreadId, ThreadRecord>();
  #retry: NodeJS.Timeout | undefined;
  #outage: { since: number; code: string } | undefined;

  constructor(private readonly options: UnsavedRecordsOptions) {}

  get size(): number {
    return this.#records.size;
  }

  /** This process's latest record of `thread` when the disk has not taken it yet (a copy), else undefined. */
  get(thread: ThreadId): ThreadRecord | undefined {
    const record = this.#records.get(thread);
    return record === undefined ? undefined : structuredClone(record);
  }

  /** Writes `record`; when the disk refuses it, keeps it for a later write instead of failing. Call under the thread's mutex. */
  async write(record: ThreadRecord): Promise<void> {
    try {
      await this.options.save(record);
      this.#records.delete(record.thread);
    } catch (error) {
      if (!isDiskFailure(error)) throw error;
      this.#records.set(record.thread, record);
      if (this.#outage === undefined) {
        this.#outage = { since: Date.now(), code: error.code ?? 'unknown' };
        this.options.logger.error(
          { err: error, code: error.code, retryMs: this.#retryMs },
          'state cannot be saved: the disk refused a thread record; the bot goes on from memory and writes it when the disk takes it again',
        );
      }
      this.#schedule();
    }
  }

  /** Forgets a thread whose record is removed (retention, a workspace forgotten). Call under the thread's mutex. */
  forget(thread: ThreadId): void {
    this.#records.delete(thread);
  }

  /** Tries every kept record once; true when none is left. */
  async flush(): Promise<boolean> {
    for (const thread of [...this.#records.keys()]) {
      let refused = false;
      await this.options.exclusive(thread, async () => {
        const record = this.#records.get(thread);
        if (record === undefined) return;
        try {
          await this.options.save(record);
          this.#records.delete(thread);
        } catch (error) {
          if (!isDiskFailure(error)) throw error;
          refused = true;
        }
      });
      if (refused) break;
    }
    if (this.#records.size > 0) return false;
    if (this.#outage) {
      this.options.logger.warn(
        { code: this.#outage.code, unsavedForMs: Date.now() - this.#outage.since },
        'state saved again: every thread record is on disk',
      );
      this.#outage = undefined;
    }
    return true;
  }

  /** Stops retrying after one last try; what is still refused is named in the log, as lost. */
  async close(): Promise<void> {
    clearTimeout(this.#retry);
    this.#retry = undefined;
    if (this.#records.size === 0 || (await this.flush().catch(() => false))) return;
    this.options.logger.error({ threads: [...this.#records.keys()] }, 'state: thread records the disk never took are lost at this stop');
  }

  get #retryMs(): number {
    return this.options.retryMs ?? UNSAVED_RETRY_MS;
  }

  #schedule(): void {
    if (this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.flush().then(
        (done) => {
          if (!done) this.#schedule();
        },
        (error: unknown) => {
          this.options.logger.error({ err: error }, 'state: retrying unsaved thread records failed');
          this.#schedule();
        },
      );
    }, this.#retryMs);
    this.#retry.unref();
  }
}
