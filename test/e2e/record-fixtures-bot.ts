/**
 * A bot restarted over one fixture record (test/fixtures/records): the simulator loaded with the tables it had
 * when the record was written, the thread's Slack messages in place, and the record's file in the lowdb state
 * folder as the old code left it. The bot finds it the way a restarted bot does: by scanning its state at start.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { webApi } from '@slack/bolt';
import type { ThreadRecord } from '../../src/core/state.js';
import { readThreadFile, threadFilePath } from '../../src/state/thread-files.js';
import { BOT_TOKEN, startSlackBot, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

export interface RecordFixture {
  /** `novelty/features.review` */
  name: string;
  record: ThreadRecord;
  simulator: unknown;
}

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..', 'fixtures', 'records');

export function recordFixtures(): RecordFixture[] {
  return readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(ROOT, dir.name))
        .filter((file) => file.endsWith('.json'))
        .map((file) => {
          const { record, simulator } = JSON.parse(readFileSync(join(ROOT, dir.name, file), 'utf8')) as Omit<RecordFixture, 'name'>;
          return { name: `${dir.name}/${file.slice(0, -'.json'.length)}`, record, simulator };
        }),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface FixtureBot {
  h: SlackBotHarness;
  parentTs: string;
  /** the record as the state file holds it now */
  read(): Promise<ThreadRecord>;
}

const tsOf = (thread: string): string => thread.split(':').at(-1)!;

/** The highest message ts the record names (its thread and its step's message). */
function lastTs(record: ThreadRecord): string {
  const flow = record.data.flow as { message?: string } | undefined;
  return [tsOf(record.thread), flow?.message ?? ''].sort().at(-1)!;
}

/** Posts the thread's parent and replies in the fake Slack until the record's messages exist (Slack keeps them). */
async function seedThread(h: SlackBotHarness, record: ThreadRecord): Promise<string> {
  const client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: h.slack.url, retryConfig: { retries: 0 } });
  const parent = await client.chat.postMessage({ channel: 'C1', text: `${record.workflow} started by <@${record.startedBy}>` });
  if (parent.ts !== tsOf(record.thread)) throw new Error(`the fake Slack gave the parent ${parent.ts}, the record names ${record.thread}`);
  for (let ts = parent.ts; ts < lastTs(record); ) ts = (await client.chat.postMessage({ channel: 'C1', thread_ts: parent.ts, text: '…' })).ts!;
  return parent.ts;
}

/** `env`: the bot's extra settings (PUBLIC_URL, for a design upload). */
export async function botWithRecord(fixture: RecordFixture, env: Record<string, string> = {}): Promise<FixtureBot> {
  const simDir = mkdtempSync(join(tmpdir(), 'iip-record-fixture-'));
  const simFile = join(simDir, 'simulator.json');
  writeFileSync(simFile, JSON.stringify(fixture.simulator));
  const h = await startSlackBot({ simulator: { stateFile: simFile }, env });
  const parentTs = await seedThread(h, fixture.record);
  const file = threadFilePath(join(h.stateDir, 'state.threads'), fixture.record.thread);
  await h.restart(() => {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(fixture.record), { mode: 0o600 });
    chmodSync(file, 0o600);
  });
  return {
    h,
    parentTs,
    async read() {
      const record = await readThreadFile(file);
      if (!record) throw new Error(`the record of ${fixture.name} is gone`);
      return record;
    },
  };
}
