/**
 * Per-user and per-workspace limits end to end: signed Slack requests into the real Bolt app, the real platform
 * client against the simulator. Over a limit the user is told why and nothing starts: no parent message, no
 * record, no platform request; other users go on, and finished (or cancelled) work frees its place.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
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
const answered = (harness: SlackBotHarness) => parents(harness).filter((p) => harness.slack.threadMessages('C1', p.ts).some(hasFooter)).length;

/** The ephemeral note the next command gets. */
async function noteFor(harness: SlackBotHarness, text: string, userId = 'U1'): Promise<string> {
  const before = harness.slack.ephemerals.length;
  await harness.command(text, { user_id: userId });
  const note = await waitFor(() => harness.slack.ephemerals[before], `the note for "${text}"`);
  return note.text + JSON.stringify(note.blocks);
}

describe('limits on platform work', () => {
  test('a user over the answer limit is told and nothing is sent; another user is answered; finished answers free the slots', async () => {
    // several answers at once: Slack's documented rate limits apply (fake-slack-tiers.ts)
    h = await startSlackBot({ slack: { limits: 'documented' }, env: { LIMIT_ANSWERS_PER_USER: '3', LIMIT_ANSWERS_PER_WORKSPACE: '30' } });
    // the first three answers stay in flight (their response headers are held back) while the rest is tried
    h.sim.inject({ kind: 'slow-headers', operation: 'AI07', delayMs: 4_000, times: 3 });
    for (const n of [1, 2, 3]) expect((await h.command(`ask Question number ${n} about dendrites?`)).status).toBe(200);
    await waitFor(() => requestsTo(h!, 'AI07') === 3, 'three answers being written');
    expect(parents(h)).toHaveLength(3);

    const note = await noteFor(h, 'ask A fourth question while three are written?');
    expect(note).toContain('You have 3 answers being written; wait for one to finish.');
    expect(note).toContain('Nothing was sent.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requestsTo(h, 'AI07')).toBe(3);
    expect(parents(h)).toHaveLength(3);
    expect(parents(h).some((p) => allText(p).includes('fourth'))).toBe(false);

    // another member of the same workspace is not held back
    await h.command('ask How do separators stop dendrites?', { user_id: 'U2' });
    await waitFor(() => requestsTo(h!, 'AI07') === 4, "U2's question reaching the platform");
    await waitFor(() => answered(h!) === 4, 'all four answers', 20_000);

    // each answer's slot goes once its turn is saved (its record no longer waits); then U1 asks again and is answered
    for (let i = 0; i < 200 && (await h.bot.state.listWaiting()).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await h.bot.state.listWaiting()).toEqual([]);
    const notesBefore = h.slack.ephemerals.length;
    await h.command('ask And now a fifth question?');
    await waitFor(() => answered(h!) === 5, 'the answer asked after the others finished', 20_000);
    expect(requestsTo(h, 'AI07')).toBe(5);
    expect(h.slack.ephemerals.length).toBe(notesBefore);
    expect(h.slack.callsInsideRetryAfter()).toEqual([]);
  }, 40_000);

  test('without a queue the workspace limit holds every member back, with its own note', async () => {
    // the queue past the workspace limit (slack-answer-queue.test.ts) turned off: refused as before
    h = await startSlackBot({ env: { LIMIT_ANSWERS_PER_USER: '3', LIMIT_ANSWERS_PER_WORKSPACE: '2', LIMIT_ANSWER_QUEUE_PER_WORKSPACE: '0' } });
    h.sim.inject({ kind: 'slow-headers', operation: 'AI07', delayMs: 3_000, times: 2 });
    await h.command('ask First question?', { user_id: 'U1' });
    await h.command('ask Second question?', { user_id: 'U2' });
    await waitFor(() => requestsTo(h!, 'AI07') === 2, 'two answers being written');
    const note = await noteFor(h, 'ask Third question?', 'U3');
    expect(note).toContain('This workspace has 2 answers being written; wait for one to finish.');
    expect(requestsTo(h, 'AI07')).toBe(2);
    await waitFor(() => answered(h!) === 2, 'both answers', 20_000);
  }, 30_000);

  test('a user over the workflow limit is told how to see theirs; cancelling one frees its place', async () => {
    h = await startSlackBot({ simulator: { taskDurationMs: 600_000 }, env: { LIMIT_WORKFLOWS_PER_USER: '1' } });
    const idea = 'A self-heating lunch box with a phase-change layer';
    await h.command(`novelty quick ${idea}`);
    await waitFor(() => requestsTo(h!, 'NOVELTY-REPORT') === 1, 'the first workflow started');
    const first = parents(h)[0]!;

    const note = await noteFor(h, `novelty quick ${idea} again`);
    expect(note).toContain('You have 1 workflow running; wait for one to finish or cancel one (`/iip status` lists them with links).');
    expect(note).toContain('Nothing was sent.');
    expect(requestsTo(h, 'NOVELTY-REPORT')).toBe(1);
    expect(parents(h)).toHaveLength(1);

    // cancelled while its wait polls the platform
    await waitFor(() => requestsTo(h!, 'NOVELTY-QUERY') > 0, 'the wait polling');
    await h.event(
      { type: 'app_mention', channel: 'C1', user: 'U1', text: '<@UBOT> cancel', ts: '1800000000.000900', thread_ts: first.ts },
      'EvCancelLimit1',
    );
    await waitFor(() => h!.slack.threadMessages('C1', first.ts).some((m) => allText(m).includes('Cancelled by')), 'the cancellation');
    // the cancelled wait stops and gives its place back (a moment after the note: asked again until it has)
    // (by the clock, not a count of tries: under load a refused try and its note take longer than the hand-back)
    const until = Date.now() + 20_000;
    while (requestsTo(h, 'NOVELTY-REPORT') === 1 && Date.now() < until) {
      await h.command(`novelty quick ${idea} once more`);
      await waitFor(() => requestsTo(h!, 'NOVELTY-REPORT') > 1, 'the next workflow', 500).catch(() => undefined);
    }
    expect(requestsTo(h, 'NOVELTY-REPORT')).toBe(2);
    expect(parents(h)).toHaveLength(2);
  }, 60_000);

  test('with REDIS_URL the count lives in Redis under the key prefix', async () => {
    const prefix = `iip-test:limits-e2e:${randomUUID()}:`;
    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      h = await startSlackBot({ env: { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix, LIMIT_ANSWERS_PER_USER: '1' } });
      h.sim.inject({ kind: 'slow-headers', operation: 'AI07', delayMs: 3_000, times: 1 });
      await h.command('ask First question?');
      await waitFor(() => requestsTo(h!, 'AI07') === 1, 'the answer being written');
      expect(await redis.zcard(`${prefix}limits:{slack:2:T1}:answer:user:U1`)).toBe(1);
      expect(await noteFor(h, 'ask Second question?')).toContain('You have 1 answer being written; wait for one to finish.');
      expect(requestsTo(h, 'AI07')).toBe(1);
      await waitFor(() => answered(h!) === 1, 'the answer', 20_000);
      for (let i = 0; i < 200 && (await redis.zcard(`${prefix}limits:{slack:2:T1}:answer:user:U1`)) > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await redis.zcard(`${prefix}limits:{slack:2:T1}:answer:user:U1`)).toBe(0);
    } finally {
      await h?.close();
      h = undefined;
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  }, 30_000);
});
