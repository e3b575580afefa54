/**
 * Platform faults on the chat flows, through the real Slack app, the real platform client and the simulator:
 * each fault leaves one short message (or the partial text marked interrupted) with Retry when retrying can
 * help, a Retry gives the whole answer the simulator streams, and nothing is repeated behind the user's back.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { expectedChatAnswer } from '../../src/platform/simulator/index.js';
import type { OperationId } from '../../src/platform/operations.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { ChatThread, allText, hasFooter, isInterrupted, markdownOf, parentsIn, retryOf } from './faults-chat-thread.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const requestsTo = (operation: OperationId): number => h!.sim.requests.filter((r) => r.operation === operation).length;
const started = async (text: string): Promise<ChatThread> => {
  const before = parentsIn(h!.slack).length;
  expect((await h!.command(text)).status).toBe(200);
  return ChatThread.nth(h!.slack, before);
};

describe('platform faults on chats', () => {
  test('a burst of three 503s: each attempt leaves one note with Retry, nothing is retried unasked, the fourth try answers whole', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
    h.sim.inject({ kind: 'http-status', status: 503, operation: 'AI07', times: 3 });
    const question = 'What limits the cycle life of silicon anodes?';
    const thread = await started(`ask ${question}`);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const note = await thread.reply((m) => allText(m).includes('having trouble'), `note #${attempt}`, attempt - 1);
      expect(markdownOf(note)).toMatch(/^⚠️ The platform is having trouble right now\. Try again in a moment\. \(request [\w-]+\)$/);
      expect(requestsTo('AI07')).toBe(attempt);
      await thread.retry(h, note);
    }
    expect(await thread.answer()).toBe(expectedChatAnswer('AI07', { prompt: question }));
    expect(requestsTo('AI07')).toBe(4);
    expect(thread.replies()).toHaveLength(4);
    // an older note's Retry is stale now: it changes nothing and calls nothing
    await thread.retry(h, thread.replies()[0]!);
    await waitFor(() => h!.slack.ephemerals.some((e) => e.text.includes('Already done')), 'the already-done note');
    expect(requestsTo('AI07')).toBe(4);
  });

  test('QPS refusals (67200002) are retried by the client; past its attempts the user gets "busy" with a Retry that works', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
    h.sim.inject({ kind: 'envelope-error', errorCode: 67200002, operation: 'AI20', times: 2 });
    const pharm = 'Which siRNA delivery systems reached Phase III?';
    const first = await started(`pharm ${pharm}`);
    expect(await first.answer()).toBe(expectedChatAnswer('AI20', { query: pharm }));
    expect(requestsTo('AI20')).toBe(3);
    expect(first.replies()).toHaveLength(1);

    h.sim.inject({ kind: 'envelope-error', errorCode: 67200002, operation: 'AI07', times: 3 });
    const ask = 'How are perovskite cells encapsulated?';
    const second = await started(`ask ${ask}`);
    const busy = await second.reply((m) => allText(m).includes('busy'), 'the busy note');
    expect(markdownOf(busy)).toContain('The platform is busy right now. Try again in a moment.');
    expect(requestsTo('AI07')).toBe(3);
    await second.retry(h, busy);
    expect(await second.answer()).toBe(expectedChatAnswer('AI07', { prompt: ask }));
    expect(requestsTo('AI07')).toBe(4);
  });

  test('a pharm stream cut mid-answer keeps the partial text marked with Retry; Retry asks the same first turn again, whole', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
    h.sim.inject({ kind: 'stream-cut', afterEvents: 6, operation: 'AI20', times: 1 });
    const question = 'What are the indications for siRNA drugs?';
    const thread = await started(`pharm ${question}`);
    const broken = await thread.reply(isInterrupted, 'the interrupted answer');
    const partial = markdownOf(broken);
    expect(partial.length).toBeGreaterThan(0);
    expect(expectedChatAnswer('AI20', { query: question }).startsWith(partial)).toBe(true);

    // the cut answer's session is not kept: a Retry is the same turn, not a second one in that session
    const record = await thread.settledRecord(h);
    expect(record.ids.session_id).toBeUndefined();
    await thread.retry(h, broken);
    expect(await thread.answer()).toBe(h.sim.expectedStreamText('AI20', { query: question }));
    const calls = h.sim.requests.filter((r) => r.operation === 'AI20');
    expect(calls.map((c) => c.body)).toEqual([{ query: question }, { query: question }]);
  });

  test('a malformed event in the encyclopedia stream: partial text marked, Retry asks again and answers whole', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
    h.sim.inject({ kind: 'malformed-event', afterEvents: 4, operation: 'AI68-2', times: 1 });
    const question = 'What is the PK/PD data of RMC-6236?';
    const thread = await started(`encyclopedia ${question}`);
    const broken = await thread.reply(isInterrupted, 'the interrupted answer');
    expect(expectedChatAnswer('AI68-2', {}, { question }).startsWith(markdownOf(broken))).toBe(true);
    expect(retryOf(broken)).toBeDefined();
    await thread.retry(h, broken);
    expect(await thread.answer()).toBe(expectedChatAnswer('AI68-2', {}, { question }));
    expect([requestsTo('AI68-1'), requestsTo('AI68-2')]).toEqual([2, 2]);

    // a follow-up cut the same way: its Retry still carries the question answered before it, not itself twice
    h.sim.inject({ kind: 'malformed-event', afterEvents: 4, operation: 'AI68-2', times: 1 });
    const followUp = 'And its half-life?';
    await h.event(
      { type: 'message', channel: 'C1', user: 'U1', text: followUp, ts: '1800000000.000500', thread_ts: thread.parent.ts, channel_type: 'channel' },
      'EvBioFollow1',
    );
    const brokenAgain = await thread.reply(isInterrupted, 'the interrupted follow-up', thread.replies().length);
    await thread.retry(h, brokenAgain);
    const query = `Previous question: ${question}\nFollow-up question: ${followUp}`;
    expect(await thread.answer(2)).toBe(expectedChatAnswer('AI68-2', {}, { question: query }));
    const created = h.sim.requests.filter((r) => r.operation === 'AI68-1').map((r) => (r.body as { query: string }).query);
    expect(created).toEqual([question, question, query, query]);
  });

  test('an error envelope inside the stream: a service error is marked interrupted with Retry; a quota error says so without Retry', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
    h.sim.inject({ kind: 'stream-error-envelope', afterEvents: 5, errorCode: 68300008, operation: 'AI07', times: 1 });
    const question = 'Summarise solid-state electrolyte patents';
    const thread = await started(`ask ${question}`);
    const broken = await thread.reply(isInterrupted, 'the interrupted answer');
    await thread.retry(h, broken);
    expect(await thread.answer()).toBe(expectedChatAnswer('AI07', { prompt: question }));

    h.sim.inject({ kind: 'stream-error-envelope', afterEvents: 5, errorCode: 67200005, operation: 'AI07', times: 1 });
    const other = 'Summarise sodium-ion cathode patents';
    const second = await started(`ask ${other}`);
    const stopped = await second.reply((m) => allText(m).includes('stopped here'), 'the stopped answer');
    expect(expectedChatAnswer('AI07', { prompt: other }).startsWith(markdownOf(stopped))).toBe(true);
    expect(markdownOf(stopped).length).toBeGreaterThan(0);
    expect(allText(stopped)).toContain('quota or balance for this key is used up');
    expect(retryOf(stopped)).toBeUndefined();
    expect(hasFooter(stopped)).toBe(false);
    // nothing lost: the question can be asked again in the thread once the quota is back
    await h.event(
      { type: 'message', channel: 'C1', user: 'U1', text: other, ts: '1800000000.000300', thread_ts: second.parent.ts, channel_type: 'channel' },
      'EvAgain1',
    );
    expect(await second.answer()).toBe(expectedChatAnswer('AI07', { prompt: other }));
  });

  test('AI68-1 (a create) is never repeated unasked: a 503 or an error envelope gives one note with Retry; a QPS refusal is retried', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
    const question = 'What is the mechanism of KRAS G12C inhibitors?';
    h.sim.inject({ kind: 'http-status', status: 503, operation: 'AI68-1', times: 1 });
    h.sim.inject({ kind: 'envelope-error', errorCode: 68300008, operation: 'AI68-1', times: 1 });
    const thread = await started(`bio ${question}`);
    const first = await thread.reply((m) => markdownOf(m).startsWith('⚠️'), 'the first note');
    expect([requestsTo('AI68-1'), requestsTo('AI68-2')]).toEqual([1, 0]);
    await thread.retry(h, first);
    const second = await thread.reply((m) => markdownOf(m).startsWith('⚠️'), 'the second note', 1);
    expect(markdownOf(second)).toContain('The platform is having trouble right now');
    expect([requestsTo('AI68-1'), requestsTo('AI68-2')]).toEqual([2, 0]);

    h.sim.inject({ kind: 'envelope-error', errorCode: 67200002, operation: 'AI68-1', times: 1 });
    await thread.retry(h, second);
    expect(await thread.answer()).toBe(expectedChatAnswer('AI68-2', {}, { question }));
    // the refused QPS request created nothing, so the client sent it again: one chat streamed
    expect([requestsTo('AI68-1'), requestsTo('AI68-2')]).toEqual([4, 1]);
    expect(thread.replies()).toHaveLength(3);
  });
});
