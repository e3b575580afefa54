/**
 * SIGKILL while an answer streams, then a start on the same state: the files are intact, the thread's record
 * still says it was answering, the new process marks the cut answer with one note and a Retry, and the
 * Retry answers the question whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { RESTART_NOTE } from '../../src/handlers/chat/restart.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import { BOT_TOKEN, waitFor } from '../helpers/slack-bot-harness.js';
import { parseEveryStateFile, recordsOnDisk, startBotProcess, type BotProcess } from './crash-bot-process.js';
import { ChatThread, hasFooter, markdownOf, retryOf } from './faults-chat-thread.js';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

test('SIGKILL mid-answer: on restart the answer is marked incomplete with a Retry that answers whole', { timeout: 60_000 }, async () => {
  const sim = await startSimulator({ streamChunkDelayMs: 10, minAnswerChars: 2_000 });
  cleanup.push(() => sim.close());
  const slack = await startFakeSlackApi({ token: BOT_TOKEN });
  cleanup.push(() => slack.close());
  const dir = mkdtempSync(join(tmpdir(), 'iip-crash-stream-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const bots: BotProcess[] = [];
  cleanup.push(() => {
    for (const bot of bots) bot.child.kill('SIGKILL');
  });

  const first = await startBotProcess(dir, sim.url, slack);
  bots.push(first);
  const question = 'Map the patent landscape of solid-state electrolytes';
  expect((await first.command(`ask ${question}`)).status).toBe(200);
  const thread = await ChatThread.nth(slack, 0);
  const partial = await thread.reply((m) => m.edits > 0 || (m.stream?.appends.length ?? 0) > 0, 'the answer to be streaming');
  expect(await first.kill('SIGKILL')).toBe('SIGKILL');
  const whole = sim.expectedStreamText('AI07', { prompt: question, stream: true });
  expect(hasFooter(partial)).toBe(false);
  expect(whole.startsWith(markdownOf(partial))).toBe(true);

  expect(parseEveryStateFile(dir).size).toBeGreaterThanOrEqual(2);
  const [killed] = recordsOnDisk(dir);
  expect(killed).toMatchObject({ workflow: 'chat', wait: { operation: 'AI07', step: 'answering' }, data: { lastQuestion: question } });

  const second = await startBotProcess(dir, sim.url, slack);
  bots.push(second);
  const note = await thread.reply((m) => markdownOf(m) === RESTART_NOTE, 'the restart note');
  expect(retryOf(note)).toBeDefined();
  await waitFor(() => recordsOnDisk(dir)[0]?.wait === undefined, 'the wait to be cleared');
  expect(thread.replies().map((m) => m.ts)).toEqual([partial.ts, note.ts]);

  await second.click(retryOf(note)!, { messageTs: note.ts, threadTs: thread.parent.ts });
  const answered = await thread.reply(hasFooter, 'the retried answer');
  expect(markdownOf(answered)).toBe(whole);
  expect(sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(2);
  await waitFor(() => recordsOnDisk(dir)[0]?.status === 'done', 'the turn to be saved');

  // the note's Retry was used: a second click changes nothing and calls nothing
  await second.click(retryOf(note)!, { messageTs: note.ts, threadTs: thread.parent.ts });
  await waitFor(() => slack.ephemerals.some((e) => e.text.includes('Already done')), 'the already-done note');
  expect(sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(2);
  expect(await second.kill('SIGTERM')).toBe(0);
  expect(second.output()).not.toMatch(/"level":(50|60)/);
});
