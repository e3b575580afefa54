/** Deterministic choices derived from request text, so the same request always gets the same content. */
import { createHash } from 'node:crypto';
import { type Rng, seededRng } from '../../../lib/random.js';

export type { Rng } from '../../../lib/random.js';

/** A 32-bit seed from any text (the first bytes of its SHA-256). */
export function seedOf(...parts: readonly unknown[]): number {
  return createHash('sha256')
    .update(parts.map((p) => String(p)).join('\u241f'))
    .digest()
    .readUInt32BE(0);
}

/** Choices seeded by the request text (mulberry32, src/lib/random.ts). */
export const rngFrom = (...parts: readonly unknown[]): Rng => seededRng(seedOf(...parts));

/** A stable uuid-shaped id for a text (e.g. a patent id for a publication number). */
export function stableUuid(...parts: readonly unknown[]): string {
  const h = createHash('sha256').update(parts.map(String).join('\u241f')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A stable 32-hex id for a text. */
export function stableHex(...parts: readonly unknown[]): string {
  return createHash('sha256').update(parts.map(String).join('\u241f')).digest('hex').slice(0, 32);
}

/** A short topic from free text: first line, trimmed to about `max` characters on a word boundary. */
export function topicOf(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length <= max) return line || 'your question';
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
