/** What every benchmark hands to bench/run.ts: one table, what it measures, and the lines printed under it. */

export type Cell = string | number;

export type Table = Array<Record<string, Cell>> | Record<string, Record<string, Cell>>;

export interface BenchReport {
  title: string;
  /** rows printed by console.table: an array of rows, or rows keyed by their name */
  table: Table;
  /** one sentence under the table: what was timed, under which load, and what the target is */
  measures: string;
  /** short lines under the table: which targets hold (PASS/FAIL with the numbers), how it was run */
  lines: string[];
  /** every target held */
  passed: boolean;
}

export const verdict = (holds: boolean): string => (holds ? 'PASS' : 'FAIL');

/** Column headings a reader can place, for the keys the benchmarks' rows use. */
const HEADINGS: Record<string, string> = {
  store: 'store',
  measure: 'what was timed',
  threads: 'threads stored',
  updates: 'updates timed',
  events: 'events timed',
  dedupe_keys: 'dedupe keys stored',
  keys_added: 'keys added by chatter',
  p50_ms: 'median (ms)',
  p99_ms: '99th percentile (ms)',
  seed_ms: 'filling the store (ms)',
  open_ms: 'opening the store (ms)',
  p99_vs_smallest: '99th percentile / fewest threads',
  within_2x: 'within 2x of fewest',
};

export const heading = (key: string): string => HEADINGS[key] ?? key.replace(/_ms$/, ' (ms)').replace(/_/g, ' ');

/** The table with plain headings: an array's row keys, or a keyed table's column keys, renamed. */
export function plainTable(table: Table): Table {
  const rename = (row: Record<string, Cell>) => Object.fromEntries(Object.entries(row).map(([key, value]) => [heading(key), value]));
  if (Array.isArray(table)) return table.map(rename);
  return Object.fromEntries(Object.entries(table).map(([name, row]) => [name, rename(row)]));
}

/** The report as printed: title, table, what it measures, then the verdict lines. */
export function printReport(report: BenchReport): void {
  console.log(`\n== ${report.title}`);
  console.table(plainTable(report.table));
  console.log(`  What it measures: ${report.measures}`);
  for (const line of report.lines) console.log(line);
}
