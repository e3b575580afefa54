/** What every benchmark hands to bench/run.ts: one table and the lines printed under it. */

export type Cell = string | number;

export interface BenchReport {
  title: string;
  /** rows printed by console.table: an array of rows, or rows keyed by their name */
  table: Array<Record<string, Cell>> | Record<string, Record<string, Cell>>;
  /** short lines under the table: which targets hold (PASS/FAIL with the numbers), how it was run */
  lines: string[];
  /** every target held */
  passed: boolean;
}

export const verdict = (holds: boolean): string => (holds ? 'PASS' : 'FAIL');

export function printReport(report: BenchReport): void {
  console.log(`\n== ${report.title}`);
  console.table(report.table);
  for (const line of report.lines) console.log(line);
}
