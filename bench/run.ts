/**
 * `npm run bench`: runs every benchmark and prints one table per benchmark with its verdict lines.
 *   npm run bench                  all benchmarks, full size
 *   npm run bench -- relay         one of them (relay, state, observability)
 *   npm run bench -- --quick       short smoke runs (fewer streams and stored threads; about a minute in all)
 *   npm run bench -- --diagnostic  the relay benchmark also runs its diagnostic settings (see bench/relay.ts)
 *   npm run bench -- relay --production-only  only the production start's memory under (b) (a few minutes)
 *   npm run bench -- relay --workloads=d       only the relay settings of these workloads (a-d)
 * A missed target is reported, not an error: the exit code is 0 unless a benchmark crashed (2: usage error).
 */
import { performance } from 'node:perf_hooks';
import { observabilityBench } from './observability.js';
import { relayBench, workloadsFlag, type Workload } from './relay.js';
import { printReport, verdict, type BenchReport } from './report.js';
import { chatterShape, chatterVerdict, stateBench, stateChatterBench, stateShape } from './state.js';

type BenchName = 'relay' | 'state' | 'observability';

const STATE_P99_RATIO = 2;

async function stateReport(quick: boolean): Promise<BenchReport> {
  const shape = stateShape(quick);
  const rows = await stateBench(shape);
  const lowdb = (threads: number) => rows.find((row) => row.store === 'lowdb' && row.threads === threads);
  const [fewest, most] = [shape.sizes[0]!, shape.sizes.at(-1)!];
  const [small, large] = [lowdb(fewest), lowdb(most)];
  const holds = large?.within_2x === 'yes';
  const count = (threads: number): string => threads.toLocaleString('en-US');
  return {
    title: `state: compareAndSet latency against the number of stored threads (lowdb, Redis)${quick ? ' (quick)' : ''}`,
    table: rows,
    measures: `how long saving one thread record (compare-and-set) takes as more threads are stored, in the file store (lowdb) and in Redis; target: with ${count(most)} threads the file store's 99th percentile stays within ${STATE_P99_RATIO}x of that with ${count(fewest)}.`,
    lines: [
      `  ${verdict(holds)} lowdb p99 at ${count(most)} threads ${large?.p99_ms} ms <= ${STATE_P99_RATIO}x p99 at ${count(fewest)} threads (${small?.p99_ms} ms)`,
    ],
    passed: holds,
  };
}

/** Part of the state benchmark: what channel chatter (and a dedupe claim) costs against the dedupe keys stored. */
async function chatterReport(quick: boolean): Promise<BenchReport> {
  const rows = await stateChatterBench(quick);
  const verdicts = ['lowdb', 'redis']
    .filter((store) => rows.some((r) => r.store === store && r.p50_ms !== undefined))
    .map((store) => chatterVerdict(rows, chatterShape(quick), store));
  return {
    title: `state: cost per irrelevant channel message and per dedupe claim against the dedupe keys stored (lowdb, Redis)${quick ? ' (quick)' : ''}`,
    table: rows,
    measures:
      'what a channel message the bot ignores costs (it must touch no stored key), and what recording an event the bot acts on costs (its dedupe key), as more dedupe keys are stored.',
    lines: verdicts.map((v) => `  ${verdict(v.holds)} ${v.line}`),
    passed: verdicts.every((v) => v.holds),
  };
}

interface Flags {
  quick: boolean;
  diagnostic: boolean;
  productionOnly: boolean;
  workloads?: Workload[];
}

const BENCHES: Record<BenchName, (flags: Flags) => Promise<BenchReport[]>> = {
  relay: async (flags) => [await relayBench({ ...flags, log: (line) => console.log(line) })],
  state: async (flags) => [await stateReport(flags.quick), await chatterReport(flags.quick)],
  observability: async (flags) => [await observabilityBench(flags.quick)],
};

const FLAGS = ['--quick', '--diagnostic', '--production-only'];

function parseArgs(argv: string[]): { names: BenchName[]; flags: Flags } {
  const flags = {
    quick: argv.includes('--quick'),
    diagnostic: argv.includes('--diagnostic'),
    productionOnly: argv.includes('--production-only'),
    ...workloadsFlag(argv),
  };
  const names = argv.filter((arg) => !FLAGS.includes(arg) && !arg.startsWith('--workloads='));
  const unknown = names.filter((name) => !(name in BENCHES));
  if (unknown.length > 0) {
    console.error(`unknown benchmark or option: ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}, ${FLAGS.join(', ')}`);
    process.exit(2);
  }
  return { names: names.length > 0 ? (names as BenchName[]) : (Object.keys(BENCHES) as BenchName[]), flags };
}

const { names, flags } = parseArgs(process.argv.slice(2));
const started = performance.now();
const reports: BenchReport[] = [];
for (const name of names) {
  for (const report of await BENCHES[name](flags)) {
    printReport(report);
    reports.push(report);
  }
}
const failed = reports.filter((report) => !report.passed).map((report) => report.title.split(':')[0]);
console.log(
  `\n${failed.length === 0 ? 'all targets hold' : `targets missed in: ${failed.join(', ')}`} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
