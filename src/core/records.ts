/**
 * The one way a thread record is written: a compare-and-set on the version the writer read, with the bot's write
 * hooks run around it in the order src/bot.ts registers them (the record's language, the inbox hand-over, metrics,
 * the Home tab), then the in-process watchers of the thread's status (a shown step dropping its buttons on cancel).
 */
import type { Lang } from '../i18n/index.js';
import type { HandOver } from './hand-over.js';
import type { StateStore, ThreadRecord, ThreadRecordInput, ThreadStatus } from './state.js';
import type { ThreadId } from './thread-id.js';

/** One write as the hooks see it. */
export interface RecordWrite {
  readonly thread: ThreadId;
  /** 0: a new record */
  readonly expectedVersion: number;
  /** the record as the writer read it; undefined for a new one */
  readonly previous: ThreadRecord | undefined;
  readonly next: ThreadRecordInput;
  /** the language of the work that writes (the one its handler was given), when it has one */
  readonly lang: Lang | undefined;
  /** given with the write that makes an inbox event safe in this record */
  readonly handOver: HandOver | undefined;
  /** the lease's hold the write is fenced by (written only while it is still held) */
  readonly fence: Fence | undefined;
}

/** A lock's hold, as the store's compare-and-set takes it to fence a write. */
export type Fence = Parameters<StateStore['compareAndSet']>[3];

/** How a write is made: the event it hands over, the lease it is fenced by. */
export interface WriteOptions {
  /** this write makes the event being handled safe in the record (core/hand-over.ts) */
  handOver?: HandOver;
  fence?: Fence;
}

/**
 * What runs around every write. `complete` may add to what is written (pure); `before` runs before the write (its
 * failure stops it); `after` only after a write that succeeded, and handles its own failures (it cannot undo it).
 */
export interface RecordHook {
  readonly name: string;
  complete?(write: RecordWrite): ThreadRecordInput;
  before?(write: RecordWrite): Promise<void>;
  after?(record: ThreadRecord, write: RecordWrite): Promise<void> | void;
}

/** Told once, when the thread it watches is written with the status it waits for. */
export type StatusListener = (record: ThreadRecord) => void;

/** This process's status watchers, one per thread (a newer one replaces the older), shared by a writer's copies. */
class StatusWatchers {
  private readonly byThread = new Map<ThreadId, { status: ThreadStatus; listener: StatusListener }>();

  watch(thread: ThreadId, status: ThreadStatus, listener: StatusListener): void {
    this.byThread.set(thread, { status, listener });
  }

  forget(thread: ThreadId): void {
    this.byThread.delete(thread);
  }

  tell(record: ThreadRecord): void {
    const watcher = this.byThread.get(record.thread);
    if (watcher?.status !== record.status) return;
    this.byThread.delete(record.thread);
    watcher.listener(record);
  }
}

export class RecordWriter {
  private constructor(
    private readonly state: StateStore,
    private readonly hooks: readonly RecordHook[],
    private readonly watchers: StatusWatchers,
    /** the language a record written without one is given */
    readonly lang: Lang | undefined,
  ) {}

  /** A writer over `state` with `hooks`, run in the order given. */
  static create(state: StateStore, hooks: readonly RecordHook[]): RecordWriter {
    return new RecordWriter(state, hooks, new StatusWatchers(), undefined);
  }

  /** The same writer for work done in `lang`: the records it writes without a language keep this one. */
  speaking(lang: Lang): RecordWriter {
    return new RecordWriter(this.state, this.hooks, this.watchers, lang);
  }

  /**
   * Writes a thread's first record; undefined when the thread has one already. The event that creates it is handed
   * over to it (pass `NOTHING_TO_HAND_OVER` only for work that came from no inbox entry).
   */
  create(handOver: HandOver, input: ThreadRecordInput, options: Omit<WriteOptions, 'handOver'> = {}): Promise<ThreadRecord | undefined> {
    return this.write({
      thread: input.thread,
      expectedVersion: 0,
      previous: undefined,
      next: input,
      lang: this.lang,
      handOver,
      fence: options.fence,
    });
  }

  /**
   * Writes `changes` over `record` if nobody wrote since it was read; undefined when someone did (or the fence's
   * lease was lost). With `handOver`, this write is the one that makes the event being handled safe in the record.
   */
  update(record: ThreadRecord, changes: Partial<ThreadRecordInput>, options: WriteOptions = {}): Promise<ThreadRecord | undefined> {
    const { version, updatedAt: _updatedAt, ...current } = record;
    const next = { ...current, ...changes };
    const { handOver, fence } = options;
    return this.write({ thread: record.thread, expectedVersion: version, previous: record, next, lang: this.lang, handOver, fence });
  }

  /** Tells `listener` (once) when `thread` is written with `status` in this process; replaces its earlier watcher. */
  watch(thread: ThreadId, status: ThreadStatus, listener: StatusListener): void {
    this.watchers.watch(thread, status, listener);
  }

  /** Forgets the thread's watcher (its workflow ended). */
  forget(thread: ThreadId): void {
    this.watchers.forget(thread);
  }

  private async write(given: RecordWrite): Promise<ThreadRecord | undefined> {
    let write = given;
    for (const hook of this.hooks) if (hook.complete) write = { ...write, next: hook.complete(write) };
    for (const hook of this.hooks) await hook.before?.(write);
    const written = await this.state.compareAndSet(write.thread, write.expectedVersion, write.next, write.fence);
    if (!written) return undefined;
    for (const hook of this.hooks) await hook.after?.(written, write);
    this.watchers.tell(written);
    return written;
  }
}
