/** Small numeric helpers shared by the benchmarks. */
import { mulberry32 } from '../src/lib/random.js';

/** The nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const mean = (samples: readonly number[]): number =>
  samples.length === 0 ? Number.NaN : samples.reduce((sum, x) => sum + x, 0) / samples.length;

export const max = (samples: readonly number[]): number => (samples.length === 0 ? Number.NaN : Math.max(...samples));

/** Rounds for a table: integers stay, others keep `digits` decimals. */
export const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

/** A seeded generator (mulberry32) so that a run can be repeated with the same random start moments. */
export const seededRandom = mulberry32;
