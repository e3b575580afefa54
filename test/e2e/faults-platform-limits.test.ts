/**
 * A gateway that sends too much or never ends, on `/iip ask` through the real Slack app, the real platform client
 * and the simulator's faults: a runaway stream and one enormous event end as one cut answer (a note says so, a
 * few messages, the request aborted); keep-alives without events, an answer past its deadline and a long
 * Retry-After end with what arrived, marked, and a Retry; and every time the asker's answer slot is free again.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { expectedChatAnswer } from '../../src/platform/simulator/index.js';
import { startSlackBot, type HarnessOptions, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { ChatThread, allText, isInterrupted, markdownOf, parentsIn, retryOf } from './faults-chat-thread.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

// one answer at a time per user: a slot that is not released refuses the next question
const start = (options: HarnessOptions = {}) =>
  startSlackBot({ ...options, simulator: { streamChunkDelayMs: 1, ...options.simulator }, env: { LIMIT_ANSWERS_PER_USER: '1', ...options.env } });

const ask = async (question: string): Promise<ChatThread> => {
  const before = parentsIn(h!.slack).length;
  expect((await h!.command(`ask ${question}`)).status).toBe(200);
  return ChatThread.nth(h!.slack, before);
};

const isCut = (m: Parameters<typeof allText>[0]) => allText(m).includes('The answer was cut here');

/** The slot is free: the next question is answered whole, not refused. */
async function answersNext(): Promise<void> {
  const question = 'How are perovskite cells encapsulated?';
  const next = await ask(question);
  expect(await next.answer()).toBe(expectedChatAnswer('AI07', { prompt: question }));
}

describe('too much', () => {
  test('distinct deltas without end: at most 40,000 characters in a few messages, a note that it was cut, the stream aborted', async () => {
    h = await start();
    h.sim.inject({ kind: 'runaway-stream', afterEvents: 2, deltaChars: 8_000, operation: 'AI07', times: 1 });
    const thread = await ask('What limits the cycle life of silicon anodes?');
    const cut = await thread.reply(isCut, 'the cut answer', 0, 20_000);
    expect(allText(cut)).toContain('✂️ The answer was cut here: it is longer than the bot posts for one answer.');
    const record = await thread.settledRecord(h);
    expect(record.status).toBe('done');
    const replies = thread.replies();
    // Slack holds 11,000 characters a message: the 40,000 fit in four or five
    expect(replies.length).toBeGreaterThanOrEqual(4);
    expect(replies.length).toBeLessThanOrEqual(5);
    expect(replies.at(-1)!.ts).toBe(cut.ts);
    const shown = replies.map(markdownOf).join('');
    expect(shown.length).toBeLessThanOrEqual(40_000);
    expect(shown.length).toBeGreaterThan(39_000);
    expect(retryOf(cut)).toBeUndefined();
    await expect.poll(() => h!.sim.streamsAbortedByClient).toBe(1);
    await answersNext();
  });

  test('one 10 MB event: the text before it and a note that the platform sent more than the bot reads, in one message', async () => {
    h = await start();
    const question = 'Summarise solid-state electrolyte patents';
    h.sim.inject({ kind: 'huge-event', afterEvents: 3, chars: 10 * 1024 * 1024, operation: 'AI07', times: 1 });
    const thread = await ask(question);
    const cut = await thread.reply(isCut, 'the cut answer', 0, 20_000);
    expect(allText(cut)).toContain('the platform sent more than the bot reads for one answer');
    await thread.settledRecord(h);
    expect(thread.replies()).toHaveLength(1);
    const partial = markdownOf(cut);
    expect(partial.length).toBeGreaterThan(0);
    expect(expectedChatAnswer('AI07', { prompt: question }).startsWith(partial)).toBe(true);
    await expect.poll(() => h!.sim.streamsAbortedByClient).toBe(1);
    await answersNext();
  });
});

describe('never ends', () => {
  test('keep-alives after some text: the text is shown marked interrupted with Retry once the silence passes; keep-alives alone too', async () => {
    h = await start({ env: { IIP_STREAM_SILENCE_MS: '600' } });
    const question = 'What limits the cycle life of silicon anodes?';
    h.sim.inject({ kind: 'stream-stall', afterEvents: 4, pingEveryMs: 20, operation: 'AI07', times: 1 });
    const thread = await ask(question);
    const stalled = await thread.reply(isInterrupted, 'the interrupted answer');
    const partial = markdownOf(stalled);
    expect(partial.length).toBeGreaterThan(0);
    expect(expectedChatAnswer('AI07', { prompt: question }).startsWith(partial)).toBe(true);
    expect(retryOf(stalled)).toBeDefined();
    await thread.settledRecord(h);

    h.sim.inject({ kind: 'stream-stall', afterEvents: 0, pingEveryMs: 20, operation: 'AI07', times: 1 });
    const silent = await ask('What is graphene?');
    const note = await silent.reply(isInterrupted, 'the interrupted note');
    expect(retryOf(note)).toBeDefined();
    await silent.settledRecord(h);
    await silent.retry(h, note);
    expect(await silent.answer()).toBe(expectedChatAnswer('AI07', { prompt: 'What is graphene?' }));
    expect(h.sim.streamsAbortedByClient).toBe(2);
  });

  test('an answer still streaming at its deadline: what arrived is shown, marked interrupted, with Retry', async () => {
    // 4,000 characters in 24-character events 30 ms apart take 5 s at the least: past a 1.5 s deadline on any machine
    h = await start({ env: { IIP_STREAM_DEADLINE_MS: '1500' }, simulator: { streamChunkDelayMs: 30, minAnswerChars: 4_000 } });
    const question = 'Explain solid-state batteries in detail';
    const thread = await ask(question);
    const cut = await thread.reply(isInterrupted, 'the interrupted answer', 0, 15_000);
    const partial = markdownOf(cut);
    const whole = h.sim.expectedStreamText('AI07', { prompt: question, stream: true });
    expect(whole.length).toBeGreaterThanOrEqual(4_000);
    expect(partial.length).toBeLessThan(whole.length);
    expect(whole.startsWith(partial)).toBe(true);
    expect(retryOf(cut)).toBeDefined();
    await thread.settledRecord(h);
    await expect.poll(() => h!.sim.streamsAbortedByClient).toBe(1);
  });

  test('a 429 with Retry-After 600 is not waited out: the user is told to try again in about 10 minutes, with Retry', async () => {
    h = await start();
    h.sim.inject({ kind: 'http-status', status: 429, retryAfterSeconds: 600, operation: 'AI07', times: 1 });
    const thread = await ask('What is graphene?');
    const busy = await thread.reply((m) => allText(m).includes('busy'), 'the busy note');
    expect(markdownOf(busy)).toMatch(/^⚠️ The platform is busy right now and takes new requests in about 10 minutes\. Try again then\./);
    expect(retryOf(busy)).toBeDefined();
    expect(h.sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(1);
    await thread.settledRecord(h);
    await answersNext();
  });
});
