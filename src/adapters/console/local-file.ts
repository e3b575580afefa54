/** A file on this computer named in the terminal (`design ~/Pictures/case.png`): found, checked for size, read. */
import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, resolve } from 'node:path';
import type { FetchedFile } from '../../core/adapter.js';
import { FileTooLargeError, LocalFileError } from '../../core/chat-errors.js';

/** The path as the shell would read it: `~` is the home folder, a relative path is relative to `cwd`. */
export function resolveLocalPath(typed: string, cwd: string = process.cwd(), home: string = homedir()): string {
  const path = typed.replace(/^(["'])(.*)\1$/, '$2');
  return path === '~' || path.startsWith('~/') ? resolve(home, path.slice(2)) : resolve(cwd, path);
}

const reasonOf = (error: unknown): LocalFileError['reason'] => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : code === 'EISDIR' ? 'not-a-file' : 'unreadable';
};

/** Reads the file at `typed`; larger than `maxBytes`, missing, no regular file (a folder, a pipe) or not readable, it throws without reading. */
export async function readLocalFile(typed: string, maxBytes: number, cwd?: string): Promise<FetchedFile> {
  const path = resolveLocalPath(typed, cwd);
  const info = await stat(path).catch((error: unknown) => {
    throw new LocalFileError(reasonOf(error), typed);
  });
  if (!info.isFile()) throw new LocalFileError('not-a-file', typed);
  if (info.size > maxBytes) throw new FileTooLargeError(maxBytes, info.size, 'console');
  const data = await readFile(path).catch((error: unknown) => {
    throw new LocalFileError(reasonOf(error), typed);
  });
  // grown since its size was read: still no more than the caller takes
  if (data.length > maxBytes) throw new FileTooLargeError(maxBytes, data.length, 'console');
  return { data, name: basename(path) };
}
