/** The Slack adapter's own sending and failure cases; what every adapter promises is in ../contract.ts. */
import { afterEach, describe, expect, it } from 'vitest';
import { ChatRateLimitedError } from '../../../src/core/chat-errors.js';
import { markdown, type OutgoingMessage } from '../../../src/core/message.js';
import { conversationId, threadId } from '../../../src/core/thread-id.js';
import { SlackApiError } from '../../../src/adapters/slack/index.js';
import { blockActionsPayload, sendInteraction } from '../../helpers/slack-requests.js';
import { BOT_TOKEN, SIGNING_SECRET, startSlackHarness, type SlackHarness } from './harness.js';

let harness: SlackHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const start = async () => (harness = await startSlackHarness());
const CHANNEL = conversationId('slack', 'T1', 'C1');

async function caught(promise: Promise<unknown> | undefined): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('Slack adapter: sending', () => {
  it('starts a thread with a top-level chat.postMessage and posts replies into it', async () => {
    const h = await start();
    const parent = await h.adapter.startThread(CHANNEL, markdown('**Novelty search** started'));
    const parentTs = parent.messageId;
    expect(parent.thread).toBe(threadId('slack', 'T1', 'C1', parentTs));
    const reply = await h.adapter.post(parent.thread, markdown('step 1 done'));
    expect(reply.thread).toBe(parent.thread);
    const [first, second] = h.fake.callsTo('chat.postMessage');
    expect(first?.args).toMatchObject({
      channel: 'C1',
      text: '**Novelty search** started',
      blocks: [{ type: 'markdown', text: '**Novelty search** started' }],
    });
    expect(first?.args.thread_ts).toBeUndefined();
    expect(second?.args).toMatchObject({ channel: 'C1', thread_ts: parentTs });
    expect(h.fake.threadMessages('C1', parentTs).map((m) => m.ts)).toEqual([parentTs, reply.messageId]);
    expect(h.fake.calls.every((call) => call.authorized)).toBe(true);
  });

  // how a long answer splits, in order and whole, is the adapter contract's (../contract.ts); this is Slack's own limit
  it("splits a 30,000-character answer at markdown boundaries, each message's notification text within 4,000 characters", async () => {
    const h = await start();
    const thread = (await h.adapter.startThread(CHANNEL, markdown('answer'))).thread;
    const paragraphs = Array.from({ length: 300 }, (_, i) => `Paragraph ${i}: ${'lorem ipsum '.repeat(7)}`);
    const text = paragraphs.join('\n\n');
    expect(text.length).toBeGreaterThan(25_000);
    await h.adapter.post(thread, markdown(text));
    const replies = h.fake.threadMessages('C1', thread.split(':')[3] as string).slice(1);
    expect(replies.length).toBeGreaterThanOrEqual(3);
    expect(replies.map((m) => h.fake.messageText('C1', m.ts)).join('')).toBe(text);
    for (const reply of replies) expect(reply.text.length).toBeLessThanOrEqual(4000);
  });

  it('starts a thread with a message too big for one Slack message: the thread is its first part, the ref its last', async () => {
    const h = await start();
    const blocks = Array.from({ length: 70 }, (_, i) => ({ type: 'context' as const, text: `row ${i}` }));
    const ref = await h.adapter.startThread(CHANNEL, { text: 'table', blocks });
    const posted = h.fake.channelMessages('C1');
    expect(posted).toHaveLength(2);
    expect(ref.thread).toBe(threadId('slack', 'T1', 'C1', posted[0]?.ts as string));
    expect(posted[1]?.threadTs).toBe(posted[0]?.ts);
    expect(ref.messageId).toBe(posted[1]?.ts);
  });

  it('posts ephemeral notes into a thread or a channel', async () => {
    const h = await start();
    const ref = await h.adapter.startThread(CHANNEL, markdown('task'));
    await h.adapter.postEphemeral?.(ref.thread, 'U7', { text: 'only you can see this' });
    await h.adapter.postEphemeral?.(CHANNEL, 'U8', { text: 'and this' });
    expect(h.fake.ephemerals).toEqual([
      expect.objectContaining({ channel: 'C1', user: 'U7', threadTs: ref.messageId, text: 'only you can see this' }),
      expect.objectContaining({ channel: 'C1', user: 'U8', text: 'and this' }),
    ]);
    expect(h.fake.ephemerals[1]?.threadTs).toBeUndefined();
  });

  it('renders buttons whose click comes back as the same action and value', async () => {
    const h = await start();
    const message: OutgoingMessage = {
      text: 'Pick patents',
      blocks: [
        {
          type: 'multiSelect',
          id: 'patents',
          label: 'Patents',
          options: [
            { value: 'P1', label: 'One' },
            { value: 'P2', label: 'Two' },
          ],
        },
        {
          type: 'actions',
          buttons: [
            { action: 'confirm', label: 'Confirm', value: 'step=1;v=3', style: 'primary' },
            { action: 'cancel', label: 'Cancel', value: 'step=1;v=3' },
          ],
        },
      ],
    };
    const ref = await h.adapter.startThread(CHANNEL, message);
    const posted = h.fake.message('C1', ref.messageId);
    const actions = posted?.blocks.find(
      (b) => b.type === 'actions' && Array.isArray(b.elements) && (b.elements as { type: string }[])[0]?.type === 'button',
    );
    const confirm = (actions?.elements as { action_id: string; value: string }[])[0];
    await sendInteraction(
      h.eventsUrl,
      SIGNING_SECRET,
      blockActionsPayload({
        action: { type: 'button', ...confirm },
        messageTs: ref.messageId,
        values: { patents: { 'patents:multiselect': { type: 'checkboxes', selected_options: [{ value: 'P2' }] } } },
      }),
    );
    expect(h.received[0]).toMatchObject({
      kind: 'action',
      action: 'confirm',
      value: 'step=1;v=3',
      thread: ref.thread,
      selections: { patents: ['P2'] },
    });
  });
});

describe('Slack adapter: failures', () => {
  it("reports the fake's per-minute update budget as a rate limit with the time left", async () => {
    const h = await start();
    h.fake.setUpdateBudget(2);
    const ref = await h.adapter.startThread(CHANNEL, markdown('a'));
    await h.adapter.edit(ref, markdown('b'));
    await h.adapter.edit(ref, markdown('c'));
    const error = await caught(h.adapter.edit(ref, markdown('d')));
    expect(error).toBeInstanceOf(ChatRateLimitedError);
    const { retryAfterMs } = error as ChatRateLimitedError;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(h.fake.messageText('C1', ref.messageId)).toBe('c');
  });

  it("names Slack's error code and never the token, in errors and logs", async () => {
    const h = await start();
    h.fake.failNext('chat.postMessage', 'channel_not_found');
    const notFound = await caught(h.adapter.post(threadId('slack', 'T1', 'CX', '1.1'), markdown('x')));
    expect(notFound).toBeInstanceOf(SlackApiError);
    expect(notFound).toMatchObject({ kind: 'call-failed', chat: 'slack', code: 'channel_not_found', method: 'chat.postMessage' });
    h.fake.failNext('chat.postMessage', { status: 500 });
    const serverError = await caught(h.adapter.startThread(CHANNEL, markdown('x')));
    expect(serverError).toMatchObject({ code: 'http_500' });
    for (const error of [notFound, serverError]) {
      expect(String(error)).not.toContain(BOT_TOKEN);
      expect(JSON.stringify(error)).not.toContain(BOT_TOKEN);
    }
    expect(h.logs()).not.toContain(BOT_TOKEN);
    expect(h.fake.callsTo('chat.postMessage')).toHaveLength(2);
  });

  it('fails to start with a rejected token, naming the Slack error', async () => {
    const h = await startSlackHarness({ start: false, fake: { token: 'xoxb-a-different-token' } });
    harness = h;
    const error = await caught(h.adapter.start(async () => {}));
    expect(String(error)).toContain('invalid_auth');
    expect(String(error)).not.toContain(BOT_TOKEN);
  });
});
