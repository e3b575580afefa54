/**
 * The native stream's Web API calls (src/adapters/slack/stream-calls.ts: JSON over undici, not the WebClient)
 * against the fake Web API: the token as a bearer, the arguments as JSON, and failures mapped as the WebClient's
 * are: a 429 with its Retry-After, Slack's error codes, HTTP statuses, an unreachable Slack, a token the bot lacks.
 */
import { afterEach, expect, it } from 'vitest';
import { SlackApiError } from '../../../src/adapters/slack/errors.js';
import { slackStreamCalls } from '../../../src/adapters/slack/stream-calls.js';
import { ChatRateLimitedError } from '../../../src/core/chat-errors.js';
import { startFakeSlackApi, type FakeSlackApi } from '../../helpers/fake-slack-api.js';

const TOKEN = 'xoxb-stream-calls-test';
let fake: FakeSlackApi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

it('sends the arguments as JSON with the bearer token and answers with what Slack answered', async () => {
  fake = await startFakeSlackApi({ token: TOKEN });
  const api = slackStreamCalls(async () => TOKEN, fake.url);
  const blocks = [{ type: 'context', elements: [{ type: 'mrkdwn', text: 'a source' }] }];
  const started = await api('T1', 'chat.startStream', {
    channel: 'C1',
    thread_ts: '1700000000.000001',
    markdown_text: 'Hello',
    recipient_user_id: 'U1',
    recipient_team_id: 'T1',
  });
  expect(typeof started.ts).toBe('string');
  await api('T1', 'chat.stopStream', { channel: 'C1', ts: started.ts, markdown_text: ' world', blocks });
  const [start, stop] = fake.calls;
  expect(start).toMatchObject({ method: 'chat.startStream', authorized: true, args: { markdown_text: 'Hello', recipient_user_id: 'U1' } });
  expect(stop).toMatchObject({ method: 'chat.stopStream', authorized: true, args: { markdown_text: ' world', blocks } });
});

it('maps a 429 to ChatRateLimitedError with its Retry-After, and Slack codes and HTTP statuses to SlackApiError', async () => {
  fake = await startFakeSlackApi({ token: TOKEN });
  const api = slackStreamCalls(async () => TOKEN, fake.url);
  const args = { channel: 'C1', ts: '1700000000.000001', markdown_text: 'x' };
  fake.failNext('chat.appendStream', { status: 429, retryAfter: 7 });
  const limited = await failureOf(api('T1', 'chat.appendStream', args));
  expect(limited).toBeInstanceOf(ChatRateLimitedError);
  expect(limited).toMatchObject({ retryAfterMs: 7_000, scope: 'T1' });
  // other workspaces: T1's appends now wait out its 7 s
  fake.failNext('chat.appendStream', { status: 429 });
  expect(await failureOf(api('T2', 'chat.appendStream', args))).toMatchObject({ retryAfterMs: 1_000 });
  fake.failNext('chat.appendStream', 'ratelimited');
  expect(await failureOf(api('T3', 'chat.appendStream', args))).toBeInstanceOf(ChatRateLimitedError);
  fake.failNext('chat.startStream', 'channel_type_not_supported');
  expect(await failureOf(api('T1', 'chat.startStream', args))).toMatchObject({ method: 'chat.startStream', code: 'channel_type_not_supported' });
  fake.failNext('chat.stopStream', { status: 503 });
  const unavailable = await failureOf(api('T1', 'chat.stopStream', args));
  expect(unavailable).toBeInstanceOf(SlackApiError);
  expect(unavailable).toMatchObject({ code: 'http_503' });
});

it('a method Slack answered with a 429 waits out the Retry-After before its next call leaves; other methods and workspaces go at once', async () => {
  fake = await startFakeSlackApi({ token: TOKEN });
  const slack = fake;
  const api = slackStreamCalls(async () => TOKEN, slack.url);
  const streams = await Promise.all(
    ['1', '2'].map((n) =>
      api('T1', 'chat.startStream', {
        channel: 'C1',
        thread_ts: `1700000000.00000${n}`,
        markdown_text: 'a',
        recipient_user_id: 'U1',
        recipient_team_id: 'T1',
      }),
    ),
  );
  const [args, other] = streams.map((started): Record<string, unknown> => ({ channel: 'C1', ts: started.ts, markdown_text: 'x' }));
  if (!args || !other) throw new Error('two streams were started');
  slack.failNext('chat.appendStream', { status: 429, retryAfter: 1 });
  await failureOf(api('T1', 'chat.appendStream', args));
  const refusedAt = slack.calls[2]!.answeredAt!;
  // granted before the 429 was read, these would have gone at once
  const appends = Promise.all([api('T1', 'chat.appendStream', args), api('T1', 'chat.appendStream', args)]);
  await Promise.all([api('T1', 'chat.stopStream', other), api('T2', 'chat.appendStream', args)]);
  expect(slack.calls.slice(3).map((c) => `${c.method} ${c.args.channel}`)).toEqual(['chat.stopStream C1', 'chat.appendStream C1']);
  await appends;
  const waited = slack.calls.filter((c) => c.method === 'chat.appendStream').slice(2);
  expect(waited).toHaveLength(2);
  for (const call of waited) expect(call.at - refusedAt).toBeGreaterThanOrEqual(900);
  expect(slack.callsInsideRetryAfter()).toEqual([]);
});

it('an unreachable Slack is request_failed; a token the bot lacks fails as that error, with no call made', async () => {
  fake = await startFakeSlackApi({ token: TOKEN });
  const url = fake.url;
  await fake.close();
  fake = undefined;
  const gone = await failureOf(slackStreamCalls(async () => TOKEN, url)('T1', 'chat.appendStream', { channel: 'C1' }));
  expect(gone).toMatchObject({ method: 'chat.appendStream', code: 'request_failed' });
  const noToken = new SlackApiError('auth', 'not_installed');
  expect(await failureOf(slackStreamCalls(async () => Promise.reject(noToken), url)('T9', 'chat.appendStream', {}))).toBe(noToken);
});
