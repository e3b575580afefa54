/**
 * The answer queue past the workspace limit end to end: signed Slack requests into the real Bolt app, the real
 * platform client against the simulator. A question past the limit starts its thread with its place in the queue
 * and reaches the platform only when a slot frees, once; a full queue refuses, a deadline ends the wait, and
 * `cancel` in the thread withdraws a queued question: none of them sends anything to the platform.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const allText = (m: FakeSlackMessage): string => JSON.stringify(m.blocks) + m.text;
const hasFooter = (m: FakeSlackMessage): boolean =>
  (m.blocks as Array<Record<string, unknown>>).some((b) => b.type === 'context' && JSON.stringify(b).includes('tokens'));
const requestsTo = (harness: SlackBotHarness, operation: string) => harness.sim.requests.filter((r) => r.operation === operation).length;
const parents = (harness: SlackBotHarness) => harness.slack.channelMessages('C1').filter((m) => !m.threadTs || m.threadTs === m.ts);
const parentAsking = (harness: SlackBotHarness, words: string) => parents(harness).find((p) => allText(p).includes(words));
const replies = (harness: SlackBotHarness, parent: FakeSlackMessage) =>
  harness.slack.threadMessages('C1', parent.ts).filter((m) => m.ts !== parent.ts);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the answer queue past the workspace limit', () => {
  test('a third question waits with its place, a fourth behind it, and each is answered once a slot frees', async () => {
    h = await startSlackBot({ env: { LIMIT_ANSWERS_PER_USER: '3', LIMIT_ANSWERS_PER_WORKSPACE: '2' } });
    h.sim.inject({ kind: 'slow-headers', operation: 'AI07', delayMs: 6_000, times: 2 });
    await h.command('ask First question about dendrites?', { user_id: 'U1' });
    await h.command('ask Second question about separators?', { user_id: 'U2' });
    await waitFor(() => requestsTo(h!, 'AI07') === 2, 'two answers being written');

    await h.command('ask Third question about electrolytes?', { user_id: 'U3' });
    const third = await waitFor(() => parentAsking(h!, 'Third question'), 'the third thread');
    const thirdNote = await waitFor(() => replies(h!, third)[0], 'the third question’s place');
    expect(allText(thirdNote)).toContain('Queued: your question is next');
    await h.command('ask Fourth question about anodes?', { user_id: 'U1' });
    const fourth = await waitFor(() => parentAsking(h!, 'Fourth question'), 'the fourth thread');
    await waitFor(
      () => replies(h!, fourth).some((m) => allText(m).includes('Queued: 1 question ahead of yours; it starts when one of them finishes.')),
      'the fourth question’s place',
    );
    // nothing reached the platform for the queued questions
    await sleep(300);
    expect(requestsTo(h, 'AI07')).toBe(2);
    expect(h.slack.ephemerals).toHaveLength(0);

    // the first two finish; the third, then the fourth, start and are answered, each exactly once
    await waitFor(() => replies(h!, fourth).some(hasFooter) && replies(h!, third).some(hasFooter), 'the queued questions answered', 20_000);
    expect(requestsTo(h, 'AI07')).toBe(4);
    for (const words of ['First', 'Second', 'Third', 'Fourth'])
      expect(replies(h, parentAsking(h, `${words} question`)!).filter(hasFooter)).toHaveLength(1);
    expect(allText(h.slack.message('C1', thirdNote.ts)!)).toContain('left the queue');
    expect(h.sim.requests.filter((r) => r.operation === 'AI07' && JSON.stringify(r).includes('Third question'))).toHaveLength(1);
  }, 40_000);

  test('a full queue refuses with its own note, and a deadline ends the wait with a note, nothing sent', async () => {
    h = await startSlackBot({
      env: { LIMIT_ANSWERS_PER_WORKSPACE: '1', LIMIT_ANSWER_QUEUE_PER_WORKSPACE: '1', LIMIT_ANSWER_QUEUE_WAIT_MS: '1500' },
    });
    h.sim.inject({ kind: 'slow-headers', operation: 'AI07', delayMs: 4_000, times: 1 });
    await h.command('ask First question?', { user_id: 'U1' });
    await waitFor(() => requestsTo(h!, 'AI07') === 1, 'one answer being written');
    await h.command('ask Second question waits?', { user_id: 'U2' });
    const second = await waitFor(() => parentAsking(h!, 'Second question'), 'the second thread');
    await waitFor(() => replies(h!, second)[0], 'the second question’s place');
    await h.command('ask Third question finds the queue full?', { user_id: 'U3' });
    const refusal = await waitFor(() => h!.slack.ephemerals[0], 'the refusal');
    expect(refusal.text + JSON.stringify(refusal.blocks)).toContain('1 question waiting for them already');
    expect(parentAsking(h, 'Third question')).toBeUndefined();

    await waitFor(() => replies(h!, second).some((m) => allText(m).includes('in the queue without a free slot')), 'the deadline note', 5_000);
    expect(allText(replies(h, second)[0]!)).toContain('Nothing was sent.');
    await waitFor(() => replies(h!, parentAsking(h!, 'First question')!).some(hasFooter), 'the first answer', 20_000);
    expect(requestsTo(h, 'AI07')).toBe(1);
  }, 30_000);

  test('cancel in a queued question’s thread withdraws it: nothing reaches the platform', async () => {
    h = await startSlackBot({ env: { LIMIT_ANSWERS_PER_WORKSPACE: '1' } });
    h.sim.inject({ kind: 'slow-headers', operation: 'AI07', delayMs: 2_500, times: 1 });
    await h.command('ask First question?', { user_id: 'U1' });
    await waitFor(() => requestsTo(h!, 'AI07') === 1, 'one answer being written');
    await h.command('ask Second question to cancel?', { user_id: 'U2' });
    const second = await waitFor(() => parentAsking(h!, 'Second question'), 'the second thread');
    await waitFor(() => replies(h!, second)[0], 'the second question’s place');
    await h.event(
      { type: 'app_mention', channel: 'C1', user: 'U2', text: '<@UBOT> cancel', ts: '1800000000.000901', thread_ts: second.ts },
      'EvCancelQueued1',
    );
    await waitFor(() => replies(h!, second).some((m) => allText(m).includes('withdrawn')), 'the withdrawal', 5_000);
    await waitFor(() => replies(h!, parentAsking(h!, 'First question')!).some(hasFooter), 'the first answer', 20_000);
    await sleep(1_500);
    expect(requestsTo(h, 'AI07')).toBe(1);
  }, 30_000);

  test('a follow-up past its deadline offers Retry in its thread, and the Retry is answered once a slot is free', async () => {
    h = await startSlackBot({ env: { LIMIT_ANSWERS_PER_WORKSPACE: '1', LIMIT_ANSWER_QUEUE_WAIT_MS: '1000' } });
    await h.command('ask First question about dendrites?', { user_id: 'U1' });
    const first = await waitFor(() => parentAsking(h!, 'First question'), 'the first thread');
    await waitFor(() => replies(h!, first).some(hasFooter), 'the first answer', 20_000);
    for (let i = 0; i < 200 && (await h.bot.state.listWaiting()).length > 0; i++) await sleep(20);
    h.sim.inject({ kind: 'slow-headers', operation: 'AI07', delayMs: 4_000, times: 1 });
    await h.command('ask Second question holds the slot?', { user_id: 'U2' });
    await waitFor(() => requestsTo(h!, 'AI07') === 2, 'the second answer being written');
    await h.event(
      {
        type: 'message',
        channel: 'C1',
        user: 'U1',
        text: 'And what about anodes?',
        ts: '1800000000.000700',
        thread_ts: first.ts,
        channel_type: 'channel',
      },
      'EvQueuedFollowUp1',
    );
    const note = await waitFor(
      () => replies(h!, first).find((m) => allText(m).includes('in the queue without a free slot')),
      'the deadline note',
      5_000,
    );
    expect(requestsTo(h, 'AI07')).toBe(2);
    const button = (note.blocks as Array<Record<string, unknown>>)
      .filter((b) => b.type === 'actions')
      .flatMap((b) => b.elements as Array<{ action_id: string; value: string }>)[0];
    expect(button).toBeDefined();
    await waitFor(() => replies(h!, parentAsking(h!, 'Second question')!).some(hasFooter), 'the second answer', 20_000);
    await h.click({ action_id: button!.action_id, value: button!.value }, { messageTs: note.ts, threadTs: first.ts, channel: 'C1' });
    await waitFor(() => replies(h!, first).filter(hasFooter).length === 2, 'the retried answer', 20_000);
    expect(requestsTo(h, 'AI07')).toBe(3);
    expect(JSON.stringify(h.sim.requests.filter((r) => r.operation === 'AI07').at(-1))).toContain('what about anodes');
  }, 40_000);
});
