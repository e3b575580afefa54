/**
 * The fake Web API's documented limits (`limits: 'documented'`), checked with Slack's own WebClient: each method
 * at its tier's floor per workspace per rolling minute, chat.postMessage per channel (5 at once, then one a
 * second), 429 with Retry-After beyond; a call made after the 429 was read, before that Retry-After passed, is
 * recorded as such.
 */
import { webApi } from '@slack/bolt';
import { afterEach, expect, test } from 'vitest';
import { startFakeSlackApi, type FakeSlackApi } from './fake-slack-api.js';
import { ANSWER_IN_FLIGHT_MS, DOCUMENTED_PER_MINUTE, FakeSlackTiers, RETRY_AFTER_STALL_CREDIT_MS } from './fake-slack-tiers.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let slack: FakeSlackApi | undefined;
afterEach(async () => {
  await slack?.close();
  slack = undefined;
});

const clientOf = (api: FakeSlackApi, token = 'xoxb-test') =>
  new webApi.WebClient(token, { slackApiUrl: api.url, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true });
/** 'ok', or the 429's Retry-After in seconds, or Slack's error code */
const outcomeOf = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (error: { code?: string; retryAfter?: number; data?: { error?: string } }) =>
      error.code === 'slack_webapi_rate_limited_error' ? `429 ${error.retryAfter}` : (error.data?.error ?? error.code),
  );
const recipient = { recipient_user_id: 'U1', recipient_team_id: 'T1' };

test('chat.startStream is Tier 2: 20 a minute per workspace, the 21st answered 429 with Retry-After, a call inside it recorded', async () => {
  slack = await startFakeSlackApi({ limits: 'documented' });
  const client = clientOf(slack);
  expect(DOCUMENTED_PER_MINUTE['chat.startStream']).toBe(20);
  for (let i = 0; i < 20; i++) {
    expect(await outcomeOf(client.chat.startStream({ channel: `C${i}`, thread_ts: '1.1', markdown_text: 'x', ...recipient }))).toBe('ok');
  }
  const refused = await outcomeOf(client.chat.startStream({ channel: 'C99', thread_ts: '1.1', markdown_text: 'x', ...recipient }));
  expect(refused).toMatch(/^429 (59|60)$/);
  expect(slack.callsInsideRetryAfter()).toEqual([]);
  // other methods have budgets of their own: appends and posts still go
  const ts = slack.streams.messages()[0]!.ts;
  expect(await outcomeOf(client.chat.appendStream({ channel: 'C0', ts, markdown_text: 'y' }))).toBe('ok');
  expect(await outcomeOf(client.chat.postMessage({ channel: 'C1', text: 'hi' }))).toBe('ok');
  expect(slack.callsInsideRetryAfter()).toEqual([]);
  // a bot that does not wait: its call, made once it could have read the 429 (however busy the machine), is refused
  // again and recorded
  await sleep(ANSWER_IN_FLIGHT_MS + RETRY_AFTER_STALL_CREDIT_MS + 50);
  expect(await outcomeOf(client.chat.startStream({ channel: 'C98', thread_ts: '1.1', markdown_text: 'x', ...recipient }))).toMatch(/^429/);
  expect(slack.callsInsideRetryAfter().map((c) => c.method)).toEqual(['chat.startStream']);
});

test('a call that arrives after a 429 by no more than the time the process could not run (plus the answer in flight) is not inside', async () => {
  const tiers = new FakeSlackTiers(true);
  const key = tiers.keyOf('chat.startStream', 'T1', undefined);
  const answeredAt = Date.now();
  tiers.opened(key, answeredAt, answeredAt, 60);
  await sleep(30); // the stall ticker runs
  // the process is held back for 300 ms (a busy machine): the 429's answer could not be read meanwhile
  const stalledUntil = Date.now() + 300;
  while (Date.now() < stalledUntil) {}
  await sleep(20);
  expect(tiers.insideWindow(key, Date.now())).toBe(false);
  // however long the process was held back, a call made well after the credit's bound is inside
  await sleep(ANSWER_IN_FLIGHT_MS + RETRY_AFTER_STALL_CREDIT_MS + 50);
  expect(tiers.insideWindow(key, Date.now())).toBe(true);
});

test('chat.postMessage: 5 at once per channel, then one a second; another channel is not held back', async () => {
  slack = await startFakeSlackApi({ limits: 'documented' });
  const client = clientOf(slack);
  const posts = await Promise.all(Array.from({ length: 6 }, (_, i) => outcomeOf(client.chat.postMessage({ channel: 'C1', text: `m${i}` }))));
  expect(posts.filter((p) => p === 'ok')).toHaveLength(5);
  expect(posts.filter((p) => p === '429 1')).toHaveLength(1);
  expect(await outcomeOf(client.chat.postMessage({ channel: 'C2', text: 'elsewhere' }))).toBe('ok');
  await sleep(1_100);
  expect(await outcomeOf(client.chat.postMessage({ channel: 'C1', text: 'after a second' }))).toBe('ok');
  expect(slack.callsInsideRetryAfter()).toEqual([]);
  expect(slack.channelMessages('C1')).toHaveLength(6);
});

test('without the option nothing is limited beyond what the test sets, and a failNext Retry-After still opens a window', async () => {
  slack = await startFakeSlackApi();
  const client = clientOf(slack);
  for (let i = 0; i < 60; i++) expect(await outcomeOf(client.chat.update({ channel: 'C1', ts: '1.1', text: 'x' }))).toBe('message_not_found');
  slack.failNext('chat.update', { status: 429, retryAfter: 30 });
  expect(await outcomeOf(client.chat.update({ channel: 'C1', ts: '1.1', text: 'x' }))).toBe('429 30');
  // past the allowance and any credit the loop's stalls could give (a loaded machine gave over 50 ms of it)
  await sleep(ANSWER_IN_FLIGHT_MS + RETRY_AFTER_STALL_CREDIT_MS + 50);
  expect(await outcomeOf(client.chat.update({ channel: 'C1', ts: '1.1', text: 'x' }))).toBe('message_not_found');
  expect(slack.callsInsideRetryAfter()).toHaveLength(1);
});
