/**
 * Issue 17: `npm run bench` as a person reads it: plain column headings instead of the rows' snake_case keys, a
 * sentence under each table saying what it measures, no column for a limited run that was never limited, and
 * no wording that points at an issue the reader cannot see.
 */
import { afterEach, expect, test, vi } from 'vitest';
import type { SettingSummary } from '../../bench/relay-metrics.js';
import { relayReport } from '../../bench/relay-report.js';
import { ISSUE_SETTINGS } from '../../bench/relay.js';
import { plainTable, printReport } from '../../bench/report.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function summary(rateLimited: number): SettingSummary {
  return {
    streams: 6,
    complete: 6,
    firstPostMismatches: 0,
    firstVisibleAddedMs: [20, 30, 39],
    finalDelayMs: [14, 25, 66],
    relayFirstMs: [5, 13],
    relayFinalMs: [1, 1],
    editsPerAnswer: [2, 3, 4],
    updateCalls: 15 + rateLimited,
    rateLimited,
    streamSeconds: [8.6],
    deltasPerStream: [319],
    answerChars: [1276],
    peakRssMb: 153.1,
    eventLoopDelayP99Ms: 91,
    eventLoopDelayMaxMs: 241,
    machineLoad: { start: 0.5, end: 0.7, cpus: 2 },
    wallSeconds: 11.5,
    errors: [],
  };
}

const SHAPE = { streams: 6, spreadMs: 3000, tokens: 250, quick: true, slackLatencyMs: 20, charsPerToken: 4, tokenIntervalMs: 20 };

/** Everything printReport writes, console.table's rows included, as one text. */
function printed(report: Parameters<typeof printReport>[0]): { text: string; tables: unknown[] } {
  const lines: string[] = [];
  const tables: unknown[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
  vi.spyOn(console, 'table').mockImplementation((table: unknown) => void tables.push(table));
  printReport(report);
  return { text: lines.join('\n'), tables };
}

test('a limited run that Slack never refused gets no column of its own, and a line says why', () => {
  const [unlimited, limited] = ISSUE_SETTINGS;
  const { text, tables } = printed(
    relayReport(
      [
        { setting: unlimited!, summary: summary(0) },
        { setting: limited!, summary: summary(0) },
      ],
      SHAPE,
    ),
  );
  const table = tables[0] as Record<string, Record<string, unknown>>;
  for (const row of Object.values(table)) expect(Object.keys(row)).toEqual(['no limit']);
  expect(text).toContain(
    "(50 updates/min: Slack refused no edit, since the bot's own pacing of 45 edits per minute stays under the limit; the run measured the same as without a limit, so it has no column of its own)",
  );
  expect(text).toContain("  What it measures: how soon each answer's first and final text reach Slack while 6 answers stream at once");
  expect(text).not.toContain('the issue');
});

test('a limited run that was refused keeps its column and its numbers are reported without a target', () => {
  const [unlimited, limited] = ISSUE_SETTINGS;
  const { text, tables } = printed(
    relayReport(
      [
        { setting: unlimited!, summary: summary(0) },
        { setting: limited!, summary: summary(7) },
      ],
      SHAPE,
    ),
  );
  const table = tables[0] as Record<string, Record<string, unknown>>;
  expect(table['message edits: accepted / refused by Slack as too many (429)']).toEqual({ 'no limit': '15 / 0', '50 updates/min': '15 / 7' });
  expect(text).toContain('info [50 updates/min] 7 edits refused with 429');
  expect(text).toContain('(reported only: no latency target applies while Slack refuses edits)');
});

test('row keys are printed as plain headings', () => {
  const rows = plainTable([{ store: 'lowdb', threads: 1000, updates: 400, p50_ms: 0.2, p99_ms: 0.9, p99_vs_smallest: 1.1, within_2x: 'yes' }]);
  expect(Object.keys((rows as Array<Record<string, unknown>>)[0]!)).toEqual([
    'store',
    'threads stored',
    'updates timed',
    'median (ms)',
    '99th percentile (ms)',
    '99th percentile / fewest threads',
    'within 2x of fewest',
  ]);
  const { tables } = printed({ title: 't', table: [{ dedupe_keys: 10, keys_added: 0 }], measures: 'm', lines: [], passed: true });
  expect(tables).toEqual([[{ 'dedupe keys stored': 10, 'keys added by chatter': 0 }]]);
});
