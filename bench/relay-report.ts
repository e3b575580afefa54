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

const ms = (value: number): Cell => (Number.isNaN(value) ? '-' : Math.round(value));

function column(setting: RelaySetting, s: SettingSummary): Record<string, Cell> {
  return {
    'fake chat.update limit': setting.updatesPerMinute === undefined ? 'none' : `${setting.updatesPerMinute}/min`,
    'relay minEditIntervalMs / workspaceEditsPerMinute': `${setting.relay.minEditIntervalMs} / ${setting.relay.workspaceEditsPerMinute}`,
    'answers complete (relay + final text = whole answer)': `${s.complete}/${s.streams}`,
    'first visible - first token p50 (ms)': ms(p50(s.firstVisibleAddedMs)),
    'first visible - first token p99 (ms)': ms(p99(s.firstVisibleAddedMs)),
    'first visible - first token max (ms)': ms(max(s.firstVisibleAddedMs)),
    'final visible - stream end p50 (ms)': ms(p50(s.finalDelayMs)),
    'final visible - stream end p99 (ms)': ms(p99(s.finalDelayMs)),
    'final visible - stream end max (ms)': ms(max(s.finalDelayMs)),
    'edits per answer mean / max': `${round(mean(s.editsPerAnswer))} / ${max(s.editsPerAnswer)}`,
    'chat.update calls': s.updateCalls,
    '429s received': s.rateLimited,
    'tokens per answer p50 (deltas)': p50(s.deltasPerStream),
    'stream duration p50 (s)': round(p50(s.streamSeconds)),
    'peak RSS of the bot process (MB)': round(s.peakRssMb),
    'event-loop delay p99 / max (ms)': `${round(s.eventLoopDelayP99Ms)} / ${round(s.eventLoopDelayMaxMs)}`,
    'wall time (s)': round(s.wallSeconds),
  };
}

function verdicts(setting: RelaySetting, s: SettingSummary, slackLatencyMs: number): { lines: string[]; passed: boolean } {
  const first = p99(s.firstVisibleAddedMs);
  const final = p99(s.finalDelayMs);
  const complete = s.complete === s.streams && s.firstPostMismatches === 0;
  const checks: Array<[boolean, string]> = [];
  if (setting.updatesPerMinute === undefined) {
    checks.push([first < FIRST_VISIBLE_P99_TARGET_MS, `first visible text p99 ${ms(first)} ms over the first token (target < ${FIRST_VISIBLE_P99_TARGET_MS} ms; ${ms(first + slackLatencyMs)} ms once the fake has stored it)`]);
    checks.push([final < FINAL_DELAY_P99_TARGET_MS, `final text p99 ${ms(final)} ms after the stream's end (target < ${FINAL_DELAY_P99_TARGET_MS} ms; ${ms(final + slackLatencyMs)} ms once stored)`]);
  } else {
    checks.push([true, `${s.rateLimited} 429s received; final text p50 ${ms(p50(s.finalDelayMs))} ms, p99 ${ms(final)} ms after the stream's end (no target)`]);
  }
  checks.push([complete, `every final text complete: ${s.complete}/${s.streams}${s.firstPostMismatches ? `, ${s.firstPostMismatches} first replies without the first token` : ''}`]);
  const lines = checks.map(([holds, text]) => `  ${verdict(holds)} [${setting.name}] ${text}`);
  for (const error of s.errors.slice(0, 5)) lines.push(`    ${error}`);
  return { lines, passed: checks.every(([holds]) => holds) };
}

export function relayReport(results: Array<{ setting: RelaySetting; summary: SettingSummary }>, shape: RelayShape): BenchReport {
  const columns = results.map(({ setting, summary }) => [setting.name, column(setting, summary)] as const);
  const table: Record<string, Record<string, Cell>> = {};
  for (const [name, values] of columns) {
    for (const [metric, value] of Object.entries(values)) (table[metric] ??= {})[name] = value;
  }
  const judged = results.map(({ setting, summary }) => verdicts(setting, summary, shape.slackLatencyMs));
  const tokensPerSecond = 1000 / shape.tokenIntervalMs;
  return {
    title: `relay: ${shape.streams} streams in one workspace over ${shape.spreadMs / 1000} s, at least ${shape.tokens} tokens each at ${tokensPerSecond}/s${shape.quick ? ' (quick)' : ''}`,
    table,
    lines: [
      ...judged.flatMap((j) => j.lines),
      `  (1 token = ${shape.charsPerToken} characters: one ${shape.charsPerToken}-character simulator event every ${shape.tokenIntervalMs} ms; `
        + `fake Slack answers in ${shape.slackLatencyMs} ms; "visible" = the call's arrival at the fake)`,
    ],
    passed: judged.every((j) => j.passed),
  };
}
