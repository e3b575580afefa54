/** The Teams adapter's own sending and failure cases; what every adapter promises is in ../contract.ts. */
import { afterEach, describe, expect, it } from 'vitest';
import { ChatRateLimitedError } from '../../../src/core/chat-errors.js';
import { markdown, type OutgoingMessage } from '../../../src/core/message.js';
import { conversationId, threadId } from '../../../src/core/thread-id.js';
import { TeamsApiError } from '../../../src/adapters/teams/index.js';
import { CHANNEL, PERSONAL_CHAT, TENANT, activityId, cardSubmit, personalMessage, sendActivity } from '../../helpers/teams-activities.js';
import type { FakeActivity } from '../../helpers/fake-bot-connector.js';
import { caught, startTeamsHarness, waitFor, type TeamsHarness } from './harness.js';

let harness: TeamsHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const start = async () => (harness = await startTeamsHarness());
const IN_CHANNEL = conversationId('teams', TENANT, CHANNEL);

/** The Action.Submit actions of a card's action sets, in order. */
function buttonsOfCard(activity: FakeActivity | undefined): { title: string; data: Record<string, unknown> }[] {
  const card = activity?.attachments[0]?.content as
    | { body?: { type: string; actions?: { title: string; data: Record<string, unknown> }[] }[] }
    | undefined;
  return (card?.body ?? []).flatMap((e) => (e.type === 'ActionSet' ? (e.actions ?? []) : []));
}

/** The text of a card's TextBlocks, in order. */
function cardText(activity: FakeActivity | undefined): string {
  const card = activity?.attachments[0]?.content as { body?: { type: string; text?: string }[] } | undefined;
  return (card?.body ?? [])
    .filter((e) => e.type === 'TextBlock')
    .map((e) => e.text)
    .join('\n');
}

describe('Teams adapter: sending', () => {
  it('starts a thread with a new channel post and replies into its reply chain', async () => {
    const h = await start();
    const parent = await h.adapter.startThread(IN_CHANNEL, markdown('**Novelty search** started'));
    expect(parent.thread).toBe(threadId('teams', TENANT, CHANNEL, parent.messageId));
    const create = h.fake.callsTo('create')[0];
    expect(create?.body).toMatchObject({ isGroup: true, channelData: { channel: { id: CHANNEL } }, tenantId: TENANT });
    const reply = await h.adapter.post(parent.thread, markdown('step 1 done'));
    expect(h.fake.callsTo('send')[0]?.conversationId).toBe(`${CHANNEL};messageid=${parent.messageId}`);
    expect(h.fake.replyChain(CHANNEL, parent.messageId).map((a) => a.id)).toEqual([parent.messageId, reply.messageId]);
    expect(cardText(h.fake.activity(reply.messageId))).toBe('step 1 done');
    expect(h.fake.activity(reply.messageId)?.body).toMatchObject({ type: 'message', summary: 'step 1 done' });
  });

  // that an edit changes the message is the adapter contract's (../contract.ts); this is how Teams is addressed
  it('edits with PUT …/activities/:id, addressed to the reply chain', async () => {
    const h = await start();
    const ref = await h.adapter.startThread(IN_CHANNEL, markdown('thinking…'));
    await h.adapter.edit(ref, markdown('The answer is 42.'));
    const update = h.fake.callsTo('update')[0];
    expect(update).toMatchObject({ method: 'PUT', conversationId: `${CHANNEL};messageid=${ref.messageId}`, activityId: ref.messageId });
  });

  it('starts threads in a 1:1 chat as plain messages whose buttons name the thread', async () => {
    const h = await start();
    await sendActivity(h.messagesUrl, personalMessage('hi', { serviceUrl: h.fake.url }));
    await waitFor(() => h.received[0], 'the chat to be known');
    const message: OutgoingMessage = {
      text: 'Confirm?',
      blocks: [{ type: 'actions', buttons: [{ action: 'confirm', label: 'Confirm', value: 'v=1' }] }],
    };
    const ref = await h.adapter.startThread(conversationId('teams', TENANT, PERSONAL_CHAT), message);
    expect(h.fake.callsTo('create')).toHaveLength(0);
    expect(h.fake.callsTo('send')[0]?.conversationId).toBe(PERSONAL_CHAT);
    const root = /chat-(\d+)$/.exec(decodeURIComponent(ref.thread))?.[1];
    const card = h.fake.activity(ref.messageId)?.attachments[0]?.content as { body: { actions?: { data: { iip: unknown } }[] }[] };
    const data = card.body[0]?.actions?.[0]?.data;
    expect(data).toEqual({ iip: { kind: 'button', action: 'confirm', value: 'v=1', thread: root } });
    await sendActivity(
      h.messagesUrl,
      cardSubmit(data as Record<string, unknown>, { serviceUrl: h.fake.url, place: 'personal', replyToId: ref.messageId }),
    );
    expect(await waitFor(() => h.received[1], 'the click')).toMatchObject({
      kind: 'action',
      thread: ref.thread,
      action: 'confirm',
      messageId: ref.messageId,
    });
  });

  it('posts a form as a card in the thread whose submission comes back as a form', async () => {
    const h = await start();
    const ref = await h.adapter.startThread(IN_CHANNEL, markdown('solution'));
    await h.adapter.openForm?.('', ref.thread, {
      action: 'edit-solution',
      title: 'Edit the solution',
      submitLabel: 'Save',
      value: 'v=2',
      fields: [
        { id: 'title', label: 'Title', kind: 'text', initial: 'Mug' },
        { id: 'notes', label: 'Notes', kind: 'multiline', optional: true },
      ],
    });
    const form = h.fake.replyChain(CHANNEL, ref.messageId)[1];
    const card = form?.attachments[0]?.content as { body: Record<string, unknown>[] };
    expect(card.body.map((e) => e.type)).toEqual(['TextBlock', 'Input.Text', 'Input.Text', 'ActionSet']);
    const submit = (card.body[3]?.actions as { title: string; data: Record<string, unknown> }[])[0];
    expect(submit?.title).toBe('Save');
    await sendActivity(
      h.messagesUrl,
      cardSubmit(
        { ...submit?.data, title: 'Better mug', notes: '' },
        {
          serviceUrl: h.fake.url,
          place: 'channel',
          root: ref.messageId,
          replyToId: form?.id as string,
        },
      ),
    );
    expect(await waitFor(() => h.received[0], 'the form')).toMatchObject({
      kind: 'form',
      thread: ref.thread,
      action: 'edit-solution',
      value: 'v=2',
      fields: { title: 'Better mug', notes: '' },
    });
  });

  it("posts into a channel thread that is no reply chain (a handler's pseudo-thread) as a new channel post", async () => {
    const h = await start();
    const settings = threadId('teams', TENANT, CHANNEL, 'settings');
    await h.adapter.openForm?.('', settings, {
      action: 'key:set',
      title: 'Platform API key',
      submitLabel: 'Save',
      value: 'key',
      fields: [{ id: 'key', label: 'API key', kind: 'text' }],
    });
    const [create] = h.fake.callsTo('create');
    expect(h.fake.callsTo('send')).toHaveLength(0);
    const post = h.fake.messages(CHANNEL)[0];
    expect(create?.body).toMatchObject({ channelData: { channel: { id: CHANNEL } } });
    const submit = buttonsOfCard(post)[0];
    expect(submit?.data).toEqual({ iip: { kind: 'form', action: 'key:set', value: 'key', fields: [{ id: 'key', multi: false }] } });
    await sendActivity(
      h.messagesUrl,
      cardSubmit(
        { ...submit?.data, key: 'sk-typed' },
        {
          serviceUrl: h.fake.url,
          place: 'channel',
          root: post?.id as string,
          replyToId: post?.id as string,
        },
      ),
    );
    expect(await waitFor(() => h.received[0], 'the form')).toMatchObject({
      kind: 'form',
      action: 'key:set',
      fields: { key: 'sk-typed' },
      thread: threadId('teams', TENANT, CHANNEL, post?.id as string),
    });
  });

  it('links to a channel reply chain, not to chat threads', async () => {
    const h = await start();
    const root = activityId();
    const link = await h.adapter.permalink?.(threadId('teams', TENANT, CHANNEL, root));
    const url = new URL(link as string);
    expect(url.origin + url.pathname).toBe(`https://teams.microsoft.com/l/message/${encodeURIComponent(CHANNEL)}/${root}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ tenantId: TENANT, parentMessageId: root, createdTime: root });
    expect(await h.adapter.permalink?.(threadId('teams', TENANT, PERSONAL_CHAT, 'chat-1'))).toBeUndefined();
  });
});

describe('Teams adapter: failures', () => {
  it.each([412, 502, 504])('asks the relay to back off on %i', async (status) => {
    const h = await start();
    const ref = await h.adapter.startThread(IN_CHANNEL, markdown('a'));
    h.fake.failNext('send', { status });
    const error = await caught(h.adapter.post(ref.thread, markdown('b')));
    expect(error).toMatchObject({ name: 'ChatRateLimitedError', retryAfterMs: 1000 });
    expect(h.fake.callsTo('send')).toHaveLength(1);
  });

  it("reports the fake's per-second budget as a rate limit", async () => {
    const h = await start();
    const ref = await h.adapter.startThread(IN_CHANNEL, markdown('a'));
    h.fake.setBudget(2);
    await h.adapter.edit(ref, markdown('b'));
    await h.adapter.edit(ref, markdown('c'));
    const error = await caught(h.adapter.edit(ref, markdown('d')));
    expect(error).toBeInstanceOf(ChatRateLimitedError);
    expect((error as ChatRateLimitedError).retryAfterMs).toBe(1000);
    expect(cardText(h.fake.activity(ref.messageId))).toBe('c');
  });

  it('names the operation, status and Teams error code for other failures', async () => {
    const h = await start();
    h.fake.failNext('send', { status: 403, code: 'BotNotInConversationRoster' });
    const error = await caught(h.adapter.post(threadId('teams', TENANT, CHANNEL, activityId()), markdown('x')));
    expect(error).toBeInstanceOf(TeamsApiError);
    expect(error).toMatchObject({ kind: 'call-failed', chat: 'teams', operation: 'send', status: 403, code: 'BotNotInConversationRoster' });
    expect(String(error)).toBe('TeamsApiError: Teams send failed: HTTP 403 BotNotInConversationRoster');
  });
});
