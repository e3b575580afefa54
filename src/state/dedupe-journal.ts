/**
 * The lowdb store's short-lived keys (event dedupe, click idempotency), kept out of STATE_FILE, which is
 * rewritten whole: they live in a Map, and every claim appends one line `["<key>",<expires at ms>]` to a journal
 * beside the state file (`<name>.dedupe.jsonl`, 0600), so a claim survives a restart (even SIGKILL) within its
 * TTL. A claim costs one short append however many keys exist; claims that arrive while an append is out go
 * out together in the next one. The journal is rewritten with only the live keys (temp file + rename) when it
 * opens, when the retention sweep prunes it, and whenever it has grown by as many lines as it had live keys
 * (at least MIN_COMPACT_LINES): amortized O(1) per claim, and its size follows the keys alive within their TTL.
 * A line torn by a crash mid-append is skipped when the journal is read.
 */
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { FILE_MODE, writePrivateFile } from './private-files.js';

const MIN_COMPACT_LINES = 1_024;

export class DedupeJournal {
  readonly #keys: Map<string, number>;
  #handle: FileHandle | undefined;
  /** the last append or compaction: every file operation runs after the previous one */
  #tail: Promise<unknown> = Promise.resolve();
  /** lines waiting for the next append, and that append */
  #pending: string[] = [];
  #pendingWrite: Promise<void> | undefined;
  #linesSinceCompaction = 0;
  #compactAfter = MIN_COMPACT_LINES;
  #compacting = false;
  #closed = false;

  /**
   * Reads the journal at `file` (absent: empty), keeps the keys still alive at `now` together with `carried`
   * (the keys an older state file held), and rewrites it with only those.
   */
  static async open(file: string, now: number, carried: Record<string, number> = {}): Promise<DedupeJournal> {
    const keys = new Map<string, number>();
    const keep = (key: unknown, expiresAt: unknown) => {
      if (typeof key !== 'string' || typeof expiresAt !== 'number' || expiresAt <= now) return;
      keys.set(key, Math.max(expiresAt, keys.get(key) ?? 0));
    };
    for (const line of (await readFile(file, 'utf8').catch(emptyIfMissing)).split('\n')) {
      if (line === '') continue;
      try {
        const entry: unknown = JSON.parse(line);
        if (Array.isArray(entry)) keep(entry[0], entry[1]);
      } catch {
        // a line cut short by a crash mid-append: that claim never returned true
      }
    }
    for (const [key, expiresAt] of Object.entries(carried)) keep(key, expiresAt);
    const journal = new DedupeJournal(file, keys);
    await journal.#compact(now);
    return journal;
  }

  private constructor(
    readonly file: string,
    keys: Map<string, number>,
  ) {
    this.#keys = keys;
  }

  /** How many keys are held (live or not yet pruned). */
  get size(): number {
    return this.#keys.size;
  }

  /** True only for the first claim of `key` until `expiresAt`; resolves once the claim is in the journal. */
  async claim(key: string, now: number, expiresAt: number): Promise<boolean> {
    const seenUntil = this.#keys.get(key);
    if (seenUntil !== undefined && seenUntil > now) return false;
    this.#keys.set(key, expiresAt);
    try {
      await this.#append(`${JSON.stringify([key, expiresAt])}\n`, now);
    } catch (error) {
      // not durable, so not taken: a retry of the same event must be able to claim it
      if (this.#keys.get(key) === expiresAt) this.#keys.delete(key);
      throw error;
    }
    return true;
  }

  /** Drops the keys whose TTL has passed and rewrites the journal with the rest. */
  prune(now: number): Promise<void> {
    if (this.#closed) return Promise.resolve();
    const work = this.#tail.then(() => this.#compact(now));
    this.#tail = work.catch(() => undefined);
    return work;
  }

  /** Lets the appends and rewrites already asked for finish, then closes the file; nothing is taken after. */
  async close(): Promise<void> {
    if (this.#closed) return this.#tail.then(() => undefined);
    this.#closed = true;
    const closing = this.#tail.then(async () => {
      await this.#handle?.close();
      this.#handle = undefined;
    });
    this.#tail = closing.catch(() => undefined);
    await closing;
  }

  #append(line: string, now: number): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the dedupe journal is closed'));
    this.#pending.push(line);
    if (!this.#pendingWrite) {
      const write = this.#tail.then(async () => {
        this.#pendingWrite = undefined;
        const lines = this.#pending.splice(0);
        this.#handle ??= await open(this.file, 'a', FILE_MODE);
        await this.#handle.write(lines.join(''));
        this.#linesSinceCompaction += lines.length;
        if (this.#linesSinceCompaction >= this.#compactAfter && !this.#compacting) {
          this.#compacting = true;
          // after this append, before the next: claims keep their order, and the caller need not wait for it
          void this.prune(now).catch(() => undefined);
        }
      });
      this.#pendingWrite = write;
      this.#tail = write.catch(() => undefined);
    }
    return this.#pendingWrite;
  }

  /** Rewrites the journal with the keys alive at `now` and reopens it for appending. */
  async #compact(now: number): Promise<void> {
    try {
      for (const [key, expiresAt] of this.#keys) if (expiresAt <= now) this.#keys.delete(key);
      const text = [...this.#keys].map((entry) => `${JSON.stringify(entry)}\n`).join('');
      // a failed rewrite leaves the old journal, still open for appending
      await writePrivateFile(this.file, text);
      const replaced = this.#handle;
      this.#handle = undefined;
      await replaced?.close();
      this.#handle = await open(this.file, 'a', FILE_MODE);
      this.#linesSinceCompaction = 0;
      this.#compactAfter = Math.max(MIN_COMPACT_LINES, this.#keys.size);
    } finally {
      this.#compacting = false;
    }
  }
}

function emptyIfMissing(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return '';
  throw error;
}
