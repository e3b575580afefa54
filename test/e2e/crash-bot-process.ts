/**
 * The bot as an operator runs it, for the crash tests: the real entry point in its own process (Slack over
 * HTTP, the simulator and the fake Web API in the test process), on a state directory that outlives it, and
 * killable with any signal. Also reads the state files the way a person inspecting the disk would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { blockActionsPayload, sendInteraction, sendSlashCommand, type SlackResponse } from '../helpers/slack-requests.js';
import { API_KEY, BOT_TOKEN, SIGNING_SECRET, waitFor } from '../helpers/slack-bot-harness.js';
import { builtEntry, REPO } from '../helpers/terminal-session.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { ThreadRecord } from '../../src/core/state.js';

export interface BotProcess {
  child: ChildProcess;
  eventsUrl: string;
  exited: Promise<NodeJS.Signals | number | null>;
  output(): string;
  command(text: string): Promise<SlackResponse>;
  click(button: { action_id: string; value: string }, where: { messageTs: string; threadTs: string }): Promise<SlackResponse>;
  kill(signal: NodeJS.Signals): Promise<NodeJS.Signals | number | null>;
}

let triggers = 0;

export async function startBotProcess(dir: string, platformUrl: string, slack: FakeSlackApi, env: Record<string, string> = {}): Promise<BotProcess> {
  // node itself, not a wrapper: a SIGKILL must reach the process that runs the bot (a wrapper cannot pass
  // it on, and its child would live on); every path is absolute, so the repository is the working directory
  const child = spawn(process.execPath, [builtEntry()], {
    cwd: REPO,
    env: {
      ...process.env,
      IIP_API_KEY: API_KEY,
      IIP_BASE_URL: platformUrl,
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.url,
      PORT: '0',
      HOST: '127.0.0.1',
      STATE_FILE: join(dir, 'state.json'),
      LOG_LEVEL: 'warn',
      RELAY_MIN_EDIT_INTERVAL_MS: '50',
      ...env,
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
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  // a start loads the whole bot: on a busy 2-core machine that can take many seconds; a bot that never listens still fails
  const url = await waitFor(() => /Listening on (http:\/\/\S+)\./.exec(out)?.[1], 'the bot to listen', 60_000);
  const eventsUrl = `${url}/slack/events`;
  return {
    child,
    eventsUrl,
    exited,
    output: () => out,
    command: (text) => sendSlashCommand(eventsUrl, SIGNING_SECRET, { text, trigger_id: `${++triggers}.${Date.now()}.t` }),
    click: (button, where) =>
      sendInteraction(
        eventsUrl,
        SIGNING_SECRET,
        blockActionsPayload({
          action: { type: 'button', action_ts: String(Date.now() / 1000), ...button },
          messageTs: where.messageTs,
          threadTs: where.threadTs,
          triggerId: `${++triggers}.${Date.now()}.c`,
        }),
      ),
    kill(signal) {
      child.kill(signal);
      return exited;
    },
  };
}

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Every `.json` file under `dir`, parsed: throws on the first one that does not parse. */
export function parseEveryStateFile(dir: string): Map<string, unknown> {
  const parsed = new Map<string, unknown>();
  if (!existsSync(dir)) return parsed;
  // a live bot writes meanwhile: its temporary files come and go between the listing and a read, so entries are
  // typed by the listing itself and a file gone by the time it is read is passed over (a parse failure still throws)
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) {
        const text = readIfThere(path);
        if (text !== undefined) parsed.set(path, JSON.parse(text));
      }
    }
  };
  walk(dir);
  return parsed;
}

/** The thread records on disk (the files under `state.threads`; a live bot's other folders, such as its inbox, change meanwhile). */
export function recordsOnDisk(dir: string): ThreadRecord[] {
  return [...parseEveryStateFile(join(dir, 'state.threads')).values()].map((record) => record as ThreadRecord);
}

/** The configuration of a bot started in this process (startBot) beside such processes: Slack over HTTP on a free port. */
export function inProcessConfig(platformUrl: string, slack: FakeSlackApi, env: Record<string, string> = {}): Config {
  return loadConfig({
    IIP_API_KEY: API_KEY,
    IIP_BASE_URL: platformUrl,
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...env,
  });
}
