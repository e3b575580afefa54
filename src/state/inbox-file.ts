/**
 * The inbox (core/inbox.ts) for the lowdb (single-process) setup: one small file per entry in a private folder
 * beside STATE_FILE (`<state>.inbox/`, 0700), named by a hash of the entry's id, 0600. Each write goes to a temp
 * file that is fsynced, renamed into place, and the folder fsynced, so a recorded entry survives SIGKILL and power
 * loss. A done entry is rewritten as a tombstone (`{"id","doneUntil"}`) that dedupes its id for the keep time and
 * is deleted afterwards (on every record and listing). The folder is read once at open; this process is its only
 * writer, so what is pending is kept in memory as well. A file that does not parse is set aside
 * (`<name>.corrupt-<ms>`) with one warning.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { INBOX_KEEP_DONE_MS, pendingOlderThan, type Inbox, type InboxEntry } from '../core/inbox.js';
import { silentLogger, type Logger } from '../log.js';

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
const NAME = /^[0-9a-f]{64}\.json$/;

interface Tombstone {
  id: string;
  doneUntil: number;
}

/** The folder beside the state file: `<name without .json>.inbox`. */
export const inboxDirOf = (stateFile: string): string => path.join(path.dirname(stateFile), `${path.basename(stateFile, '.json')}.inbox`);

const fileNameOf = (id: string): string => `${createHash('sha256').update(id).digest('hex')}.json`;

function isEntry(value: unknown): value is InboxEntry {
  const v = value as Partial<InboxEntry> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.chat === 'string' &&
    typeof v.receivedAt === 'number' &&
    typeof v.incoming === 'object' &&
    v.incoming !== null
  );
}

function isTombstone(value: unknown): value is Tombstone {
  const v = value as Partial<Tombstone> | null;
  return typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.doneUntil === 'number';
}

export class FileInbox implements Inbox {
  readonly #pending = new Map<string, InboxEntry>();
  readonly #done = new Map<string, number>();
  #closed = false;

  /** Opens (creates 0700, or narrows to 0700) the folder and reads what a previous process left. */
  static async open(dir: string, options: { logger?: Logger; keepDoneMs?: number } = {}): Promise<FileInbox> {
    await mkdir(dir, { recursive: true, mode: DIR_MODE });
    await chmod(dir, DIR_MODE);
    const inbox = new FileInbox(dir, options.logger ?? silentLogger, options.keepDoneMs ?? INBOX_KEEP_DONE_MS);
    await inbox.#load();
    return inbox;
  }

  private constructor(
    readonly dir: string,
    private readonly logger: Logger,
    private readonly keepDoneMs: number,
  ) {}

  async record(entry: InboxEntry): Promise<boolean> {
    this.#open();
    await this.#sweep();
    if (this.#pending.has(entry.id) || this.#done.has(entry.id)) return false;
    const copy = structuredClone(entry);
    this.#pending.set(entry.id, copy); // claimed at once: this process is the folder's only writer
    try {
      await this.#write(entry.id, JSON.stringify(copy));
    } catch (error) {
      this.#pending.delete(entry.id);
      throw error;
    }
    return true;
  }

  async pendingEntry(id: string): Promise<InboxEntry | undefined> {
    this.#open();
    const entry = this.#pending.get(id);
    return entry && structuredClone(entry);
  }

  async handingOver(id: string, handover: NonNullable<InboxEntry['handover']>): Promise<void> {
    this.#open();
    const entry = this.#pending.get(id);
    if (!entry) return;
    const next = { ...entry, handover: { ...handover } };
    await this.#write(id, JSON.stringify(next));
    if (this.#pending.has(id)) this.#pending.set(id, next);
  }

  async done(id: string): Promise<void> {
    this.#open();
    if (this.#done.has(id) && !this.#pending.has(id)) return;
    const doneUntil = Date.now() + this.keepDoneMs;
    await this.#write(id, JSON.stringify({ id, doneUntil } satisfies Tombstone));
    this.#pending.delete(id);
    this.#done.set(id, doneUntil);
  }

  async pending(olderThanMs: number): Promise<InboxEntry[]> {
    this.#open();
    await this.#sweep();
    return pendingOlderThan(this.#pending.values(), olderThanMs, Date.now());
  }

  async close(): Promise<void> {
    this.#closed = true;
  }

  #open(): void {
    if (this.#closed) throw new Error('the inbox is closed');
  }

  async #write(id: string, text: string): Promise<void> {
    const file = path.join(this.dir, fileNameOf(id));
    const temp = path.join(this.dir, `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
    const handle = await open(temp, 'w', FILE_MODE);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    await this.#syncDir();
  }

  async #syncDir(): Promise<void> {
    const handle = await open(this.dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async #sweep(): Promise<void> {
    const now = Date.now();
    for (const [id, until] of this.#done) {
      if (until > now) continue;
      this.#done.delete(id);
      await rm(path.join(this.dir, fileNameOf(id)), { force: true });
    }
  }

  async #load(): Promise<void> {
    for (const name of await readdir(this.dir)) {
      const file = path.join(this.dir, name);
      if (name.endsWith('.tmp')) {
        await rm(file, { force: true }); // a write cut before its rename: never recorded, never acknowledged
        continue;
      }
      if (!NAME.test(name)) continue;
      let value: unknown;
      try {
        value = JSON.parse(await readFile(file, 'utf8'));
      } catch {
        value = undefined;
      }
      if (isEntry(value) && fileNameOf(value.id) === name) this.#pending.set(value.id, value);
      else if (isTombstone(value) && fileNameOf(value.id) === name) this.#done.set(value.id, value.doneUntil);
      else {
        const movedTo = `${file}.corrupt-${Date.now()}`;
        await rename(file, movedTo);
        this.logger.warn({ file, movedTo }, 'inbox: an unreadable entry was moved aside');
      }
    }
    await this.#sweep();
  }
}
