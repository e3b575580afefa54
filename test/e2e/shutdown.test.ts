/**
 * The bot as an operator runs it (the real entry point in its own process, Slack over HTTP): SIGTERM stops
 * intake, lets the answer being streamed finish, and exits within the stated deadline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { startSimulator } from '../../src/platform/simulator/index.js';
import type { RunningSimulator } from '../../src/platform/simulator/types.js';
import { startFakeSlackApi, type FakeSlackApi } from '../helpers/fake-slack-api.js';
import { sendSlashCommand } from '../helpers/slack-requests.js';
import { API_KEY, BOT_TOKEN, SIGNING_SECRET, waitFor } from '../helpers/slack-bot-harness.js';
import { builtEntry } from '../helpers/terminal-session.js';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface BotProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output: () => string;
}

async function startBotProcess(sim: RunningSimulator, slack: FakeSlackApi): Promise<BotProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'iip-shutdown-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const child = spawn(process.execPath, [builtEntry()], {
    cwd: dir,
    env: {
      ...process.env,
      IIP_API_KEY: API_KEY,
      IIP_BASE_URL: sim.url,
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.url,
      PORT: '0',
      HOST: '127.0.0.1',
      STATE_FILE: join(dir, 'state.json'),
      LOG_LEVEL: 'warn',
      RELAY_MIN_EDIT_INTERVAL_MS: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanup.push(() => {
    child.kill('SIGKILL');
  });
  const url = await waitFor(() => /Listening on (http:\/\/\S+)\./.exec(out)?.[1], 'the bot to listen', 20_000);
  return { child, url, exited, output: () => out };
}

test('SIGTERM: no new work is taken, the answer in flight finishes whole, and the process exits in time', { timeout: 60_000 }, async () => {
  const sim = await startSimulator({ streamChunkDelayMs: 40 });
  cleanup.push(() => sim.close());
  const slack = await startFakeSlackApi({ token: BOT_TOKEN });
  cleanup.push(() => slack.close());
  const bot = await startBotProcess(sim, slack);
  const events = `${bot.url}/slack/events`;

  const ack = await sendSlashCommand(events, SIGNING_SECRET, { text: 'ask Map the patent landscape of solid-state electrolytes', trigger_id: '1.a' });
  expect(ack.status).toBe(200);
  // the answer has started streaming into its thread
  await waitFor(
    () => slack.callsTo('chat.update').length > 0 || slack.callsTo('chat.postMessage').length > 1 || slack.callsTo('chat.startStream').length > 0,
    'the first text',
  );
  const stoppedAt = Date.now();
  bot.child.kill('SIGTERM');
  await waitFor(() => bot.output().includes('Stopping: no new work'), 'the bot to start stopping', 20_000);
  // the deadline as a duration the language writes (formatDuration), not a number with a hand-written unit
  await waitFor(() => bot.output().includes('finishing what is in flight (up to 10 seconds).'), 'the whole line');

  const late = await sendSlashCommand(events, SIGNING_SECRET, { text: 'ask a question after the stop', trigger_id: '2.b' }).catch(() => undefined);
  // Slack never sends a command again: it is answered, not dropped with a 5xx
  expect(late === undefined || (late.status === 200 && late.body.includes('The bot is restarting'))).toBe(true);

  expect(await bot.exited).toBe(0);
  expect(Date.now() - stoppedAt).toBeLessThan(10_000 + 3_000);
  const streamed = sim.requests.filter((r) => r.operation === 'AI07');
  expect(streamed).toHaveLength(1);
  const replies = slack.channelMessages('C1').filter((m) => m.threadTs && m.threadTs !== m.ts);
  const finalText = replies
    .map((m) =>
      (m.blocks as Array<{ type: string; text?: string }>)
        .filter((b) => b.type === 'markdown')
        .map((b) => b.text)
        .join(''),
    )
    .join('');
  expect(finalText).toBe(sim.expectedStreamText('AI07', { prompt: 'Map the patent landscape of solid-state electrolytes', stream: true }));
  expect(JSON.stringify(replies)).toContain('tokens');
});
