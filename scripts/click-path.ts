/**
 * Walks one click and counts what it costs: Confirm on step 2 of a novelty search in Slack (the real Bolt app, the
 * fake Web API, the simulator, Redis), from the click's HTTP request until step 3's review is shown. Prints the
 * Redis commands the bot sent meanwhile (a script is one) by command; the waits on Redis they cost (commands sent
 * while others are still out share their round trip, so a wait starts only when a command goes out with none out);
 * and the bot's source files whose code ran (V8's precise coverage; the in-process simulator left out), with their lines.
 *   npx tsx scripts/click-path.ts          (needs Redis on REDIS_URL, default redis://127.0.0.1:6379)
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { type Command, Redis } from 'ioredis';
import { startSlackBot } from '../test/helpers/slack-bot-harness.js';
import { IDEA, NoveltyThread } from '../test/e2e/slack-novelty-steps.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `iip-click-path-${randomUUID()}:`;
const SRC = `${fileURLToPath(new URL('../src/', import.meta.url))}`;

/**
 * Every command any connection of this process sends to our keys, by when it went out and whether another was
 * out then: the bot runs in this process, so its connections are counted here (the monitor's own are not).
 */
function countWaits(monitoring: () => Redis | undefined): { starts: number[]; measuring: boolean } {
  const waits = { starts: [] as number[], measuring: false };
  const seen = new WeakSet<Command>();
  let out = 0;
  const send = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function (this: Redis, command: Command, stream?: Parameters<typeof send>[1]) {
    const ours = command.args.some((arg) => String(arg).includes(prefix));
    if (waits.measuring && ours && this !== monitoring() && !seen.has(command)) {
      seen.add(command);
      if (out === 0) waits.starts.push(Date.now());
      out += 1;
      void command.promise.finally(() => (out -= 1)).catch(() => undefined);
    }
    return send.call(this, command, stream);
  };
  return waits;
}

interface Coverage {
  result: { url: string; functions: { ranges: { count: number }[] }[] }[];
}

async function main(): Promise<void> {
  const h = await startSlackBot({ env: { REDIS_URL, REDIS_KEY_PREFIX: prefix, SIMULATOR_TASK_MS: '0' }, simulator: { taskDurationMs: 0 } });
  let monitor: Redis | undefined;
  const waits = countWaits(() => monitor);
  monitor = new Redis(REDIS_URL);
  const session = new Session();
  session.connect();
  try {
    await h.command(`novelty ${IDEA}`);
    const t = await NoveltyThread.opened(h, 0);
    await t.press(await t.step('Step 1 of 5'), 'Confirm');
    const features = await t.step('Step 2 of 5');
    await new Promise((resolve) => setTimeout(resolve, 500));

    const commands: { name: string; at: number; key: string }[] = [];
    const feed = await monitor.monitor();
    // MONITOR also lists the commands a script runs inside Redis (source "lua"): those are not round trips
    feed.on('monitor', (time: string, args: string[], source: string) => {
      if (source === 'lua') return;
      const key = args.find((a) => a.includes(prefix));
      if (key) commands.push({ name: String(args[0]).toLowerCase(), at: Number(time) * 1_000, key: key.slice(key.indexOf(prefix) + prefix.length) });
    });
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await session.post('Profiler.takePreciseCoverage'); // resets the counts: only the click is measured

    const started = Date.now();
    waits.measuring = true;
    await t.press(features, 'Confirm');
    await t.step('Step 3 of 5');
    const elapsed = Date.now() - started;
    waits.measuring = false;
    const coverage = (await session.post('Profiler.takePreciseCoverage')) as Coverage;
    feed.disconnect();

    const files = coverage.result
      // the simulator runs in this process too, but it is the platform, not the bot
      .filter((script) => script.url.startsWith(`file://${SRC}`) && !script.url.includes('/platform/simulator/'))
      .filter((script) => script.functions.some((f) => (f.ranges[0]?.count ?? 0) > 0))
      .map((script) => fileURLToPath(script.url))
      .sort();
    const lines = files.reduce((sum, file) => sum + readFileSync(file, 'utf8').split('\n').length, 0);
    const byCommand = new Map<string, number>();
    for (const { name } of commands) byCommand.set(name, (byCommand.get(name) ?? 0) + 1);
    const sent = h.sim.requests.find((r) => r.operation === 'AI35-5' && r.at >= started)?.at ?? Number.POSITIVE_INFINITY;
    console.log(`click to step 3's review: ${elapsed} ms`);
    console.log(`Redis commands: ${commands.length} (${[...byCommand].map(([c, n]) => `${c} ${n}`).join(', ')})`);
    console.log(`  of them before the confirmation reached the platform (AI35-5): ${commands.filter((c) => c.at < sent).length}`);
    console.log(
      `waits on Redis (round trips in sequence): ${waits.starts.length}, of them before AI35-5: ${waits.starts.filter((at) => at < sent).length}`,
    );
    console.log(`source files run: ${files.length}, ${lines.toLocaleString('en-US')} lines`);
    for (const file of files) console.log(`  ${file.slice(SRC.length)}`);
    // --trace: every round trip in order, with the first key it names (the prefix left out)
    if (process.argv.includes('--trace')) for (const c of commands) console.log(`  ${c.at < sent ? '<' : '>'} ${c.name} ${c.key.slice(0, 60)}`);
  } finally {
    session.disconnect();
    const keys = await monitor.keys(`${prefix}*`).catch(() => []);
    if (keys.length > 0) await monitor.del(...keys);
    monitor.disconnect();
    await h.close();
  }
}

await main();
