/**
 * The fake Web API's streaming methods hold Slack's rules, checked with Slack's own WebClient: a stream in a
 * channel needs its recipient, text grows only while streaming, each call and each message take at most 12,000
 * characters, the stop call's blocks go below the text, membership and refusals answer as Slack does, and
 * appendStream has an opt-in per-workspace budget answered with 429 and Retry-After.
 */
import { webApi } from '@slack/bolt';
import { afterEach, expect, test } from 'vitest';
import { startFakeSlackApi, type FakeSlackApi } from './fake-slack-api.js';

let slack: FakeSlackApi | undefined;
afterEach(async () => {
  await slack?.close();
  slack = undefined;
});

const clientOf = (api: FakeSlackApi) =>
  new webApi.WebClient('xoxb-test', { slackApiUrl: api.url, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true });
const errorOf = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (error: { data?: { error?: string }; code?: string }) => error.data?.error ?? error.code,
  );
const recipient = { recipient_user_id: 'U1', recipient_team_id: 'T1' };
const feedback = {
  type: 'context_actions',
  elements: [
    {
      type: 'feedback_buttons',
      action_id: 'feedback',
      positive_button: { text: { type: 'plain_text', text: '👍' }, value: 'good' },
      negative_button: { text: { type: 'plain_text', text: '👎' }, value: 'bad' },
    },
  ],
};

test('a channel stream needs its recipient, grows while streaming, and stops with blocks below its text', async () => {
  slack = await startFakeSlackApi();
  const client = clientOf(slack);
  expect(await errorOf(client.chat.startStream({ channel: 'C1', thread_ts: '1.1', markdown_text: 'x' }))).toBe('missing_recipient_user_id');
  expect(await errorOf(client.chat.startStream({ channel: 'C1', thread_ts: '1.1', recipient_user_id: 'U1' }))).toBe('missing_recipient_team_id');
  const started = await client.chat.startStream({ channel: 'C1', thread_ts: '1.1', ...recipient, markdown_text: 'Hello' });
  const ts = String(started.ts);
  await client.chat.appendStream({ channel: 'C1', ts, markdown_text: ', world' });
  await client.chat.appendStream({
    channel: 'C1',
    ts,
    chunks: [
      { type: 'markdown_text', text: '.' },
      { type: 'task_update', id: 't1', title: 'Searching', status: 'in_progress' },
    ],
  });
  expect(slack.messageText('C1', ts)).toBe('Hello, world.');
  expect(slack.message('C1', ts)?.stream?.state).toBe('in_progress');
  const stopped = await client.chat.stopStream({ channel: 'C1', ts, markdown_text: ' Bye', blocks: [feedback] });
  expect(stopped.message?.text).toBe('Hello, world. Bye');
  const message = slack.message('C1', ts);
  expect(message?.threadTs).toBe('1.1');
  expect(message?.blocks.map((b) => b.type)).toEqual(['markdown', 'context_actions']);
  expect(message?.stream?.appends.map((a) => a.text)).toEqual(['Hello', ', world', '.', ' Bye']);
  expect(message?.stream?.chunks).toEqual([{ type: 'task_update', id: 't1', title: 'Searching', status: 'in_progress' }]);
  expect(await errorOf(client.chat.appendStream({ channel: 'C1', ts, markdown_text: 'late' }))).toBe('message_not_in_streaming_state');
  expect(await errorOf(client.chat.stopStream({ channel: 'C1', ts }))).toBe('message_not_in_streaming_state');
  const calls = slack.callsTo('chat.appendStream');
  expect(calls.map((c) => c.status)).toEqual([200, 200, 200]);
  expect(calls[2]?.error).toBe('message_not_in_streaming_state');
  expect((calls[0]?.answeredAt ?? 0) >= (calls[0]?.at ?? Number.POSITIVE_INFINITY)).toBe(true);
});

test('12,000 characters a call and a message; bad chunks, blocks and unknown messages are refused', async () => {
  slack = await startFakeSlackApi();
  const client = clientOf(slack);
  slack.channels.openDm('U1');
  const { ts } = await client.chat.startStream({ channel: 'DU1', thread_ts: '1.1' });
  const at = { channel: 'DU1', ts: String(ts) };
  expect(await errorOf(client.chat.appendStream({ ...at, markdown_text: 'a'.repeat(12_001) }))).toBe('msg_too_long');
  await client.chat.appendStream({ ...at, markdown_text: 'a'.repeat(12_000) });
  expect(await errorOf(client.chat.appendStream({ ...at, markdown_text: 'b' }))).toBe('msg_too_long');
  expect(slack.messageText('DU1', String(ts))).toBe('a'.repeat(12_000));
  expect(await errorOf(client.chat.appendStream({ ...at }))).toBe('no_text');
  const badChunk = [{ type: 'image', url: 'x' }] as unknown as never[];
  expect(await errorOf(client.chat.appendStream({ ...at, chunks: badChunk }))).toBe('invalid_chunks');
  const badFeedback = { type: 'context_actions', elements: [{ type: 'feedback_buttons', positive_button: {} }] } as never;
  expect(await errorOf(client.chat.stopStream({ ...at, blocks: [badFeedback] }))).toBe('invalid_blocks');
  expect(await errorOf(client.chat.appendStream({ channel: 'DU1', ts: '9.9', markdown_text: 'x' }))).toBe('message_not_found');
  expect(await errorOf(client.chat.startStream({ channel: 'DU1', markdown_text: 'x' } as never))).toBe('invalid_arguments');
});

test('membership as for postMessage; refused per conversation type or workspace, mid-stream included', async () => {
  slack = await startFakeSlackApi();
  const client = clientOf(slack);
  slack.channels.openDm('U1');
  slack.channels.add({ id: 'CPUB', kind: 'public', members: ['U1'] });
  slack.channels.add({ id: 'GPRIV', kind: 'private', members: ['U1'] });
  const start = (channel: string) => errorOf(client.chat.startStream({ channel, thread_ts: '1.1', ...recipient, markdown_text: 'x' }));
  expect(await start('CPUB')).toBe('not_in_channel');
  expect(await start('GPRIV')).toBe('channel_not_found');
  const { ts } = await client.chat.startStream({ channel: 'C1', thread_ts: '1.1', ...recipient, markdown_text: 'one' });
  slack.streams.refuseIn('public');
  expect(await errorOf(client.chat.appendStream({ channel: 'C1', ts: String(ts), markdown_text: ' two' }))).toBe('channel_type_not_supported');
  expect(await errorOf(client.chat.startStream({ channel: 'DU1', thread_ts: '1.1', markdown_text: 'x' }))).toBe('ok');
  slack.streams.refuseForTeam('T1');
  expect(await errorOf(client.chat.startStream({ channel: 'DU1', thread_ts: '1.1', markdown_text: 'x' }))).toBe('unknown_method');
  slack.streams.allowEverywhere();
  await client.chat.appendStream({ channel: 'C1', ts: String(ts), markdown_text: ' two' });
  expect(slack.messageText('C1', String(ts))).toBe('one two');
  expect(slack.streams.messages().map((m) => m.channel)).toEqual(['C1', 'DU1']);
});

test('an opt-in appendStream budget per workspace answers 429 with Retry-After', async () => {
  slack = await startFakeSlackApi({ appendsPerMinute: 2 });
  const client = clientOf(slack);
  const { ts } = await client.chat.startStream({ channel: 'C1', thread_ts: '1.1', ...recipient });
  const append = (text: string) => errorOf(client.chat.appendStream({ channel: 'C1', ts: String(ts), markdown_text: text }));
  expect([await append('a'), await append('b'), await append('c')]).toEqual(['ok', 'ok', 'slack_webapi_rate_limited_error']);
  const refused = slack.callsTo('chat.appendStream')[2];
  expect(refused?.status).toBe(429);
  expect(slack.messageText('C1', String(ts))).toBe('ab');
  slack.streams.setAppendBudget(undefined);
  expect(await append('c')).toBe('ok');
});
