/** A tiny default session store: the thread list as one JSON file, written atomically (temp file, rename). */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ConsoleSessions, ConsoleSessionStore } from './types.js';

export function createSessionFile(path: string): ConsoleSessionStore {
  let writes = 0;
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      try {
        return JSON.parse(text) as ConsoleSessions;
      } catch {
        // an unreadable list starts afresh; the next save replaces it
        return undefined;
      }
    },
    async save(sessions) {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      writes += 1;
      const temp = `${path}.${process.pid}.${writes}.tmp`;
      // it holds what the user typed and the bot's latest questions: readable by its owner only
      await writeFile(temp, `${JSON.stringify(sessions, null, 2)}\n`, { encoding: 'utf8', mode: 0o600 });
      await rename(temp, path);
    },
  };
}
