/** Moving an unreadable state file out of the way so the store can start, and saying so exactly once. */
import { rename } from 'node:fs/promises';
import type { Logger } from '../log.js';

/** Renames `file` to `<file>.corrupt-<ms timestamp>` and logs one warning; returns the new name. */
export async function moveAside(file: string, reason: string, logger: Logger): Promise<string> {
  const movedTo = `${file}.corrupt-${Date.now()}`;
  await rename(file, movedTo);
  logger.warn({ file, movedTo, reason }, 'state: unreadable file moved aside, starting without it');
  return movedTo;
}

export const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** JSON.parse failures (truncated or garbled files) as opposed to I/O errors, which must not be hidden. */
export const isParseError = (error: unknown): boolean => error instanceof SyntaxError;
