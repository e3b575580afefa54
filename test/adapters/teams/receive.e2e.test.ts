import { afterEach, describe, expect, it } from 'vitest';
import { markdown } from '../../../src/core/message.js';
import { conversationId, threadId } from '../../../src/core/thread-id.js';
import {
  CHANNEL,
  GROUP_CHAT,
  PERSONAL_CHAT,
  TENANT,
  USER,
  activityId,
  cardInvoke,
  cardSubmit,
  channelChatter,
  channelMention,
  groupChatMention,
  groupChatter,
  personalMessage,
  sendActivity,
} from '../../helpers/teams-activities.js';
import { startTeamsHarness, waitFor, type TeamsHarness } from './harness.js';

let harness: TeamsHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('Teams adapter: receiving', () => {
  it('turns a channel post mentioning the bot into a command rooted in that post, the mention removed', async () => {
    const h = (harness = await startTeamsHarness());
    const id = activityId();
    const sent = await sendActivity(h.messagesUrl, channelMention('ask What is CRISPR?', { serviceUrl: h.fake.url, id }));
    expect(sent.status).toBe(200);
    const incoming = await waitFor(() => h.received[0], 'the command');
    expect(incoming).toEqual({
      kind: 'command',
      eventId: id,
      text: 'ask What is CRISPR?',
      workspaceId: TENANT,
      user: { id: USER.id, name: USER.name },
      conversation: conversationId('teams', TENANT, CHANNEL),
      thread: threadId('teams', TENANT, CHANNEL, id),
      locale: 'en-US',
    });
  });

  it('turns a mention inside a reply chain into a reply of that chain, mentioned', async () => {
    const h = (harness = await startTeamsHarness());
    const root = activityId();
    await sendActivity(h.messagesUrl, channelMention('status', { serviceUrl: h.fake.url, root }));
    const incoming = await waitFor(() => h.received[0], 'the reply');
    expect(incoming).toMatchObject({ kind: 'reply', text: 'status', mentioned: true, thread: threadId('teams', TENANT, CHANNEL, root) });
  });

  it("passes a reply in a chain without a mention on as an unmentioned reply (the router ignores it unless the chain is a task's)", async () => {
    const h = (harness = await startTeamsHarness());
    const root = activityId();
    await sendActivity(h.messagesUrl, channelChatter('and for LFP cells?', { serviceUrl: h.fake.url, root }));
    expect(await waitFor(() => h.received[0], 'the reply')).toMatchObject({
      kind: 'reply',
      text: 'and for LFP cells?',
      mentioned: false,
      thread: threadId('teams', TENANT, CHANNEL, root),
    });
  });

  it('takes a 1:1 message as a command without a mention; a follow-up continues its thread, a verb or `new` starts another', async () => {
    const h = (harness = await startTeamsHarness({ verbs: ['novelty', 'ask', 'status'] }));
    const [first, second, third, fourth, fifth, sixth] = Array.from({ length: 6 }, activityId) as [string, string, string, string, string, string];
    const say = (text: string, id: string) => sendActivity(h.messagesUrl, personalMessage(text, { serviceUrl: h.fake.url, id }));
    await say('novelty a self-heating mug', first);
    await say('what about batteries?', second);
    await say('status', third);
    await say('ask why?', fourth);
    await say('New materials for solid-state cells?', fifth);
    await say('new novelty a cooling vest', sixth);
    await waitFor(() => h.received.length === 6, 'all six messages');
    const chatThread = (root: string) => threadId('teams', TENANT, PERSONAL_CHAT, `chat-${root}`);
    expect(h.received[0]).toMatchObject({
      kind: 'command',
      text: 'novelty a self-heating mug',
      conversation: conversationId('teams', TENANT, PERSONAL_CHAT),
      thread: chatThread(first),
    });
    expect(h.received[1]).toMatchObject({ kind: 'reply', text: 'what about batteries?', mentioned: true, thread: chatThread(first) });
    expect(h.received[2]).toMatchObject({ kind: 'reply', text: 'status', mentioned: true, thread: chatThread(first) });
    expect(h.received[3]).toMatchObject({ kind: 'command', text: 'ask why?', thread: chatThread(fourth) });
    expect(h.received[4]).toMatchObject({ kind: 'command', text: 'New materials for solid-state cells?', thread: chatThread(fifth) });
    expect(h.received[5]).toMatchObject({ kind: 'command', text: 'novelty a cooling vest', thread: chatThread(sixth) });
  });

  it('takes group-chat mentions as commands and ignores messages that do not mention the bot', async () => {
    const h = (harness = await startTeamsHarness());
    const ignored = await sendActivity(h.messagesUrl, channelChatter('lunch?', { serviceUrl: h.fake.url }));
    expect(ignored.status).toBe(200);
    await sendActivity(h.messagesUrl, groupChatter('anyone?', { serviceUrl: h.fake.url }));
    const id = activityId();
    await sendActivity(h.messagesUrl, groupChatMention('help', { serviceUrl: h.fake.url, id }));
    await waitFor(() => h.received[0], 'the group-chat command');
    expect(h.received).toEqual([
      expect.objectContaining({
        kind: 'command',
        text: 'help',
        conversation: conversationId('teams', TENANT, GROUP_CHAT),
        thread: threadId('teams', TENANT, GROUP_CHAT, `chat-${id}`),
      }),
    ]);
  });

  it('reads an Action.Submit click in a channel as an action with the multi-select state, answering 200', async () => {
    const h = (harness = await startTeamsHarness());
    const root = activityId();
    const card = activityId();
    const click = activityId();
    const value = { iip: { kind: 'button', action: 'confirm', value: 'step=1;v=3', multi: ['patents', 'years'] }, patents: 'P1,P3%2Cb' };
    const sent = await sendActivity(h.messagesUrl, cardSubmit(value, { serviceUrl: h.fake.url, place: 'channel', root, replyToId: card, id: click }));
    expect(sent.status).toBe(200);
    const incoming = await waitFor(() => h.received[0], 'the click');
    expect(incoming).toEqual({
      kind: 'action',
      eventId: click,
      user: { id: USER.id, name: USER.name },
      workspaceId: TENANT,
      thread: threadId('teams', TENANT, CHANNEL, root),
      messageId: card,
      action: 'confirm',
      value: 'step=1;v=3',
      selections: { patents: ['P1', 'P3,b'], years: [] },
      locale: 'en-US',
    });
  });

  it('reads an adaptiveCard/action invoke in a 1:1 chat, its thread from the card data, and answers the invoke', async () => {
    const h = (harness = await startTeamsHarness());
    const card = activityId();
    const data = { iip: { kind: 'select', action: 'sort', value: '', input: 'order', thread: '1700' }, order: 'newest' };
    const sent = await sendActivity(h.messagesUrl, cardInvoke(data, { serviceUrl: h.fake.url, place: 'personal', replyToId: card }));
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body)).toMatchObject({ statusCode: 200, type: 'application/vnd.microsoft.activity.message' });
    expect(await waitFor(() => h.received[0], 'the invoke')).toMatchObject({
      kind: 'action',
      action: 'sort',
      value: 'newest',
      messageId: card,
      thread: threadId('teams', TENANT, PERSONAL_CHAT, 'chat-1700'),
    });
  });

  it('reads a submitted form card as a form with text and checkbox fields', async () => {
    const h = (harness = await startTeamsHarness());
    const root = activityId();
    const value = {
      iip: {
        kind: 'form',
        action: 'edit-solution',
        value: 'v=4',
        fields: [
          { id: 'title', multi: false },
          { id: 'tags', multi: true },
        ],
      },
      title: 'A better mug',
      tags: 'heat,cup',
    };
    await sendActivity(h.messagesUrl, cardSubmit(value, { serviceUrl: h.fake.url, place: 'channel', root, replyToId: activityId() }));
    expect(await waitFor(() => h.received[0], 'the form')).toMatchObject({
      kind: 'form',
      action: 'edit-solution',
      value: 'v=4',
      thread: threadId('teams', TENANT, CHANNEL, root),
      fields: { title: 'A better mug', tags: ['heat', 'cup'] },
    });
  });

  it('ignores card submissions that are not ours', async () => {
    const h = (harness = await startTeamsHarness());
    await sendActivity(h.messagesUrl, cardSubmit({ someoneElse: true }, { serviceUrl: h.fake.url, place: 'personal', replyToId: activityId() }));
    const id = activityId();
    await sendActivity(h.messagesUrl, personalMessage('help', { serviceUrl: h.fake.url, id }));
    await waitFor(() => h.received[0], 'the later message');
    expect(h.received.map((i) => i.eventId)).toEqual([id]);
  });

  it('answers once the activity is recorded while the work continues, then replies proactively into the reply chain', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // onIncoming resolves once the bot has recorded the activity; the work behind it goes on
    const h = (harness = await startTeamsHarness({
      onIncoming: async (incoming) => {
        void gate.then(async () => {
          if (incoming.kind === 'command' && incoming.thread) await h.adapter.post(incoming.thread, markdown('The answer'));
        });
      },
    }));
    const id = activityId();
    const sent = await sendActivity(h.messagesUrl, channelMention('ask slow question', { serviceUrl: h.fake.url, id }));
    expect(sent.status).toBe(200);
    expect(h.received).toHaveLength(1);
    expect(h.fake.callsTo('send')).toHaveLength(0);
    release();
    const call = await waitFor(() => h.fake.callsTo('send')[0], 'the proactive reply');
    expect(call.conversationId).toBe(`${CHANNEL};messageid=${id}`);
    expect(h.fake.replyChain(CHANNEL, id).map((a) => a.id)).toHaveLength(1);
  });

  it('answers 500 to an activity the bot could not record, so the Bot Connector sends it again', async () => {
    const h = (harness = await startTeamsHarness({
      onIncoming: async () => {
        throw new Error('the inbox is closed');
      },
    }));
    const sent = await sendActivity(h.messagesUrl, channelMention('ask lost question', { serviceUrl: h.fake.url, id: activityId() }));
    expect(sent.status).toBe(500);
    expect(h.fake.callsTo('send')).toHaveLength(0);
  });

  it('refuses what is not a POST of an activity, and everything while stopped', async () => {
    const h = (harness = await startTeamsHarness());
    expect((await fetch(h.messagesUrl)).status).toBe(405);
    expect((await fetch(h.messagesUrl, { method: 'POST', body: 'not json' })).status).toBe(400);
    expect((await fetch(h.messagesUrl, { method: 'POST', body: '{"text":"no type"}' })).status).toBe(400);
    await h.adapter.stop();
    expect((await sendActivity(h.messagesUrl, personalMessage('hi', { serviceUrl: h.fake.url }))).status).toBe(503);
    expect(h.received).toHaveLength(0);
  });
});
