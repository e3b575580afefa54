/**
 * /metrics after real flows through the Slack app, the platform simulator and the fake Slack Web API: an answer,
 * a redelivered event, a 429 storm and a 5xx from Slack, a platform failure, a limit refusal and a workflow's wait.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { ChatThread, hasFooter } from './faults-chat-thread.js';
import { Scrape } from '../metrics/scrape.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const scrape = (): Promise<Scrape> => Scrape.of(h!.bot.metricsUrl!);
const slackAsk = { chat: 'slack', verb: 'ask' };

async function eventually(check: (s: Scrape) => boolean, what: string, timeoutMs = 15_000): Promise<Scrape> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await scrape();
    if (check(s)) return s;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('/metrics after real flows', () => {
  test('an answer moves the delay histograms, the platform and chat call counts, the command count and lock waits', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 5 } });
    expect(h.bot.metricsUrl).toBe(`${h.bot.httpUrl}/metrics`);
    const before = await scrape();
    expect(before.value('iip_answer_first_text_seconds_count', slackAsk)).toBe(0);
    expect(before.series('process_cpu_user_seconds_total')).toHaveLength(1);
    expect(before.series('nodejs_eventloop_lag_seconds')).toHaveLength(1);

    await h.command('ask How do solid-state batteries avoid dendrites?');
    const thread = await ChatThread.nth(h.slack, 0);
    await thread.answer();
    const s = await eventually((x) => x.value('iip_answer_final_text_seconds_count', slackAsk) === 1, 'the final delay');
    expect(s.value('iip_answer_first_text_seconds_count', slackAsk)).toBe(1);
    expect(s.value('iip_commands_total', { chat: 'slack', verb: 'ask', workspace: 'other' })).toBe(1);
    const first = s.value('iip_answer_first_text_seconds_sum', slackAsk);
    const final = s.value('iip_answer_final_text_seconds_sum', slackAsk);
    expect(first).toBeGreaterThan(0);
    expect(final).toBeGreaterThanOrEqual(first);
    // cumulative buckets: never decreasing, the last (+Inf) holds the one answer, and the final one falls in the bucket its sum says
    const buckets = [...s.buckets('iip_answer_final_text_seconds', slackAsk).entries()];
    expect(buckets.at(-1)).toEqual(['+Inf', 1]);
    for (let i = 1; i < buckets.length; i += 1) expect(buckets[i]![1]).toBeGreaterThanOrEqual(buckets[i - 1]![1]);
    for (const [le, count] of buckets) expect(count).toBe(le === '+Inf' || final <= Number(le) ? 1 : 0);

    expect(s.value('iip_platform_calls_total', { operation: 'AI07', outcome: 'ok' })).toBe(1);
    expect(s.value('iip_platform_call_seconds_count', { operation: 'AI07', outcome: 'ok' })).toBe(1);
    const chatCalls = s.series('iip_chat_calls_total', { chat: 'slack' });
    expect(chatCalls.filter((c) => c.labels.outcome !== 'ok')).toEqual([]);
    // the thread's parent, then the answer posted and edited as it streamed
    expect(s.value('iip_chat_calls_total', { chat: 'slack', method: 'startThread', outcome: 'ok' })).toBe(1);
    const slackSends = h.slack.calls.filter((c) => c.method === 'chat.postMessage' || c.method === 'chat.update').length;
    expect(s.value('iip_chat_calls_total', { chat: 'slack', outcome: 'ok' })).toBeGreaterThanOrEqual(slackSends);
    expect(s.value('iip_open_streams', { chat: 'slack' })).toBe(0);
    expect(s.value('iip_lock_wait_seconds_count', { outcome: 'acquired' })).toBeGreaterThan(0);
    expect(s.value('iip_workflow_steps_total', { workflow: 'chat' })).toBeGreaterThan(0);
    expect(s.series('iip_commands_total').every((c) => !JSON.stringify(c.labels).includes('U1'))).toBe(true);
  });

  test('an event Slack delivers twice is one dedupe hit, and handled once', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
    const mention = { type: 'app_mention', channel: 'C1', user: 'U1', text: '<@UBOT> ask What is a solid electrolyte?', ts: '1800000000.000100' };
    expect((await h.event(mention, 'EvTwice1')).status).toBe(200);
    await waitFor(() => h!.slack.threadMessages('C1', mention.ts).some(hasFooter), 'the answer');
    expect((await h.event(mention, 'EvTwice1', { retryNum: 1 })).status).toBe(200);
    const s = await eventually((x) => x.value('iip_dedupe_hits_total', { chat: 'slack' }) === 1, 'the dedupe hit');
    expect(s.value('iip_platform_calls_total', { operation: 'AI07' })).toBe(1);
    expect(s.value('iip_commands_total', { chat: 'slack', verb: 'ask' })).toBe(1);
  });

  test('a 429 storm and a 5xx from Slack are counted by method and outcome', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 10, minAnswerChars: 2_500 }, env: { RELAY_WORKSPACE_EDITS_PER_MINUTE: '600' } });
    h.slack.streams.refuseIn('public'); // the storm is on chat.update: the post + edit path
    await h.command('ask Map thermal runaway patents');
    const thread = await ChatThread.nth(h.slack, 0);
    await waitFor(() => thread.replies().some((m) => m.edits > 0), 'the answer to be streaming');
    for (let i = 0; i < 3; i += 1) h.slack.failNext('chat.update', { status: 429, retryAfter: 1 });
    h.slack.failNext('chat.update', { status: 503 });
    await thread.answer(1, 20_000);
    const s = await eventually((x) => x.value('iip_answer_final_text_seconds_count', slackAsk) === 1, 'the final delay');
    expect(s.value('iip_chat_calls_total', { chat: 'slack', method: 'edit', outcome: '429' })).toBe(3);
    expect(s.value('iip_chat_calls_total', { chat: 'slack', method: 'edit', outcome: '5xx' })).toBe(1);
    expect(s.value('iip_chat_calls_total', { chat: 'slack', method: 'edit', outcome: 'ok' })).toBe(h.slack.callsTo('chat.update').length - 4);
  }, 30_000);

  test('a platform failure is counted by operation and error family, with its latency, and no answer delay', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
    h.sim.inject({ kind: 'http-status', status: 503, operation: 'AI07', times: 1 });
    await h.command('ask What limits the cycle life of silicon anodes?');
    const thread = await ChatThread.nth(h.slack, 0);
    await thread.reply((m) => JSON.stringify(m.blocks).includes('having trouble'), 'the failure note');
    const s = await eventually((x) => x.value('iip_platform_calls_total', { operation: 'AI07' }) === 1, 'the failed call');
    expect(s.value('iip_platform_calls_total', { operation: 'AI07', outcome: 'service' })).toBe(1);
    expect(s.value('iip_platform_call_seconds_count', { operation: 'AI07', outcome: 'service' })).toBe(1);
    expect(s.buckets('iip_platform_call_seconds', { operation: 'AI07', outcome: 'service' }).get('+Inf')).toBe(1);
    expect(s.value('iip_answer_final_text_seconds_count', slackAsk)).toBe(0);
    // the note the user saw is the event's first text
    expect(s.value('iip_answer_first_text_seconds_count', slackAsk)).toBe(1);
  });

  test('a second answer past the per-user limit is a refusal by scope and kind', async () => {
    h = await startSlackBot({ simulator: { streamChunkDelayMs: 20, minAnswerChars: 2_000 }, env: { LIMIT_ANSWERS_PER_USER: '1' } });
    await h.command('ask Map anode coating patents');
    const thread = await ChatThread.nth(h.slack, 0);
    await waitFor(() => thread.replies().length > 0, 'the first answer to start');
    await h.command('ask Map separator film patents');
    const s = await eventually((x) => x.value('iip_limit_refusals_total') === 1, 'the refusal');
    expect(s.value('iip_limit_refusals_total', { scope: 'user', kind: 'answer' })).toBe(1);
    expect(s.value('iip_open_streams', { chat: 'slack' })).toBe(1);
    await thread.answer(1, 20_000);
  }, 30_000);

  test("a workflow's recorded wait shows with its age while it waits, and its steps' states are counted", async () => {
    h = await startSlackBot({ simulator: { taskDurationMs: 1_500 } });
    await h.command('novelty quick A self-heating lunch box with a phase-change layer');
    const waiting = await eventually((x) => x.value('iip_waits') === 1, 'the recorded wait');
    const [wait] = waiting.series('iip_waits');
    expect(wait!.labels.workflow).toBeTruthy();
    expect(waiting.value('iip_wait_oldest_age_seconds', { workflow: wait!.labels.workflow! })).toBeGreaterThanOrEqual(0);
    const later = await eventually((x) => x.value('iip_wait_oldest_age_seconds') >= 0.2, 'the wait to age');
    expect(later.value('iip_waits')).toBe(1);
    const done = await eventually((x) => x.value('iip_workflow_steps_total', { state: 'done' }) >= 1, 'the workflow to finish', 20_000);
    expect(done.value('iip_waits')).toBe(0);
    expect(done.value('iip_workflow_steps_total', { workflow: wait!.labels.workflow!, state: 'waiting' })).toBeGreaterThanOrEqual(1);
    expect(done.value('iip_platform_calls_total', { operation: 'NOVELTY-REPORT', outcome: 'ok' })).toBe(1);
  }, 30_000);
});
