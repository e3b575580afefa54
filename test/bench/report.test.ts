/**
 * `npm run bench` as a person reads it: the relay benchmark's table puts the native and the edit path side by side
 * (one column per workload and path, plain headings), says what it measures, judges each target from the numbers
 * with PASS/FAIL, and points at no issue the reader cannot see; the chunk delays are read off what Slack showed.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { chunkDelays, type SettingSummary } from '../../bench/relay-metrics.js';
import { relayReport, type Production } from '../../bench/relay-report.js';
import { ISSUE_SETTINGS } from '../../bench/relay.js';
import { plainTable, printReport } from '../../bench/report.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function summary(overrides: Partial<SettingSummary> = {}): SettingSummary {
  return {
    streams: 6,
    complete: 6,
    firstPostMismatches: 0,
    chunkDelayMs: [20, 30, 40, 60, 250],
    chunksNeverShown: 0,
    firstVisibleAddedMs: [20, 30, 39],
    finalDelayMs: [14, 25, 66],
    relayFirstMs: [5, 13],
    relayFinalMs: [1, 1],
    callsPerAnswer: [40, 42, 45],
    rateLimited: 0,
    rateLimitedBy: {},
    insideRetryAfter: 0,
    insideRetryAfterBy: {},
    streamSeconds: [8.6],
    deltasPerStream: [319],
    answerChars: [1276],
    peakRssMb: 153.1,
    eventLoopDelayP99Ms: 91,
    eventLoopDelayMaxMs: 241,
    machineLoad: { start: 0.5, end: 0.7, cpus: 2 },
    wallSeconds: 11.5,
    errors: [],
    ...overrides,
  };
}

const SHAPES = {
  a: { streams: 1, spreadMs: 0, tokens: 250 },
  b: { streams: 6, spreadMs: 3000, tokens: 250 },
  c: { streams: 6, spreadMs: 3000, tokens: 250 },
  d: { streams: 30, spreadMs: 5000, tokens: 500 },
};
const SHAPE = { quick: true, shapes: SHAPES, slackLatencyMs: 20, charsPerToken: 4, tokenIntervalMs: 20 };
const named = (name: string) => ISSUE_SETTINGS.find((s) => s.name === name)!;

/** Everything printReport writes, console.table's rows included, as one text. */
function printed(report: Parameters<typeof printReport>[0]): { text: string; tables: unknown[] } {
  const lines: string[] = [];
  const tables: unknown[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
  vi.spyOn(console, 'table').mockImplementation((table: unknown) => void tables.push(table));
  printReport(report);
  return { text: lines.join('\n'), tables };
}

test('one column per workload and path, side by side, with the production start under (b)', () => {
  const production: Production = {
    native: { peakRssMb: 98.4, idleRssMb: 61.2, cpuSeconds: 12.3, commandsAccepted: 100, slackCalls: 9_000 },
    edit: { peakRssMb: 97.1, commandsAccepted: 100, slackCalls: 1_500 },
  };
  const results = ISSUE_SETTINGS.map((setting) => ({ setting, summary: summary() }));
  const { text, tables } = printed(relayReport(results, production, SHAPE));
  const table = tables[0] as Record<string, Record<string, unknown>>;
  expect(Object.keys(table['answers complete and exact']!)).toEqual([
    '(a) native',
    '(a) edit',
    '(b) native',
    '(b) edit',
    '(c) native',
    '(c) edit',
    '(c) edit, fixed budget',
    '(d) native',
  ]);
  expect(table['chunk to visible, ms: median / 99th percentile (every chunk)']!['(b) native']).toBe('40 / 250');
  expect(table['path the answers took']!['(c) edit']).toBe('post + edit (streaming refused)');
  expect(table["Slack's limits per workspace (the stand-in for Slack)"]!['(c) native']).toBe('chat.update 50/min, chat.appendStream 100/min');
  expect(table['peak memory, production start (node dist/cli.js), MB']).toMatchObject({ '(b) native': 98.4, '(b) edit': 97.1, '(a) native': '-' });
  expect(text).toContain('PASS [(b) native] chunk to visible median 40 ms (target under 300 ms)');
  expect(text).toContain(
    'PASS [(b) native] production start (node dist/cli.js) peak memory 98.4 MB (idle 61.2 MB, 12.3 s CPU), 100 commands taken, 9000 Slack calls made (target under 130 MB)',
  );
  expect(text).toContain('PASS [(b) edit] production start (node dist/cli.js) peak memory 97.1 MB, 100 commands taken, 1500 Slack calls made');
  expect(text).toContain('dist/bot.js holds the parts and starts nothing');
  expect(text).toContain('  What it measures: how soon text the platform streamed becomes visible in Slack, chunk by chunk');
  expect(text).not.toContain('the issue');
});

test('--production-only: no settings, the production start alone, judged against its target', () => {
  const production: Production = {
    native: { peakRssMb: 124.1, idleRssMb: 99.8, cpuSeconds: 12.4, commandsAccepted: 100, slackCalls: 50_951 },
    edit: { peakRssMb: 151.7, commandsAccepted: 100, slackCalls: 1_315 },
  };
  const report = relayReport([], production, { ...SHAPE, shapes: { ...SHAPE.shapes, b: { streams: 100, spreadMs: 10_000, tokens: 2_000 } } });
  const { text } = printed(report);
  expect(report.title).toBe('relay: the production start (node dist/cli.js) under (b) only: 100 streams over 10 s, at least 2000 tokens each');
  expect(text).toContain("What it measures: the production start's peak resident memory while it answers 100 signed /iip ask commands");
  expect(text).toContain('PASS [(b) native] production start (node dist/cli.js) peak memory 124.1 MB (idle 99.8 MB, 12.4 s CPU)');
  expect(text).toContain('FAIL [(b) edit] production start (node dist/cli.js) peak memory 151.7 MB, 100 commands taken');
  expect(report.passed).toBe(false);
});

test("the bot's CPU answering (b) natively is judged against the Bolt peer's on the same commands", () => {
  const run = (answerCpuSeconds: number) => ({ peakRssMb: 120, answerCpuSeconds, commandsAccepted: 100, slackCalls: 9_000 });
  const within = printed(relayReport([], { native: run(14.2), boltPeer: run(18.7) }, SHAPE)).text;
  expect(within).toContain(
    'PASS [(b) native] CPU answering the commands: the production start 14.2 s (142 ms an answer), the Bolt peer 18.7 s (187 ms an answer) (target: no more than the peer)',
  );
  const over = relayReport([], { native: run(35.6), boltPeer: run(18.7) }, SHAPE);
  expect(printed(over).text).toContain('FAIL [(b) native] CPU answering the commands: the production start 35.6 s (356 ms an answer)');
  expect(over.passed).toBe(false);
  const unmeasured = printed(
    relayReport([], { native: run(14.2), boltPeer: { commandsAccepted: 0, slackCalls: 0, problem: 'the bot did not start' } }, SHAPE),
  );
  expect(unmeasured.text).toContain('FAIL [(b) native] Bolt peer not measured: the bot did not start');
});

test('judges each target from the numbers: a slow native stream fails, (c) edit is held to the fixed budget', () => {
  const results = [
    { setting: named('(a) native'), summary: summary({ chunkDelayMs: [90, 120, 400] }) },
    { setting: named('(c) edit'), summary: summary({ finalDelayMs: [60_000, 130_000] }) },
    { setting: named('(c) edit, fixed budget'), summary: summary({ finalDelayMs: [50_000, 108_000] }) },
    { setting: named('(c) native'), summary: summary({ complete: 5, errors: ['answer 3: failed, 10/1276 chars shown'] }) },
  ];
  const report = relayReport(results, { native: { commandsAccepted: 0, slackCalls: 0, problem: 'npm run build failed: TS2345' } }, SHAPE);
  const { text } = printed(report);
  expect(report.passed).toBe(false);
  expect(text).toContain('PASS [(a) native] chunk to visible median 120 ms (target under 300 ms)');
  expect(text).toContain('FAIL [(a) native] chunk to visible 99th percentile 400 ms (target under 400 ms)');
  expect(text).toContain('FAIL [(c) edit] final text 99th percentile 130000 ms, with the fixed budget 108000 ms (target: no worse, 10% for noise)');
  expect(text).toContain('PASS [(c) edit] answers complete 6, with the fixed budget 6 (target: no fewer)');
  expect(text).toContain('FAIL [(c) native] answers complete and exact: 5 of 6');
  expect(text).toContain('    answer 3: failed, 10/1276 chars shown');
  expect(text).toContain('FAIL [(b) native] production start not measured: npm run build failed: TS2345');
});

test("(d) is judged beside the best schedule: a miss the bound misses too is the limits', a call inside Retry-After fails", () => {
  const bound = { firstMs: [20, 20, 70_000], finalMs: [20, 30, 40], streamed: 20 };
  const results = [
    {
      setting: named('(d) native'),
      summary: summary({ bound, firstVisibleAddedMs: [900, 4_000, 75_000], finalDelayMs: [1_000, 95_000], insideRetryAfter: 1 }),
    },
  ];
  const { text, tables } = printed(relayReport(results, {}, SHAPE));
  const table = tables[0] as Record<string, Record<string, unknown>>;
  expect(table['first text visible, ms after the first token: median / 99th']!['(d) native']).toBe('4000 / 75000 (bound 20 / 70000)');
  expect(table['path the answers took']!['(d) native']).toBe('native stream or post + edit, whichever has room');
  expect(text).toContain('FAIL [(d) native] calls inside a Retry-After window: 1 (target 0)');
  expect(text).toContain('PASS [(d) native] first text median 4000 ms (target under 15000 ms; the best schedule 20 ms)');
  expect(text).toContain('info [(d) native] first text 99th percentile 75000 ms (target under 60000 ms; the best schedule 70000 ms)');
  expect(text).toContain('FAIL [(d) native] final text 99th percentile 95000 ms (target under 90000 ms; the best schedule 40 ms)');
});

test('a chunk is visible once Slack showed the answer up to its end; one never shown has no delay', () => {
  const chunks: Array<[number, number]> = [
    [1_000, 4],
    [1_020, 8],
    [1_040, 12],
    [1_060, 16],
  ];
  // the first text shows 4 characters, an edit 12, the last edit never came
  const visible: Array<[number, number]> = [
    [1_030, 4],
    [2_050, 12],
  ];
  expect(chunkDelays(chunks, visible)).toEqual([30, 1_030, 1_010, undefined]);
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
