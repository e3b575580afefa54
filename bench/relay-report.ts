/** The relay benchmark's table (one column per setting) and its verdicts against the issue's targets. */
import type { RelaySetting } from './relay.js';
import { max, mean, p50, p99, type SettingSummary } from './relay-metrics.js';
import { verdict, type BenchReport, type Cell } from './report.js';
import { round } from './stats.js';

export interface RelayShape {
  streams: number;
  spreadMs: number;
  tokens: number;
  quick: boolean;
  slackLatencyMs: number;
  charsPerToken: number;
  tokenIntervalMs: number;
}

const FIRST_VISIBLE_P99_TARGET_MS = 50;
const FINAL_DELAY_P99_TARGET_MS = 100;

const ms = (value: number): string => (Number.isNaN(value) ? '-' : String(Math.round(value)));
const spread = (samples: readonly number[]): string => `${ms(p50(samples))} / ${ms(p99(samples))} / ${ms(max(samples))}`;

const SLACK_LIMIT = "Slack's limit on message edits (the stand-in for Slack)";

function column(setting: RelaySetting, s: SettingSummary): Record<string, Cell> {
  return {
    [SLACK_LIMIT]: setting.updatesPerMinute === undefined ? 'none' : `${setting.updatesPerMinute} per minute`,
    "bot's edit pacing: ms between edits of a message / edits per minute per workspace": `${setting.relay.minEditIntervalMs} / ${setting.relay.workspaceEditsPerMinute}`,
    'answers shown whole at the end': `${s.complete} of ${s.streams}`,
    'first text shown, ms after the first token: median / 99th percentile / max': spread(s.firstVisibleAddedMs),
    'final text shown, ms after the answer ended: median / 99th percentile / max': spread(s.finalDelayMs),
    'time inside the bot before it sent the first / final text, 99th percentile (ms)': `${ms(p99(s.relayFirstMs))} / ${ms(p99(s.relayFinalMs))}`,
    'message edits: accepted / refused by Slack as too many (429)': `${s.updateCalls - s.rateLimited} / ${s.rateLimited}`,
    'edits per answer: mean / max': `${round(mean(s.editsPerAnswer))} / ${max(s.editsPerAnswer)}`,
    'answer length in tokens / seconds to stream it (median)': `${p50(s.deltasPerStream)} / ${round(p50(s.streamSeconds))}`,
    'bot memory at its peak (MB)': round(s.peakRssMb),
    "bot's event-loop delay: 99th percentile / max (ms)": `${round(s.eventLoopDelayP99Ms)} / ${round(s.eventLoopDelayMaxMs)}`,
    'machine load (1-minute average) at start / end': `${round(s.machineLoad.start)} / ${round(s.machineLoad.end)}, on ${s.machineLoad.cpus} CPUs`,
    'wall time (s)': round(s.wallSeconds),
  };
}

/**
 * A limited setting that was never refused measured the same thing as no limit: it gets no column of its own
 * (two columns that differ only by noise), a line says so instead.
 */
const limitNeverHit = (setting: RelaySetting, s: SettingSummary): boolean => setting.updatesPerMinute !== undefined && s.rateLimited === 0;

/** PASS/FAIL for the issue's targets; an `info` line for what it asks to report without a target. */
function verdicts(setting: RelaySetting, s: SettingSummary, slackLatencyMs: number): { lines: string[]; passed: boolean } {
  const first = p99(s.firstVisibleAddedMs);
  const final = p99(s.finalDelayMs);
  const complete = s.complete === s.streams && s.firstPostMismatches === 0;
  const checks: Array<[boolean | 'info', string]> = [];
  if (setting.updatesPerMinute === undefined) {
    checks.push([
      first < FIRST_VISIBLE_P99_TARGET_MS,
      `first text shown ${ms(first)} ms after the first token, 99th percentile (target under ${FIRST_VISIBLE_P99_TARGET_MS} ms; ${ms(p99(s.relayFirstMs))} ms of it inside the bot; ${ms(first + slackLatencyMs)} ms once Slack has stored it)`,
    ]);
    checks.push([
      final < FINAL_DELAY_P99_TARGET_MS,
      `final text shown ${ms(final)} ms after the answer ended, 99th percentile (target under ${FINAL_DELAY_P99_TARGET_MS} ms; ${ms(p99(s.relayFinalMs))} ms of it inside the bot; ${ms(final + slackLatencyMs)} ms once stored)`,
    ]);
  } else {
    checks.push([
      'info',
      `${s.rateLimited} edits refused with 429; final text median ${ms(p50(s.finalDelayMs))} ms, 99th percentile ${ms(final)} ms after the answer ended (reported only: no latency target applies while Slack refuses edits)`,
    ]);
  }
  checks.push([
    complete,
    `every answer shown whole at the end: ${s.complete} of ${s.streams}${s.firstPostMismatches ? `, ${s.firstPostMismatches} first replies without the first token` : ''}`,
  ]);
  const label = (holds: boolean | 'info'): string => (holds === 'info' ? 'info' : verdict(holds));
  const lines = checks.map(([holds, text]) => `  ${label(holds)} [${setting.name}] ${text}`);
  const load = Math.max(s.machineLoad.start, s.machineLoad.end);
  if (load > s.machineLoad.cpus)
    lines.push(`    note: the machine's load average reached ${round(load)} on ${s.machineLoad.cpus} CPUs: latencies include waiting for a CPU`);
  for (const error of s.errors.slice(0, 5)) lines.push(`    ${error}`);
  return { lines, passed: checks.every(([holds]) => holds !== false) };
}

export function relayReport(results: Array<{ setting: RelaySetting; summary: SettingSummary }>, shape: RelayShape): BenchReport {
  const columns = results
    .filter(({ setting, summary }) => !limitNeverHit(setting, summary))
    .map(({ setting, summary }) => [setting.name, column(setting, summary)] as const);
  const unlimitedLike = results
    .filter(({ setting, summary }) => limitNeverHit(setting, summary))
    .map(
      ({ setting }) =>
        `  (${setting.name}: Slack refused no edit, since the bot's own pacing of ${setting.relay.workspaceEditsPerMinute} edits per minute stays under the limit; the run measured the same as without a limit, so it has no column of its own)`,
    );
  const table: Record<string, Record<string, Cell>> = {};
  for (const [name, values] of columns) {
    for (const [metric, value] of Object.entries(values)) (table[metric] ??= {})[name] = value;
  }
  const judged = results.map(({ setting, summary }) => verdicts(setting, summary, shape.slackLatencyMs));
  const tokensPerSecond = 1000 / shape.tokenIntervalMs;
  return {
    title: `relay: ${shape.streams} streams in one workspace over ${shape.spreadMs / 1000} s, at least ${shape.tokens} tokens each at ${tokensPerSecond}/s${shape.quick ? ' (quick)' : ''}`,
    table,
    measures: `how soon each answer's first and final text reach Slack while ${shape.streams} answers stream at once into one workspace, with and without Slack limiting message edits ("shown" = the edit's arrival at the stand-in for Slack); targets: first text within ${FIRST_VISIBLE_P99_TARGET_MS} ms and final text within ${FINAL_DELAY_P99_TARGET_MS} ms (99th percentile) without a limit, every answer whole.`,
    lines: [
      ...judged.flatMap((j) => j.lines),
      ...unlimitedLike,
      `  (1 token = ${shape.charsPerToken} characters: one ${shape.charsPerToken}-character simulator event every ${shape.tokenIntervalMs} ms; ` +
        `the stand-in for Slack answers in ${shape.slackLatencyMs} ms)`,
      "  (first and final text go out at once; only intermediate edits wait for the relay's workspace budget)",
    ],
    passed: judged.every((j) => j.passed),
  };
}
