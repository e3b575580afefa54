/**
 * The stream relay benchmark of issue 3: streams in one Slack workspace starting at random moments, each a
 * 2,000-token AI07 answer at 50 tokens/s from the platform simulator, through the real platform client,
 * `textDeltas`, the real StreamRelay and the real Slack adapter, to the fake Slack Web API answering in 20 ms.
 *
 * Tokens are characters here: the simulator streams text, so 1 token = 4 characters (the simulator's own
 * usage count assumes about 4 bytes a token), sent as one 4-character event every 20 ms = 50 tokens/s, and
 * an answer of at least 8,000 characters is 2,000 tokens.
 *
 * "First token" is when the client hands the relay its first delta; "visible" is when the fake Slack API
 * receives the post or update that shows it (the fake stores it after its 20 ms answer time).
 * Each setting runs in a fresh process (./relay-bot.ts) with the simulator and the fake in another
 * (./relay-world.ts), so peak RSS and event-loop delay are the bot's alone.
 * Standalone: `npx tsx bench/relay.ts [--quick] [--diagnostic]`.
 */
import { pathToFileURL } from 'node:url';
import { forkChild } from './child.js';
import type { SettingConfig, SettingOutcome } from './relay-bot.js';
import { relayReport } from './relay-report.js';
import { summarize, type SettingSummary } from './relay-metrics.js';
import type { BenchReport } from './report.js';

export interface RelaySetting {
  name: string;
  /** chat.update calls the fake allows per rolling minute (429 + Retry-After beyond); unlimited when absent */
  updatesPerMinute?: number;
  relay: { minEditIntervalMs: number; workspaceEditsPerMinute: number };
}

export interface RelayBenchOptions {
  /** a short smoke run: fewer, shorter streams over a shorter spread */
  quick?: boolean;
  /** also run DIAGNOSTIC_SETTINGS (when `settings` is not given) */
  diagnostic?: boolean;
  /** seeds the random start moments; default 1 */
  seed?: number;
  settings?: RelaySetting[];
  /** progress lines while it runs */
  log?: (line: string) => void;
}

/** The relay's production defaults (src/config.ts: RELAY_MIN_EDIT_INTERVAL_MS, RELAY_WORKSPACE_EDITS_PER_MINUTE). */
export const PRODUCTION_RELAY = { minEditIntervalMs: 1000, workspaceEditsPerMinute: 45 };

export const ISSUE_SETTINGS: RelaySetting[] = [
  { name: 'no limit', relay: PRODUCTION_RELAY },
  { name: '50 updates/min', updatesPerMinute: 50, relay: PRODUCTION_RELAY },
];

/**
 * Not the issue's settings, but what explains them (`--diagnostic`): what the relay's workspace budget costs
 * (intermediate edits per answer and latency with it lifted), and its 429 handling when the budget lets it spend
 * twice what the fake allows.
 */
export const DIAGNOSTIC_SETTINGS: RelaySetting[] = [
  { name: 'no limit, relay budget lifted', relay: { ...PRODUCTION_RELAY, workspaceEditsPerMinute: 1_000_000 } },
  { name: '50/min, relay budget 100/min', updatesPerMinute: 50, relay: { ...PRODUCTION_RELAY, workspaceEditsPerMinute: 100 } },
];

const CHARS_PER_TOKEN = 4;
const TOKEN_INTERVAL_MS = 20;
const SLACK_LATENCY_MS = 20;

/** `tokens` is a floor: the simulator's answers grow by whole sections (its shortest is about 320 tokens). */
export function loadShape(quick: boolean): { streams: number; spreadMs: number; tokens: number } {
  return quick ? { streams: 6, spreadMs: 3_000, tokens: 250 } : { streams: 100, spreadMs: 60_000, tokens: 2_000 };
}

async function runSetting(setting: RelaySetting, config: SettingConfig): Promise<SettingOutcome> {
  const bot = forkChild<'run', SettingOutcome | 'ready'>(new URL('./relay-bot.ts', import.meta.url), config);
  await bot.ready;
  const outcome = await bot.ask('run');
  await bot.exit();
  if (outcome === 'ready') throw new Error(`setting ${setting.name}: no outcome`);
  return outcome;
}

export async function relayBench(options: RelayBenchOptions = {}): Promise<BenchReport> {
  const quick = options.quick ?? false;
  const shape = loadShape(quick);
  const settings = options.settings ?? [...ISSUE_SETTINGS, ...(options.diagnostic ? DIAGNOSTIC_SETTINGS : [])];
  const summaries: Array<{ setting: RelaySetting; summary: SettingSummary }> = [];
  for (const setting of settings) {
    options.log?.(`relay: ${setting.name}: ${shape.streams} streams over ${shape.spreadMs / 1000} s, at least ${shape.tokens} tokens each ...`);
    const outcome = await runSetting(setting, {
      streams: shape.streams,
      spreadMs: shape.spreadMs,
      seed: options.seed ?? 1,
      relay: setting.relay,
      world: {
        slackLatencyMs: SLACK_LATENCY_MS,
        ...(setting.updatesPerMinute === undefined ? {} : { updatesPerMinute: setting.updatesPerMinute }),
        streamChunkChars: CHARS_PER_TOKEN,
        streamChunkDelayMs: TOKEN_INTERVAL_MS,
        minAnswerChars: shape.tokens * CHARS_PER_TOKEN,
      },
    });
    const summary = summarize(outcome);
    options.log?.(`relay: ${setting.name}: done in ${summary.wallSeconds.toFixed(1)} s`);
    summaries.push({ setting, summary });
  }
  return relayReport(summaries, {
    ...shape,
    quick,
    slackLatencyMs: SLACK_LATENCY_MS,
    charsPerToken: CHARS_PER_TOKEN,
    tokenIntervalMs: TOKEN_INTERVAL_MS,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printReport } = await import('./report.js');
  const flag = (name: string): boolean => process.argv.includes(name);
  printReport(await relayBench({ quick: flag('--quick'), diagnostic: flag('--diagnostic'), log: (line) => console.log(line) }));
}
