/**
 * Peak memory of the production start under the relay benchmark's load: `npm run build`, then the bot as it is
 * deployed (`node dist/cli.js` with package.json's start:prod flags; its entry point, not dist/bot.js, which starts nothing) against the same world
 * (./relay-world.ts), answering `/iip ask` slash commands signed as Slack signs them, at random moments. The bot's
 * peak resident set is read from the kernel (VmHWM) once Slack has been quiet for a while after the last answer.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendSlashCommand } from '../test/helpers/slack-requests.js';
import { forkChild } from './child.js';
import type { WorldConfig, WorldReply, WorldRequest } from './relay-world.js';
import { seededRandom } from './stats.js';

export interface ProductionRun {
  /** undefined when it could not be measured (`problem` says why) */
  peakRssMb?: number;
  /** resident set once started, before the first command */
  idleRssMb?: number;
  /** CPU time the bot used from its start to the end of the run (user + system), in seconds */
  cpuSeconds?: number;
  /** of it, the CPU time from the first command to the end of the run: what answering cost */
  answerCpuSeconds?: number;
  /** of that, the time in the kernel (system time: socket writes, fsyncs) */
  answerSystemCpuSeconds?: number;
  commandsAccepted: number;
  /** calls the bot made to Slack: that it answered at all */
  slackCalls: number;
  /** of them, by Web API method */
  slackCallsByMethod?: Record<string, number>;
  problem?: string;
}

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BOT_TOKEN = 'xoxb-bench-prod-token-51d2';
const SIGNING_SECRET = 'bench-prod-signing-secret-9a7c';
/** Slack counted as done once it has had no call for this long */
const QUIET_MS = 4_000;
const LIMIT_MS = 10 * 60_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds dist/ once per benchmark run; the build's error when it fails. */
export function buildProduction(): string | undefined {
  try {
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: REPO, stdio: 'pipe' });
    return undefined;
  } catch (error) {
    const output = error instanceof Error && 'stdout' in error ? String((error as { stdout: unknown }).stdout).slice(0, 300) : String(error);
    return `npm run build failed: ${output}`;
  }
}

/**
 * The node flags package.json's start:prod gives: the old-space cap (without it V8 lets collectable garbage grow the
 * heap to 300 MB and more under (b), where the live set stays far below the cap), 8 MB semi-spaces (V8's default
 * 16 MB young generation held about 15 MB more under (b) for 5-10% less CPU) and --liftoff-only (undici's WebAssembly
 * HTTP parser not compiled again by the optimizing compiler, which held about 35 MB for a moment after the start).
 */
const productionNodeFlags = (): string[] => {
  // BENCH_NODE_FLAGS (e.g. '--max-old-space-size=96 --max-semi-space-size=2') tries other flags without editing package.json
  const trying = process.env.BENCH_NODE_FLAGS;
  if (trying !== undefined) return trying.split(/\s+/).filter(Boolean);
  const scripts = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return (scripts['start:prod'] ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
};

const statusMb = (pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined => {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
};

/** user and system CPU seconds from /proc/<pid>/stat (fields 14 and 15, after the command's parenthesized name) */
const cpuOf = (pid: number): { user: number; system: number } | undefined => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
  const [user, system] = [Number(fields?.[11]) / 100, Number(fields?.[12]) / 100];
  return Number.isFinite(user) && Number.isFinite(system) ? { user, system } : undefined;
};
const seconds = (cpu: { user: number; system: number }): number => cpu.user + cpu.system;

/**
 * What answers the commands: the bot's production start, or the Bolt peer (./peer-bolt.ts, through tsx: its start
 * costs more, which the answering CPU leaves out).
 */
export type LoadTarget = 'bot' | 'bolt-peer';

const commandOf = (target: LoadTarget): string[] =>
  target === 'bot'
    ? [...productionNodeFlags(), join(REPO, 'dist/cli.js')]
    : // BENCH_PEER_FLAGS ('--cpu-prof --cpu-prof-dir=/tmp/prof') adds flags to the peer's node (NODE_OPTIONS refuses some)
      [...(process.env.BENCH_PEER_FLAGS ?? '').split(/\s+/).filter(Boolean), '--import', 'tsx', join(REPO, 'bench/peer-bolt.ts')];

export async function productionRun(
  world: Omit<WorldConfig, 'botToken'>,
  load: { streams: number; spreadMs: number; seed: number },
  target: LoadTarget = 'bot',
): Promise<ProductionRun> {
  const outside = forkChild<WorldRequest, WorldReply>(new URL('./relay-world.ts', import.meta.url), { ...world, botToken: BOT_TOKEN });
  const ready = await outside.ready;
  if (ready.type !== 'ready') throw new Error('the bench world did not start');
  const dir = mkdtempSync(join(tmpdir(), 'iip-bench-prod-'));
  const bot = spawn(process.execPath, commandOf(target), {
    // the bot in a directory of its own (no .env of the repository's); tsx resolves from the repository
    cwd: target === 'bot' ? dir : REPO,
    env: {
      PATH: process.env.PATH ?? '',
      IIP_API_KEY: 'sk-bench-prod-key-0c3e',
      IIP_BASE_URL: ready.simulatorUrl,
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: ready.slackUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      STATE_FILE: join(dir, 'state.json'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // BENCH_BOT_ENV ('MALLOC_ARENA_MAX=2 ...') tries the allocator's and libuv's settings the same way
      ...Object.fromEntries(
        (process.env.BENCH_BOT_ENV ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .map((pair) => pair.split('=', 2)),
      ),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  bot.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  bot.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  try {
    const started = Date.now();
    let url: string | undefined;
    while (!(url = /Listening on (http:\/\/\S+)\./.exec(output)?.[1])) {
      if (bot.exitCode !== null || Date.now() - started > 60_000)
        return { commandsAccepted: 0, slackCalls: 0, problem: `the bot did not start: ${output.slice(0, 300)}` };
      await sleep(100);
    }
    await sleep(1_000);
    const idle = statusMb(bot.pid!, 'VmRSS');
    const idleCpu = cpuOf(bot.pid!);
    const random = seededRandom(load.seed);
    let commandsAccepted = 0;
    const commands = Array.from({ length: load.streams }, async (_, i) => {
      await sleep(Math.round(random() * load.spreadMs));
      const answer = await sendSlashCommand(`${url}/slack/events`, SIGNING_SECRET, {
        text: `ask Bench question ${i + 1}: thermal management of solid-state battery packs`,
        channel_id: `CBENCH${i % 10}`,
        user_id: `UBENCH${i + 1}`,
        trigger_id: `${i + 1}.bench`,
      });
      if (answer.status === 200) commandsAccepted += 1;
    });
    await Promise.all(commands);
    let slackCalls = 0;
    let slackCallsByMethod: Record<string, number> = {};
    for (const deadline = Date.now() + LIMIT_MS; Date.now() < deadline; await sleep(1_000)) {
      const activity = await outside.ask({ type: 'activity' });
      if (activity.type !== 'activity') continue;
      slackCalls = activity.calls;
      slackCallsByMethod = activity.byMethod;
      if (Date.now() - activity.lastAnsweredAt > QUIET_MS) break;
    }
    const peak = statusMb(bot.pid!, 'VmHWM');
    const cpu = cpuOf(bot.pid!);
    const answerCpu =
      cpu && idleCpu ? { answerCpuSeconds: seconds(cpu) - seconds(idleCpu), answerSystemCpuSeconds: cpu.system - idleCpu.system } : {};
    const measured = { commandsAccepted, slackCalls, slackCallsByMethod, idleRssMb: idle, cpuSeconds: cpu && seconds(cpu), ...answerCpu };
    return { ...measured, ...(peak === undefined ? { problem: 'no VmHWM in /proc' } : { peakRssMb: peak }) };
  } finally {
    bot.kill('SIGTERM');
    await new Promise<void>((resolve) => (bot.exitCode !== null ? resolve() : bot.once('exit', () => resolve())));
    await outside.ask({ type: 'close' });
    await outside.exit();
    rmSync(dir, { recursive: true, force: true });
  }
}
