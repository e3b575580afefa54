/**
 * The bot side of one relay benchmark setting, in a process of its own (so that peak RSS and event-loop delay
 * are this setting's and the bot's alone): the real Slack adapter mounted on the bot's HTTP server, the real
 * platform client and the real StreamRelay, against the outside world forked from ./relay-world.ts.
 */
import { createSlackAdapter } from '../src/adapters/slack/index.js';
import { StreamRelay } from '../src/core/relay/index.js';
import { createHttpServer } from '../src/http/server.js';
import { silentLogger } from '../src/log.js';
import { PlatformClient } from '../src/platform/client.js';
import { childConfig, forkChild, onParentMessage, sendToParent } from './child.js';
import { monitorProcess, type ProcessLoad } from './monitor.js';
import { runAnswer, timingAdapter, type AnswerMarks, type IssuedCalls } from './relay-answer.js';
import type { AnswerFacts, WorldConfig, WorldReply, WorldRequest } from './relay-world.js';
import { seededRandom } from './stats.js';

export interface SettingConfig {
  streams: number;
  /** streams start at random moments within this many ms */
  spreadMs: number;
  world: Omit<WorldConfig, 'botToken'>;
  relay: RelayTuning;
  seed: number;
  /** channels the answers are spread over; default 10 */
  channels?: number;
  /** each question is a user's mention (its thread's parent is not the bot's post); default false */
  mentions?: boolean;
}

export interface RelayTuning {
  minEditIntervalMs: number;
  workspaceEditsPerMinute: number;
  /** false: the fixed budget the relay had before it learned Slack's limits */
  adaptiveBudget?: boolean;
  /** the Slack adapter's least time between two appends to one answer (SLACK_APPEND_INTERVAL_MS); default its own */
  appendIntervalMs?: number;
}

export interface SettingOutcome {
  marks: AnswerMarks[];
  facts: AnswerFacts[];
  load: ProcessLoad;
  wallMs: number;
}

const TEAM = 'T1';
const CHANNELS = 10;
const BOT_TOKEN = 'xoxb-bench-token-7c41';
const SIGNING_SECRET = 'bench-signing-secret-2e9d';
const API_KEY = 'sk-bench-key-a83f';
const ASKER = 'UBENCH1';

const config = childConfig<SettingConfig>();
const world = forkChild<WorldRequest, WorldReply>(new URL('./relay-world.ts', import.meta.url), { ...config.world, botToken: BOT_TOKEN });
const ready = await world.ready;
if (ready.type !== 'ready') throw new Error(`the bench world did not start: ${JSON.stringify(ready)}`);

const server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
const adapter = createSlackAdapter({
  botToken: BOT_TOKEN,
  signingSecret: SIGNING_SECRET,
  apiUrl: ready.slackUrl,
  logger: silentLogger,
  server,
  ...(config.relay.appendIntervalMs ? { appendIntervalMs: config.relay.appendIntervalMs } : {}),
});
await server.listen();
await adapter.start(async () => undefined);
const client = new PlatformClient({ baseUrl: ready.simulatorUrl, apiKey: API_KEY });
const issued = new Map<string, IssuedCalls>();
const relay = new StreamRelay(timingAdapter(adapter, issued), { ...config.relay, logger: silentLogger });

const random = seededRandom(config.seed);
const marks: AnswerMarks[] = Array.from({ length: config.streams }, (_, i) => ({
  prompt: `Bench question ${i + 1}: thermal management of solid-state battery packs`,
  channel: `CBENCH${i % (config.channels ?? CHANNELS)}`,
  ...(config.mentions ? { threadTs: `${1_700_100_000 + i}.000100` } : {}),
  startOffsetMs: Math.round(random() * config.spreadMs),
  messageTs: [],
  deltas: 0,
  chunks: [],
  status: 'not started',
}));

async function runSetting(): Promise<SettingOutcome> {
  const monitor = monitorProcess();
  const started = Date.now();
  await Promise.all(
    marks.map(
      (answer) =>
        new Promise<void>((resolve) => {
          setTimeout(
            () => void runAnswer({ adapter, relay, client, team: TEAM, recipient: ASKER, issued }, answer).then(resolve),
            answer.startOffsetMs,
          );
        }),
    ),
  );
  const wallMs = Date.now() - started;
  const load = monitor.stop();
  const places = marks.map((m) => ({ channel: m.channel, threadTs: m.threadTs ?? '', messageTs: m.messageTs, prompt: m.prompt }));
  const report = await world.ask({ type: 'report', answers: places });
  if (report.type !== 'report') throw new Error('the bench world did not report');
  return { marks, facts: report.answers, load, wallMs };
}

onParentMessage<'run'>(async () => {
  const outcome = await runSetting();
  await world.ask({ type: 'close' });
  await world.exit();
  await adapter.stop();
  await Promise.all([server.close(), client.close()]);
  await sendToParent(outcome);
  process.disconnect();
});
await sendToParent('ready');
