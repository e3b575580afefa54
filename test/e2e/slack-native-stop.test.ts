/**
 * What a native stream's chat.stopStream carries below the text, end to end through the real Bolt app, the chat
 * handler and the relay against the simulator and the fake Web API: 👍/👎 feedback under a complete answer (a
 * click recorded with the thread, logged as `answer feedback` and acknowledged privately), and the note and Retry
 * button of an answer the platform cut off, as blocks of the stop call itself (no chat.update after it).
 */
import { Writable } from 'node:stream';
import { afterEach, expect, test } from 'vitest';
import { threadId } from '../../src/core/thread-id.js';
import { createLogger } from '../../src/log.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

type Block = Record<string, unknown>;

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The bot's log lines as pino wrote them (JSON), for reading what it logged. */
function capturedLogs(): { logger: ReturnType<typeof createLogger>; lines: () => Block[] } {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  const lines = (): Block[] => text.split('\n').flatMap((line) => (line ? [JSON.parse(line) as Block] : []));
  return { logger: createLogger('info', sink), lines };
}

/** The thread's last reply once it is final (its footer, or the interruption note). */
async function finalReply(harness: SlackBotHarness, question: string): Promise<FakeSlackMessage> {
  await harness.command(`ask ${question}`);
  return waitFor(() => {
    const last = harness.latestThread()?.replies.at(-1);
    const text = JSON.stringify(last?.blocks);
    return last && (text.includes('tokens') || text.includes('interrupted')) ? last : undefined;
  }, 'the final answer');
}

test('the stop call carries thumbs up/down; a click is recorded with the thread, logged and acknowledged privately', async () => {
  const logs = capturedLogs();
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 2 }, logger: logs.logger });
  const answer = await finalReply(h, 'How do solid-state batteries avoid lithium dendrites?');
  const stop = h.slack.callsTo('chat.stopStream')[0]!;
  const feedback = (stop.args.blocks as Block[]).at(-1)!;
  expect(feedback).toMatchObject({
    type: 'context_actions',
    elements: [{ type: 'feedback_buttons', action_id: 'feedback', positive_button: { value: 'good' }, negative_button: { value: 'bad' } }],
  });
  expect(answer.blocks.at(-1)).toEqual(feedback);
  const thread = h.latestThread()!;
  const click = { action_id: 'feedback', value: 'bad', type: 'feedback_buttons' } as { action_id: string; value: string };
  expect((await h.click(click, { messageTs: answer.ts, threadTs: thread.parent.ts, userId: 'U2' })).status).toBe(200);
  const note = await waitFor(() => h!.slack.ephemerals.find((e) => e.user === 'U2' && e.text.includes('not helpful')), 'the acknowledgement');
  expect(note.threadTs).toBe(thread.parent.ts);
  const id = threadId('slack', 'T1', 'C1', thread.parent.ts);
  const record = await h.bot.state.get(id);
  expect(record?.data.feedback).toMatchObject({ U2: { verdict: 'bad', messageId: answer.ts } });
  const logged = () => logs.lines().filter((line) => line.msg === 'answer feedback');
  expect(logged()).toEqual([
    expect.objectContaining({ level: 'info', kind: 'action', thread: id, workflow: 'chat', verdict: 'bad', messageId: answer.ts }),
  ]);

  // a value no button of ours sends changes nothing, and is not logged as feedback
  await h.click({ action_id: 'feedback', value: 'meh' }, { messageTs: answer.ts, threadTs: thread.parent.ts, userId: 'U3' });
  await waitFor(() => h!.slack.ephemerals.find((e) => e.user === 'U3' && e.text.includes('nothing was recorded')), 'the refusal');
  expect(Object.keys((await h.bot.state.get(id))?.data.feedback as object)).toEqual(['U2']);
  expect(logged()).toHaveLength(1);
});

test('an answer the platform cut off: the stop call carries the interruption note and the Retry button as blocks', async () => {
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 2 } });
  h.sim.inject({ kind: 'stream-cut', afterEvents: 5, operation: 'AI07', times: 1 });
  const question = 'Which companies lead in CRISPR delivery patents?';
  const broken = await finalReply(h, question);
  const [stop, ...more] = h.slack.callsTo('chat.stopStream');
  expect(more).toEqual([]);
  expect(stop?.error).toBeUndefined();
  const blocks = stop!.args.blocks as Block[];
  expect(blocks.map((b) => b.type)).toEqual(['context', 'actions']);
  expect(JSON.stringify(blocks[0])).toContain('interrupted');
  const [retry] = blocks[1]!.elements as Block[];
  expect(retry).toMatchObject({ type: 'button', text: { text: 'Retry' }, action_id: expect.any(String), value: expect.any(String) });
  // the streamed message itself shows them: nothing was edited or posted after the stop
  expect(broken.ts).toBe(stop!.args.ts);
  expect(broken.blocks.slice(-2)).toEqual(blocks);
  expect(h.slack.callsTo('chat.update')).toEqual([]);
  expect(h.slack.threadMessages('C1', h.latestThread()!.parent.ts)).toHaveLength(2);

  // the button works from there: a click answers the question again, whole
  const thread = h.latestThread()!;
  await h.click({ action_id: String(retry!.action_id), value: String(retry!.value) }, { messageTs: broken.ts, threadTs: thread.parent.ts });
  await waitFor(() => h!.slack.callsTo('chat.stopStream').length === 2 || undefined, 'the retried answer');
  expect(h.sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(2);
});
