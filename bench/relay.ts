/**
 * The stream relay benchmark: Slack's native streaming and post + edit side by side on one workload, each answer
 * a 2,000-token AI07 answer at 50 tokens/s from the platform simulator, through the real platform client,
 * `textDeltas`, the real StreamRelay and the real Slack adapter, to the fake Slack Web API answering in 20 ms:
 * (a) 1 stream; (b) 100 streams starting at random moments within 10 s; (c) the same with the fake answering 429
 * beyond 50 chat.update and 100 chat.appendStream a minute in the workspace; (d) 100 mentions in one channel within
 * 10 s with every method at its documented floor (test/helpers/fake-slack-tiers.ts: chat.startStream and
 * chat.stopStream 20 a minute, chat.update 50, chat.appendStream 100, chat.postMessage 5 at once then one a second
 * in the channel), measured beside the best schedule those limits allow (./relay-bound.ts). The edit path is what a workspace
 * gets where Slack refuses the streaming methods: the fake refuses them there, and the adapter remembers it.
 *
 * Tokens are characters here: the simulator streams text, so 1 token = 4 characters, sent as one 4-character event
 * every 20 ms = 50 tokens/s. "Visible" is when the fake answered the call that showed the text (after its 20 ms).
 * Each setting runs in a fresh process (./relay-bot.ts) with the simulator and the fake in another
 * (./relay-world.ts); the production start's memory is measured under (b) apart (./relay-prod.ts).
 * Standalone: `npx tsx bench/relay.ts [--quick] [--diagnostic] [--production-only] [--workloads=d]`.
 */
import { pathToFileURL } from 'node:url';
import { forkChild } from './child.js';
import type { RelayTuning, SettingConfig, SettingOutcome } from './relay-bot.js';
import { buildProduction, productionRun } from './relay-prod.js';
import { scheduleBound, type AnswerTimes } from './relay-bound.js';
import { relayReport, type Production } from './relay-report.js';
import { summarize, type SettingSummary } from './relay-metrics.js';
import type { BenchReport } from './report.js';

export type Workload = 'a' | 'b' | 'c' | 'd';
export type RelayPath = 'native' | 'edit';

export interface RelaySetting {
  name: string;
  workload: Workload;
  path: RelayPath;
  relay: RelayTuning;
}

export interface RelayBenchOptions {
  /** a short smoke run: fewer, shorter streams over a shorter spread, and no production start */
  quick?: boolean;
  /** also run DIAGNOSTIC_SETTINGS (when `settings` is not given) */
  diagnostic?: boolean;
  /** seeds the random start moments; default 1 */
  seed?: number;
  settings?: RelaySetting[];
  /** only the settings of these workloads (`--workloads=cd`); default all */
  workloads?: Workload[];
  /** measure the production start under (b); default: unless quick */
  production?: boolean;
  /** only the production start's memory under (b), no settings (`--production-only`, a few minutes) */
  productionOnly?: boolean;
  /** progress lines while it runs */
  log?: (line: string) => void;
}

/** The relay's production defaults (src/config.ts: RELAY_MIN_EDIT_INTERVAL_MS, RELAY_WORKSPACE_EDITS_PER_MINUTE). */
export const PRODUCTION_RELAY: RelayTuning = { minEditIntervalMs: 1000, workspaceEditsPerMinute: 45 };
/** The budget before it learned Slack's limits: 45 edits a minute, fixed. */
export const FIXED_BUDGET: RelayTuning = { ...PRODUCTION_RELAY, adaptiveBudget: false };

/** Slack's limits in (c), per workspace per rolling minute. */
export const LIMITED = { updatesPerMinute: 50, appendsPerMinute: 100 };

const setting = (workload: Workload, path: RelayPath, relay = PRODUCTION_RELAY, note = ''): RelaySetting => ({
  name: `(${workload}) ${path}${note}`,
  workload,
  path,
  relay,
});

export const ISSUE_SETTINGS: RelaySetting[] = [
  setting('a', 'native'),
  setting('a', 'edit'),
  setting('b', 'native'),
  setting('b', 'edit'),
  setting('c', 'native'),
  setting('c', 'edit'),
  // what (c)'s edit path is held to: no worse than before the budget adapted
  setting('c', 'edit', FIXED_BUDGET, ', fixed budget'),
  // every method at its documented floor: the relay chooses between streaming and post + edit per answer
  setting('d', 'native'),
];

/**
 * What the adaptive budget changed where Slack sets no limit, and what longer append intervals
 * (SLACK_APPEND_INTERVAL_MS) trade: Slack calls against the chunk's delay (`--diagnostic`).
 */
export const DIAGNOSTIC_SETTINGS: RelaySetting[] = [
  setting('b', 'edit', FIXED_BUDGET, ', fixed budget'),
  setting('b', 'native', { ...PRODUCTION_RELAY, appendIntervalMs: 500 }, ', appends every 500 ms'),
  setting('b', 'native', { ...PRODUCTION_RELAY, appendIntervalMs: 1_000 }, ', appends every 1,000 ms'),
];

const CHARS_PER_TOKEN = 4;
const TOKEN_INTERVAL_MS = 20;
const SLACK_LATENCY_MS = 20;
const TEAM = 'T1';

/** `tokens` is a floor: the simulator's answers grow by whole sections (its shortest is about 320 tokens). */
export function loadShape(quick: boolean, workload: Workload): { streams: number; spreadMs: number; tokens: number } {
  if (workload === 'a') return { streams: 1, spreadMs: 0, tokens: quick ? 250 : 2_000 };
  // a quick (d) still takes more first texts than chat.startStream's minute allows
  if (workload === 'd') return quick ? { streams: 30, spreadMs: 5_000, tokens: 500 } : { streams: 100, spreadMs: 10_000, tokens: 2_000 };
  return quick ? { streams: 6, spreadMs: 3_000, tokens: 250 } : { streams: 100, spreadMs: 10_000, tokens: 2_000 };
}

function worldOf(workload: Workload, path: RelayPath, tokens: number): SettingConfig['world'] {
  return {
    slackLatencyMs: SLACK_LATENCY_MS,
    ...(workload === 'c' ? LIMITED : {}),
    ...(workload === 'd' ? { limits: 'documented' as const } : {}),
    ...(path === 'edit' ? { refuseStreamsIn: TEAM } : {}),
    streamChunkChars: CHARS_PER_TOKEN,
    streamChunkDelayMs: TOKEN_INTERVAL_MS,
    minAnswerChars: tokens * CHARS_PER_TOKEN,
  };
}

/** `--workloads=cd`: only those workloads' settings */
export function workloadsFlag(argv: readonly string[]): { workloads?: Workload[] } {
  const letters = argv.find((arg) => arg.startsWith('--workloads='))?.slice('--workloads='.length);
  return letters ? { workloads: [...letters].filter((l): l is Workload => 'abcd'.includes(l)) } : {};
}

/** When each answer's first and last token reached the bot, for the schedule's bound. */
const answerTimes = (outcome: SettingOutcome): AnswerTimes[] =>
  outcome.marks.flatMap((m) =>
    m.firstDeltaAt === undefined || m.endedAt === undefined ? [] : [{ firstTokenAt: m.firstDeltaAt, endedAt: m.endedAt }],
  );

async function runSetting(config: SettingConfig): Promise<SettingOutcome> {
  const bot = forkChild<'run', SettingOutcome | 'ready'>(new URL('./relay-bot.ts', import.meta.url), config);
  await bot.ready;
  const outcome = await bot.ask('run');
  await bot.exit();
  if (outcome === 'ready') throw new Error('a relay setting gave no outcome');
  return outcome;
}

/** The production start's peak memory under (b), per path; skipped in a quick run. */
async function productionRuns(skip: boolean, seed: number, log?: (line: string) => void): Promise<Production> {
  if (skip) return {};
  log?.('relay: npm run build, then node dist/cli.js under (b) ...');
  const problem = buildProduction();
  const runs: Production = {};
  const shape = loadShape(false, 'b');
  for (const path of ['native', 'edit'] as const) {
    runs[path] = problem
      ? { commandsAccepted: 0, slackCalls: 0, problem }
      : await productionRun(worldOf('b', path, shape.tokens), { ...shape, seed });
  }
  log?.('relay: the Bolt peer (bench/peer-bolt.ts) on the same commands, natively ...');
  runs.boltPeer = await productionRun(worldOf('b', 'native', shape.tokens), { ...shape, seed }, 'bolt-peer');
  return runs;
}

export async function relayBench(options: RelayBenchOptions = {}): Promise<BenchReport> {
  const quick = options.quick ?? false;
  const only = options.productionOnly ?? false;
  const chosen = options.settings ?? [...ISSUE_SETTINGS, ...(options.diagnostic ? DIAGNOSTIC_SETTINGS : [])];
  const settings = only ? [] : chosen.filter((s) => !options.workloads || options.workloads.includes(s.workload));
  const summaries: Array<{ setting: RelaySetting; summary: SettingSummary }> = [];
  for (const s of settings) {
    const shape = loadShape(quick, s.workload);
    options.log?.(`relay: ${s.name}: ${shape.streams} streams over ${shape.spreadMs / 1000} s, at least ${shape.tokens} tokens each ...`);
    const inOneChannel = s.workload === 'd' ? { channels: 1, mentions: true } : {};
    const world = worldOf(s.workload, s.path, shape.tokens);
    const outcome = await runSetting({ ...shape, ...inOneChannel, seed: options.seed ?? 1, relay: s.relay, world });
    const summary = summarize(outcome);
    if (s.workload === 'd') summary.bound = scheduleBound(answerTimes(outcome), SLACK_LATENCY_MS);
    options.log?.(`relay: ${s.name}: done in ${summary.wallSeconds.toFixed(1)} s`);
    summaries.push({ setting: s, summary });
  }
  // the production start runs under (b): skipped when only other workloads were asked for
  const withoutB = options.workloads !== undefined && !options.workloads.includes('b');
  const production = await productionRuns(!(only || (options.production ?? !(quick || withoutB))), options.seed ?? 1, options.log);
  return relayReport(summaries, production, {
    quick,
    shapes: { a: loadShape(quick, 'a'), b: loadShape(quick, 'b'), c: loadShape(quick, 'c'), d: loadShape(quick, 'd') },
    slackLatencyMs: SLACK_LATENCY_MS,
    charsPerToken: CHARS_PER_TOKEN,
    tokenIntervalMs: TOKEN_INTERVAL_MS,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printReport } = await import('./report.js');
  const flag = (name: string): boolean => process.argv.includes(name);
  const flags = {
    quick: flag('--quick'),
    diagnostic: flag('--diagnostic'),
    productionOnly: flag('--production-only'),
    ...workloadsFlag(process.argv),
  };
  printReport(await relayBench({ ...flags, log: (line) => console.log(line) }));
}
