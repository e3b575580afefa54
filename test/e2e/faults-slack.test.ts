/**
 * Slack faults while chats stream, through the real Slack app and the fake Web API: 429 storms, 5xx answers
 * to edits and posts, and a user deleting the message being streamed into. Every answer still arrives whole,
 * or the bot stops quietly after a bounded number of calls and goes on serving.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { FakeSlackCall } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { ChatThread, hasFooter, markdownOf, parentsIn } from './faults-chat-thread.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const whole = (question: string): string => h!.sim.expectedStreamText('AI07', { prompt: question, stream: true });
/** 429s in a row, each with Retry-After: 1 */
const STORM = 4;
const sends = (): FakeSlackCall[] => h!.slack.calls.filter((c) => c.method === 'chat.update' || c.method === 'chat.postMessage');

describe('Slack faults during chats', () => {
  test('a 429 storm on chat.update during three parallel answers: no call during a pause, every final text whole', async () => {
    // a relay budget above the storm's pace, so the three answers' edits meet each pause together
    // answers of about 12 s: six posts open them (three parents, three first texts), five at once and then five
    // seconds later at Slack's post pace, and all three still stream when the storm comes
    h = await startSlackBot({
      simulator: { streamChunkDelayMs: 10, streamChunkChars: 4, minAnswerChars: 5_000 },
      env: { RELAY_WORKSPACE_EDITS_PER_MINUTE: '600' },
    });
    h.slack.streams.refuseIn('public'); // the post + edit path (native streams: slack-native-stream.test.ts)
    const questions = ['Map thermal runaway patents', 'Map anode coating patents', 'Map separator film patents'];
    await Promise.all(questions.map((q) => h!.command(`ask ${q}`)));
    const threads = await Promise.all(questions.map((_, i) => ChatThread.nth(h!.slack, i)));
    await waitFor(() => threads.every((t) => t.replies().some((m) => m.edits > 0)), 'every answer to be streaming', 20_000);

    const before = h.slack.callsTo('chat.update').length;
    for (let i = 0; i < STORM; i += 1) h.slack.failNext('chat.update', { status: 429, retryAfter: 1 });
    // answers of about 12 s on an idle machine; a busy one streams them slower
    for (const thread of threads) {
      const question = questions.find((q) => thread.parent.text.includes(q))!;
      expect(await thread.answer(1, 40_000)).toBe(whole(question));
    }
    const throttled = h.slack.callsTo('chat.update').slice(before, before + STORM);
    expect(throttled).toHaveLength(STORM);
    const target = (c: FakeSlackCall): string => `${String(c.args.channel)}/${String(c.args.ts ?? c.args.thread_ts)}`;
    for (const refused of throttled) {
      // What lands within the pause can only be a call that was already on its way when the 429 was answered: at
      // most one per other answer (each has one call in flight at most), and never one to the refused message,
      // whose next call waits for this answer. Arrival times depend on machine load; this rule does not.
      const during = sends().filter((c) => c !== refused && c.at >= refused.at && c.at < refused.at + 950);
      expect(during.filter((c) => target(c) === target(refused))).toEqual([]);
      const perMessage = new Map<string, number>();
      for (const c of during) perMessage.set(target(c), (perMessage.get(target(c)) ?? 0) + 1);
      expect([...perMessage.values()].every((n) => n === 1)).toBe(true);
      expect(during.length).toBeLessThanOrEqual(threads.length - 1);
    }
  }, 90_000);

  test('5xx answers to an edit and to the first post of an answer: the answer still completes whole', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 5 } });
    h.slack.streams.refuseIn('public'); // the post + edit path (native streams: slack-native-stream.test.ts)
    const question = 'What is CRISPR base editing?';
    const mention = { type: 'app_mention', channel: 'C1', user: 'U1', text: `<@UBOT> ask ${question}`, ts: '1800000000.000400' };
    h.slack.failNext('chat.postMessage', { status: 503 });
    h.slack.failNext('chat.update', { status: 500 });
    h.slack.failNext('chat.update', { status: 502 });
    await h.event(mention, 'EvFiveXX1');
    const replies = await waitFor(() => {
      const found = h!.slack.threadMessages('C1', mention.ts);
      return found.some(hasFooter) ? found : undefined;
    }, 'the whole answer');
    expect(replies.map(markdownOf).join('')).toBe(whole(question));
    expect(replies).toHaveLength(1);
    // the refused post was sent once more, the refused edits were followed by newer text
    expect(h.slack.callsTo('chat.postMessage')).toHaveLength(2);
    expect(h.slack.callsTo('chat.update').length).toBeGreaterThanOrEqual(3);
  });

  test('the user deletes the message being streamed into: the answer goes on in a new message, whole', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 10, minAnswerChars: 2_500 } });
    h.slack.streams.refuseIn('public'); // the post + edit path (native streams: slack-native-stream.test.ts)
    const question = 'Landscape of lithium-sulfur cathode patents';
    await h.command(`ask ${question}`);
    const thread = await ChatThread.nth(h.slack, 0);
    const first = await thread.reply((m) => m.edits > 0, 'the answer to be streaming');
    expect(hasFooter(first)).toBe(false);
    h.slack.deleteMessage('C1', first.ts);
    expect(await thread.answer(1, 20_000)).toBe(whole(question));
    expect(thread.replies()).toHaveLength(1);
    expect(thread.replies()[0]!.ts).not.toBe(first.ts);
  }, 30_000);

  test('deleted again: the bot stops quietly after a bounded number of calls, releases the stream and serves the next command', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 10, minAnswerChars: 4_000 } });
    h.slack.streams.refuseIn('public'); // the post + edit path (native streams: slack-native-stream.test.ts)
    await h.command('ask Landscape of sodium-ion anode patents');
    const thread = await ChatThread.nth(h.slack, 0);
    const first = await thread.reply((m) => m.edits > 0, 'the answer to be streaming');
    h.slack.deleteMessage('C1', first.ts);
    const second = await thread.reply((m) => m.ts !== first.ts && m.edits > 0, 'the replacement to be streaming');
    expect(hasFooter(second)).toBe(false);
    h.slack.deleteMessage('C1', second.ts);

    const record = await thread.settledRecord(h, 20_000);
    expect(record.status).toBe('active');
    expect(record.data.lastQuestion).toBe('Landscape of sodium-ion anode patents');
    await waitFor(() => h!.sim.streamsAbortedByClient === 1, 'the platform stream to be released');
    const toDeleted = (): number => h!.slack.calls.filter((c) => c.args.ts === second.ts).length;
    const afterStop = toDeleted();
    expect(h.slack.callsTo('chat.postMessage').filter((c) => c.args.thread_ts === thread.parent.ts)).toHaveLength(2);
    expect(thread.replies()).toHaveLength(0);

    const next = 'What is a PCT application?';
    await h.command(`ask ${next}`);
    const following = await ChatThread.nth(h.slack, 1);
    expect(parentsIn(h.slack)).toHaveLength(2);
    expect(await following.answer()).toBe(whole(next));
    // nothing more went to the deleted messages while the next answer streamed
    expect(toDeleted()).toBe(afterStop);
    expect(afterStop).toBeLessThanOrEqual(second.edits + 2);
  }, 30_000);
});
