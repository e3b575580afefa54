/**
 * The upload shelf's files in a private folder beside STATE_FILE (`<state>.uploads/`, 0700), for the lowdb
 * (single-process) setup: a restarted bot serves what the previous one offered. Per file, named by the key (a
 * hash of the URL's token): `<key>` holds the bytes and `<key>.json` the type, owner, size and expiry, both 0600
 * and written through a temp file renamed into place (the sidecar last: a file without it is not served).
 * Expired files are deleted when read, on every add, at open and every minute (with what a crash mid-write
 * left). The owner's cap is checked and the file added under one in-process lock.
 */
import { chmod, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ShelfRefusal, StoredUpload, UploadLimits, UploadStore } from '../core/services.js';
import { silentLogger, type Logger } from '../log.js';

export const UPLOAD_FILE_MODE = 0o600;
export const UPLOAD_DIR_MODE = 0o700;
const SWEEP_EVERY_MS = 60_000;
const KEY_SHAPE = /^[0-9a-f]{64}$/;

interface Sidecar {
  mimeType: string;
  owner: string;
  bytes: number;
  expiresAt: number;
}

/** The folder beside the state file: `<name without .json>.uploads`. */
export const uploadsDirOf = (stateFile: string): string => path.join(path.dirname(stateFile), `${path.basename(stateFile, '.json')}.uploads`);

function isSidecar(value: unknown): value is Sidecar {
  const v = value as Partial<Sidecar> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.mimeType === 'string' &&
    typeof v.owner === 'string' &&
    typeof v.bytes === 'number' &&
    typeof v.expiresAt === 'number'
  );
}

async function writePrivate(file: string, data: Buffer | string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  const handle = await open(temp, 'w', UPLOAD_FILE_MODE);
  try {
    await handle.chmod(UPLOAD_FILE_MODE);
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
  await rename(temp, file);
}

export class FileUploadStore implements UploadStore {
  #queue: Promise<unknown> = Promise.resolve();
  readonly #timer: NodeJS.Timeout;

  /** Opens (creates 0700, or narrows to 0700) the folder and deletes what expired meanwhile. */
  static async open(dir: string, logger: Logger = silentLogger): Promise<FileUploadStore> {
    await mkdir(dir, { recursive: true, mode: UPLOAD_DIR_MODE });
    await chmod(dir, UPLOAD_DIR_MODE);
    const store = new FileUploadStore(dir, logger);
    await store.sweep();
    return store;
  }

  private constructor(
    readonly dir: string,
    private readonly logger: Logger,
  ) {
    this.#timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'uploads: the folder could not be swept'));
    }, SWEEP_EVERY_MS);
    this.#timer.unref();
  }

  add(key: string, file: StoredUpload, ttlMs: number, limits: UploadLimits): Promise<{ ok: true } | ShelfRefusal> {
    return this.#serially(async () => {
      const held = (await this.#live()).filter((s) => s.owner === file.owner);
      if (held.length >= limits.files) return { refused: 'files', limit: limits.files, held: held.length };
      const bytes = held.reduce((sum, s) => sum + s.bytes, 0);
      if (bytes + file.data.length > limits.bytes) return { refused: 'bytes', limit: limits.bytes, held: bytes };
      const sidecar: Sidecar = { mimeType: file.mimeType, owner: file.owner, bytes: file.data.length, expiresAt: Date.now() + ttlMs };
      await writePrivate(this.#data(key), file.data);
      await writePrivate(this.#sidecar(key), JSON.stringify(sidecar));
      return { ok: true };
    });
  }

  async get(key: string): Promise<StoredUpload | undefined> {
    const sidecar = await this.#readSidecar(key);
    if (!sidecar) return undefined;
    const data = await readFile(this.#data(key)).catch(() => undefined);
    return data ? { data, mimeType: sidecar.mimeType, owner: sidecar.owner } : undefined;
  }

  async has(key: string): Promise<boolean> {
    return (await this.#readSidecar(key)) !== undefined;
  }

  async remove(key: string): Promise<void> {
    if (!KEY_SHAPE.test(key)) return;
    // the sidecar first: from then on the file is not served, even if deleting the bytes fails
    await rm(this.#sidecar(key), { force: true });
    await rm(this.#data(key), { force: true });
  }

  /** Deletes every expired file (and any bytes left without a sidecar by a crash mid-write). */
  async sweep(): Promise<void> {
    await this.#serially(() => this.#live());
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#queue.catch(() => undefined);
  }

  #data = (key: string): string => path.join(this.dir, key);
  #sidecar = (key: string): string => path.join(this.dir, `${key}.json`);

  #serially<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(fn, fn);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** The sidecar of a live file; an expired or unreadable one is deleted with its bytes. */
  async #readSidecar(key: string): Promise<Sidecar | undefined> {
    if (!KEY_SHAPE.test(key)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(this.#sidecar(key), 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      parsed = undefined;
    }
    if (isSidecar(parsed) && parsed.expiresAt > Date.now()) return parsed;
    await this.remove(key);
    return undefined;
  }

  /** Every live file's sidecar; deletes the expired, the unreadable and bytes without a sidecar. */
  async #live(): Promise<Sidecar[]> {
    const names = await readdir(this.dir);
    const withSidecar = new Set(names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)));
    const live: Sidecar[] = [];
    for (const name of names) {
      const orphan = (KEY_SHAPE.test(name) && !withSidecar.has(name)) || (name.startsWith('.') && name.endsWith('.tmp'));
      if (orphan) await rm(path.join(this.dir, name), { force: true });
    }
    for (const key of withSidecar) {
      const sidecar = await this.#readSidecar(key);
      if (sidecar) live.push(sidecar);
    }
    return live;
  }
}
