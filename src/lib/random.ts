/**
 * Seeded pseudo-random numbers: the same seed gives the same sequence on every run and every machine, for the
 * simulator's made-up content, the tests' "random" inputs and the benchmarks' start moments. Not for secrets.
 * (src/lib holds pure helpers: nothing here imports from the rest of src.)
 */

/** mulberry32: a float in [0, 1) per call; small, fast and good enough for picking words and timings. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

/** Choices drawn from mulberry32 with `seed`. */
export function seededRng(seed: number): Rng {
  const next = mulberry32(seed);
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
