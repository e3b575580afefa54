/**
 * The outbox's write journal (core/outbox/journal.ts) for the lowdb (single-process) setup: one JSON file beside
 * STATE_FILE (`<state>.outbox.json`, 0600, written atomically through lowdb), holding the pending writes and the
 * last settled ones (without their payloads). This process is the file's only writer, so the journal lives in
 * memory and every change rewrites the file; changes that arrive while a write is out go together in the next.
 * Every write pending from an earlier process (another owner) is left: this process finishes it.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Low } from 'lowdb';
import { KEEP_SETTLED, oldestFirst, type DurableJournal, type WriteEntry, type WriteSettlement } from '../core/outbox/journal.js';
import { silentLogger, type Logger } from '../log.js';
import { describeError, isParseError, moveAside } from './corrupt-file.js';
import { makePrivateDir, PrivateJsonFile, restrict, FILE_MODE } from './private-files.js';

interface JournalFile {
  entries: WriteEntry[];
}

/** `<name without .json>.outbox.json` beside the state file. */
export const writeJournalFileOf = (stateFile: string): string =>
  path.join(path.dirname(stateFile), `${path.basename(stateFile, '.json')}.outbox.json`);

const isEntry = (value: unknown): value is WriteEntry => {
  const v = value as Partial<WriteEntry> | null;
  return typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.conversation === 'string' && typeof v.queuedAt === 'number';
};

export class FileWriteJournal implements DurableJournal {
  readonly owner = randomUUID();
  readonly #entries = new Map<string, WriteEntry>();
  /** the write of the file that will carry the latest changes (not started yet), and the one out now */
  #next: Promise<void> | undefined;
  #out: Promise<unknown> = Promise.resolve();
  #closed = false;

  static async open(file: string, options: { logger?: Logger; keepSettled?: number } = {}): Promise<FileWriteJournal> {
    await makePrivateDir(path.dirname(file));
    await restrict(file, FILE_MODE);
    const db = new Low<JournalFile>(new PrivateJsonFile<JournalFile>(file), { entries: [] });
    const logger = options.logger ?? silentLogger;
    try {
      await db.read();
    } catch (error) {
      // a garbled journal is kept for a look by hand; an I/O error fails the start
      if (!isParseError(error)) throw error;
      await moveAside(file, describeError(error), logger);
    }
    const journal = new FileWriteJournal(db, options.keepSettled ?? KEEP_SETTLED);
    for (const entry of Array.isArray(db.data?.entries) ? db.data.entries : []) if (isEntry(entry)) journal.#entries.set(entry.id, entry);
    return journal;
  }

  private constructor(
    private readonly db: Low<JournalFile>,
    private readonly keepSettled: number,
  ) {}

  async record(entry: WriteEntry): Promise<void> {
    this.#entries.set(entry.id, structuredClone(entry));
    await this.#save();
  }

  attempted(id: string, attempts: number): void {
    const entry = this.#entries.get(id);
    if (entry) entry.attempts = attempts;
  }

  async settle(id: string, settlement: WriteSettlement): Promise<void> {
    const entry = this.#entries.get(id);
    if (entry?.state !== 'pending') return;
    const settled: WriteEntry = { ...entry, ...settlement };
    delete settled.payload; // what it wrote is done with: the journal keeps no message text past its write
    this.#entries.set(id, settled);
    this.#trim();
    await this.#save();
  }

  async pending(): Promise<WriteEntry[]> {
    return oldestFirst([...this.#entries.values()].filter((e) => e.state === 'pending'));
  }

  async recent(): Promise<WriteEntry[]> {
    return oldestFirst(this.#entries.values());
  }

  async left(): Promise<WriteEntry[]> {
    return (await this.pending()).filter((e) => e.owner !== this.owner);
  }

  /** Waits for the write out now; a change after it (a chat write settling late in a stop) is not written any more. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#out;
  }

  /** Drops the oldest settled entries past the number kept. */
  #trim(): void {
    const settled = [...this.#entries.values()].filter((e) => e.state !== 'pending');
    if (settled.length <= this.keepSettled) return;
    settled.sort((a, b) => (a.settledAt ?? 0) - (b.settledAt ?? 0));
    for (const old of settled.slice(0, settled.length - this.keepSettled)) this.#entries.delete(old.id);
  }

  /** Writes the journal as it is once the write out now is done; callers meanwhile share that next write. */
  #save(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#next ??= this.#out.then(() => {
      this.#next = undefined;
      this.db.data = { entries: [...this.#entries.values()] };
      return this.db.write();
    });
    const next = this.#next;
    this.#out = next.catch(() => undefined);
    return next;
  }
}
