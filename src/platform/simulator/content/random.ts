/** Deterministic choices derived from request text, so the same request always gets the same content. */
import { createHash } from 'node:crypto';

export interface Rng {
  /** an integer in [0, n) */
  int(n: number): number;
  /** an integer in [min, max] */
  between(min: number, max: number): number;
  /** a float in [0, 1) */
  float(): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in a stable order */
  sample<T>(items: readonly T[], count: number): T[];
  hex(length: number): string;
}

/** A 32-bit seed from any text (the first bytes of its SHA-256). */
export function seedOf(...parts: readonly unknown[]): number {
  return createHash('sha256').update(parts.map((p) => String(p)).join('\u241f')).digest().readUInt32BE(0);
}

/** mulberry32: small, fast and good enough for picking words. */
export function rngFrom(...parts: readonly unknown[]): Rng {
  let state = seedOf(...parts);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    int,
    between: (min, max) => min + int(max - min + 1),
    float: next,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)] as T;
    },
    sample: <T>(items: readonly T[], count: number): T[] => {
      const pool = [...items];
      const out: T[] = [];
      while (out.length < count && pool.length > 0) out.push(pool.splice(int(pool.length), 1)[0] as T);
      return out;
    },
    hex: (length) => Array.from({ length }, () => int(16).toString(16)).join(''),
  };
}

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
