/**
 * SIGKILL in the middle of state writes: the real entry point answers a stream of commands (each one a dedupe
 * key, a new record and two record updates) and is killed while they keep coming. Every state file still
 * parses, and the next start reads every record, marks each answer it was in the middle of, and answers
 * normally.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { RESTART_NOTE } from '../../src/handlers/chat/restart.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import { BOT_TOKEN, waitFor } from '../helpers/slack-bot-harness.js';
import { parseEveryStateFile, recordsOnDisk, startBotProcess, type BotProcess } from './crash-bot-process.js';
import { ChatThread, hasFooter, markdownOf, parentsIn, retryOf } from './faults-chat-thread.js';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Records on disk before the kill, at least one of them mid-answer: answers finished, streaming and starting at once. */
const RECORDS_BEFORE_KILL = 6;
/**
 * At most this many commands: each one the first process acknowledged but did not handle is handled by the second
 * start, whose posts into the one channel are paced at about one a second past a burst (the restart notes queue
 * behind them), so an unbounded stream (three senders reach 160 before the kill) would only measure that pace.
 */
const MAX_COMMANDS = 30;
/** How long what the second start posts may take: the replayed answers share the channel's post budget */
const PACED_MS = 60_000;
/** One user sends every command here: the per-user answer limit would refuse the fresh question while the restart replays. */
const UNLIMITED = { LIMIT_ANSWERS_PER_USER: '0', LIMIT_ANSWERS_PER_WORKSPACE: '0' };

function answeringOnDisk(dir: string): { records: number; answering: number } {
  try {
    const records = recordsOnDisk(dir);
    return { records: records.length, answering: records.filter((r) => r.wait !== undefined).length };
  } catch {
    return { records: 0, answering: 0 }; // the folder does not exist yet
  }
}

test('SIGKILL during a stream of commands: every file parses, the next start reads every record and answers normally', {
  timeout: 240_000,
}, async () => {
  const sim = await startSimulator({ streamChunkDelayMs: 3 });
  cleanup.push(() => sim.close());
  const slack = await startFakeSlackApi({ token: BOT_TOKEN });
  cleanup.push(() => slack.close());
  const dir = mkdtempSync(join(tmpdir(), 'iip-crash-state-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const bots: BotProcess[] = [];
  cleanup.push(() => {
    for (const bot of bots) bot.child.kill('SIGKILL');
  });

  const first = await startBotProcess(dir, sim.url, slack, UNLIMITED);
  bots.push(first);
  let sent = 0;
  let killed = false;
  const sender = async (): Promise<void> => {
    while (!killed && sent < MAX_COMMANDS) await first.command(`ask Crash question number ${++sent}`).catch(() => undefined);
  };
  const senders = Array.from({ length: 3 }, sender);
  await waitFor(
    () => {
      const { records, answering } = answeringOnDisk(dir);
      return records >= RECORDS_BEFORE_KILL && answering > 0;
    },
    'records to be written while answers stream',
    30_000,
  );
  expect(await first.kill('SIGKILL')).toBe('SIGKILL');
  killed = true;
  await Promise.all(senders);

  const files = parseEveryStateFile(dir);
  expect(files.get(join(dir, 'state.json'))).toMatchObject({ dedupe: expect.any(Object) });
  const onDisk = recordsOnDisk(dir);
  expect(onDisk.length).toBeGreaterThan(0);
  for (const record of onDisk)
    expect(record).toMatchObject({
      workflow: 'chat',
      version: expect.any(Number),
      data: { lastQuestion: expect.stringMatching(/^Crash question number \d+$/) },
    });
  const interrupted = onDisk.filter((r) => r.wait?.step === 'answering');
  expect(interrupted.length).toBeGreaterThan(0);

  const second = await startBotProcess(dir, sim.url, slack, UNLIMITED);
  bots.push(second);
  const notes = () => slack.channelMessages('C1').filter((m) => markdownOf(m) === RESTART_NOTE);
  // the replayed commands' posts are paced by the channel's limit (about one a second after a burst), and the notes
  // wait their turn in the channel's outbox behind them
  await waitFor(() => notes().length === interrupted.length, `${interrupted.length} restart notes`, PACED_MS);
  await waitFor(() => recordsOnDisk(dir).every((r) => r.wait === undefined), 'every wait to be cleared', PACED_MS);
  expect(new Set(notes().map((m) => m.threadTs))).toEqual(new Set(interrupted.map((r) => decodeURIComponent(r.thread.split(':')[3]!))));
  expect(second.output()).not.toMatch(/corrupt|moved aside|"level":(40|50|60)/i);
  expect(readdirSync(dir).filter((name) => name.includes('corrupt'))).toEqual([]);

  // every record was read: the open ones are listed by status, each with its thread. Replayed commands (their posts
  // paced) may still be opening threads while status answers, so it is asked until a listing matches the disk
  const listed = async (): Promise<{ shown: number; open: number }> => {
    const before = slack.ephemerals.length;
    await second.command('status');
    const listing = await waitFor(() => slack.ephemerals[before], 'the status listing', PACED_MS);
    const open = recordsOnDisk(dir).filter((r) => r.status !== 'done');
    return { shown: listing.text.match(/\*chat\*/g)?.length ?? 0, open: Math.min(open.length, 20) };
  };
  let status = await listed();
  for (const deadline = Date.now() + PACED_MS; status.shown !== status.open && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    status = await listed();
  }
  expect(status.shown).toBe(status.open);

  const question = 'What is a PCT application?';
  expect((await second.command(`ask ${question}`)).status).toBe(200);
  // found by its question: commands acknowledged but unrecorded before the kill may be answered meanwhile
  const fresh = new ChatThread(
    slack,
    await waitFor(() => parentsIn(slack).find((p) => markdownOf(p).includes(question)), 'the fresh question', PACED_MS),
  );
  expect(await fresh.answer(1, PACED_MS)).toBe(sim.expectedStreamText('AI07', { prompt: question, stream: true }));

  const note = notes()[0]!;
  const thread = new ChatThread(slack, parentsIn(slack).find((p) => p.ts === note.threadTs)!);
  const asked = interrupted.find((r) => r.thread === thread.id)!.data.lastQuestion as string;
  await second.click(retryOf(note)!, { messageTs: note.ts, threadTs: thread.parent.ts });
  const answered = await thread.reply((m) => hasFooter(m) && m.ts > note.ts, 'the retried answer', 0, PACED_MS);
  expect(markdownOf(answered)).toBe(sim.expectedStreamText('AI07', { prompt: asked, stream: true }));
});
