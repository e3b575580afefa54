/**
 * The Slack adapter's native stream against the fake Web API: no stream without a recipient outside a DM, a DM
 * needs none, a mention cut between two deltas still arrives defused, a final message that is not the streamed
 * text continued replaces it by chat.update, nothing appended is nothing sent, and a refusal is remembered.
 */
import { afterEach, expect, it } from 'vitest';
import { SlackApiError } from '../../../src/adapters/slack/index.js';
import { markdown } from '../../../src/core/message.js';
import { threadId } from '../../../src/core/thread-id.js';
import { startSlackHarness, type SlackHarness } from './harness.js';

let harness: SlackHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const IN_CHANNEL = threadId('slack', 'T1', 'C1', '1700000000.000001');
const IN_DM = threadId('slack', 'T1', 'DU1', '1700000000.000002');

it('streams in a channel only for a recipient; in a DM without one', async () => {
  const h = (harness = await startSlackHarness());
  h.fake.channels.openDm('U1');
  expect(await h.adapter.nativeStream!(IN_CHANNEL)).toBeUndefined();
  const dm = (await h.adapter.nativeStream!(IN_DM))!;
  const ref = await dm.append('Hello');
  expect(ref).toEqual({ thread: IN_DM, messageId: h.fake.streams.messages()[0]?.ts });
  expect(h.fake.callsTo('chat.startStream')[0]?.args).not.toHaveProperty('recipient_user_id');
  await dm.stop(markdown('Hello'));
  expect(h.fake.callsTo('chat.stopStream')[0]?.args).not.toHaveProperty('markdown_text');
});

it('a mention cut between two deltas arrives defused; the stop adds the rest and the blocks below', async () => {
  const h = (harness = await startSlackHarness());
  const stream = (await h.adapter.nativeStream!(IN_CHANNEL, { userId: 'U1' }))!;
  await stream.append('Ask <');
  await stream.append('!channel> about it\\');
  await stream.append('<@U9> too');
  const sent = h.fake.calls.filter((c) => c.method.endsWith('Stream')).map((c) => String(c.args.markdown_text ?? ''));
  expect(sent.join('')).toBe('Ask &lt;!channel> about it&lt;@U9> too');
  expect(h.fake.callsTo('chat.startStream')[0]?.args).toMatchObject({
    recipient_user_id: 'U1',
    recipient_team_id: 'T1',
    thread_ts: '1700000000.000001',
  });
  const ref = await stream.stop({
    text: 'final',
    blocks: [
      { type: 'markdown', text: 'Ask <!channel> about it\\<@U9> too.' },
      { type: 'context', text: 'General model' },
    ],
  });
  const stop = h.fake.callsTo('chat.stopStream')[0]!;
  expect(stop.args.markdown_text).toBe('.');
  expect(stop.args.blocks).toEqual([{ type: 'context', elements: [{ type: 'mrkdwn', text: 'General model' }] }]);
  expect(h.fake.messageText('C1', ref.messageId)).toBe('Ask &lt;!channel> about it&lt;@U9> too.\nGeneral model');
  expect(h.fake.callsTo('chat.update')).toHaveLength(0);
});

it('a final message that does not continue the streamed text replaces it; a stop with nothing streamed posts', async () => {
  const h = (harness = await startSlackHarness());
  const stream = (await h.adapter.nativeStream!(IN_CHANNEL, { userId: 'U1' }))!;
  await stream.append('draft text');
  const ref = await stream.stop(markdown('another text'));
  expect(h.fake.callsTo('chat.update')[0]?.args).toMatchObject({ ts: ref.messageId });
  expect(h.fake.messageText('C1', ref.messageId)).toBe('another text');
  const empty = (await h.adapter.nativeStream!(IN_CHANNEL, { userId: 'U1' }))!;
  await empty.append('<');
  expect(h.fake.callsTo('chat.startStream')).toHaveLength(1);
  const posted = await empty.stop({ text: 'nothing', blocks: [{ type: 'context', text: 'nothing arrived' }] });
  expect(h.fake.message('C1', posted.messageId)?.stream).toBeUndefined();
});

it('a refusal is thrown as Slack said it and remembered for the channel; other channels still stream', async () => {
  const h = (harness = await startSlackHarness());
  h.fake.failNext('chat.startStream', 'channel_type_not_supported');
  const stream = (await h.adapter.nativeStream!(IN_CHANNEL, { userId: 'U1' }))!;
  const error = await stream.append('text').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SlackApiError);
  expect((error as SlackApiError).code).toBe('channel_type_not_supported');
  expect(await h.adapter.nativeStream!(IN_CHANNEL, { userId: 'U1' })).toBeUndefined();
  expect(await h.adapter.nativeStream!(threadId('slack', 'T1', 'C2', '1.1'), { userId: 'U1' })).toBeDefined();
  expect(h.logs()).toContain('refused native streaming');
});
