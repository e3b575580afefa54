/** How a platform API key may be shown to people (masked) and named in logs (a non-reversible id). */
import { createHash } from 'node:crypto';

/** Shows a key as people may see it: its prefix and last four characters. */
export function maskKey(key: string): string {
  return key.length <= 10 ? '***' : `${key.slice(0, 3)}…${key.slice(-4)}`;
}

/** A stable, non-reversible id for a key, for logs and usage attribution. */
export function keyId(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}
