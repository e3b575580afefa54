/** A `.env` file in the working directory, read at start with Node's own loader; the environment's values win. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const ENV_FILE_NAME = '.env';

/**
 * Reads `<cwd>/.env` into `process.env` when it is there and returns its path. `process.loadEnvFile` (Node
 * >= 20.12) sets only the variables the environment does not set yet, so a value given by the shell, a systemd
 * unit or a container wins over the file's.
 */
export function loadEnvFileIfPresent(cwd: string): string | undefined {
  const file = join(cwd, ENV_FILE_NAME);
  if (!existsSync(file)) return undefined;
  process.loadEnvFile(file);
  return file;
}
