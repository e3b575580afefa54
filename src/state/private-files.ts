/**
 * State files hold users' confidential text (their technical ideas, the platform's answers): every file the
 * state store writes is created 0600 and every folder it creates 0700, whatever the process umask lets through
 * by default. Writes are atomic like lowdb's own writer (steno): a temp file `.<name>.tmp` beside the real one,
 * renamed over it, so a crash mid-write leaves the previous version.
 */
import { chmod, mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Adapter } from 'lowdb';

export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/** The temp file an atomic write of `file` goes through (the name lowdb's steno uses, so start-up cleans both). */
export const tempFileOf = (file: string): string => path.join(path.dirname(file), `.${path.basename(file)}.tmp`);

/** Creates `dir` and any missing parents 0700 (folders that exist keep their mode). */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
}

/** Narrows an existing file or folder the store owns to 0600 / 0700 (one written by an older version); absent is fine. */
export async function restrict(target: string, mode: number): Promise<void> {
  await chmod(target, mode).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** Writes `text` to `file` atomically, the file created 0600. */
export async function writePrivateFile(file: string, text: string): Promise<void> {
  const temp = tempFileOf(file);
  const handle = await open(temp, 'w', FILE_MODE);
  try {
    await handle.writeFile(text, 'utf8');
  } finally {
    await handle.close();
  }
  await rename(temp, file);
}

/**
 * A lowdb adapter for one JSON file written 0600 and atomically; writes through one adapter are serialized
 * (they share the temp file). Reading a file that does not exist gives null, as lowdb's DataFile does.
 */
export class PrivateJsonFile<T> implements Adapter<T> {
  #queue: Promise<unknown> = Promise.resolve();
  constructor(readonly file: string) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return JSON.parse(text) as T;
  }

  write(data: T): Promise<void> {
    const text = JSON.stringify(data);
    const written = this.#queue.then(() => writePrivateFile(this.file, text));
    this.#queue = written.catch(() => undefined);
    return written;
  }
}
