import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationId, threadId } from '../../../src/core/thread-id.js';
import {
  eventCallback,
  sendEvent,
  sendSignedRequest,
  sendSlashCommand,
  sendUrlVerification,
  slashCommandBody,
} from '../../helpers/slack-requests.js';
import { SIGNING_SECRET, startSlackHarness, type HarnessOptions, type SlackHarness } from './harness.js';

let harness: SlackHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const start = async (options?: HarnessOptions) => (harness = await startSlackHarness(options));

describe('Slack adapter: verification', () => {
  it('answers the url_verification challenge', async () => {
    const h = await start();
    const res = await sendUrlVerification(h.eventsUrl, SIGNING_SECRET, 'challenge-123');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ challenge: 'challenge-123' });
  });

  it('refuses unsigned, wrongly signed and stale requests with 401 and does no work', async () => {
    const h = await start();
    const unsigned = await sendSlashCommand(h.eventsUrl, SIGNING_SECRET, { text: 'ask a' }, { signature: false });
    const wrong = await sendSlashCommand(h.eventsUrl, SIGNING_SECRET, { text: 'ask b' }, { signature: 'v0=deadbeef' });
    const otherSecret = await sendSlashCommand(h.eventsUrl, 'another-secret', { text: 'ask c' });
    const stale = await sendSlashCommand(h.eventsUrl, SIGNING_SECRET, { text: 'ask d' }, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect([unsigned.status, wrong.status, otherSecret.status, stale.status]).toEqual([401, 401, 401, 401]);
    const good = await sendSlashCommand(h.eventsUrl, SIGNING_SECRET, { text: 'ask e' });
    expect(good.status).toBe(200);
    await vi.waitFor(() => expect(h.received).toHaveLength(1));
    expect(h.received.map((i) => (i.kind === 'command' ? i.text : i.kind))).toEqual(['ask e']);
  });

  it("answers Slack's ssl_check with 200 as Bolt does, signed or not, and acts on nothing smuggled into it", async () => {
    const h = await start();
    const form = 'application/x-www-form-urlencoded';
    const unsigned = await sendSignedRequest(h.eventsUrl, SIGNING_SECRET, 'ssl_check=1&token=legacy-token', form, { signature: false });
    const signed = await sendSignedRequest(h.eventsUrl, SIGNING_SECRET, 'ssl_check=1&token=legacy-token', form);
    const smuggled = await sendSignedRequest(h.eventsUrl, SIGNING_SECRET, `ssl_check=1&${slashCommandBody({ text: 'ask smuggled' })}`, form, {
      signature: false,
    });
    expect([unsigned.status, signed.status, smuggled.status]).toEqual([200, 200, 200]);
    const good = await sendSlashCommand(h.eventsUrl, SIGNING_SECRET, { text: 'ask real' });
    expect(good.status).toBe(200);
    await vi.waitFor(() => expect(h.received).toHaveLength(1));
    expect(h.received.map((i) => (i.kind === 'command' ? i.text : i.kind))).toEqual(['ask real']);
  });

  it('answers other methods with 405', async () => {
    const h = await start();
    expect((await fetch(h.eventsUrl)).status).toBe(405);
  });

  it('before start, answers an event 503 (Slack sends it again later) and a command "run it again" (Slack never does)', async () => {
    const h = await start({ start: false });
    const event = await sendEvent(
      h.eventsUrl,
      SIGNING_SECRET,
      eventCallback({ type: 'app_mention', user: 'U1', text: '<@UBOT> ask', ts: '1.2', channel: 'C1' }, { eventId: 'EvEarly' }),
    );
    expect(event.status).toBe(503);
    const command = await sendSlashCommand(h.eventsUrl, SIGNING_SECRET, { text: 'ask' });
    expect(command.status).toBe(200);
    expect(JSON.parse(command.body)).toEqual({
      response_type: 'ephemeral',
      text: 'The bot is restarting and could not take your command. Nothing was sent; run the command again in a moment.',
    });
    expect(h.received).toEqual([]);
  });
});

describe('Slack adapter: slash commands', () => {
  it('acknowledges once the event is recorded while the work goes on, and hands over a CommandIncoming', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // onIncoming resolves once the bot has recorded the event; the work behind it goes on
    const h = await start({
      onIncoming: async () => {
        void gate;
      },
    });
    const res = await sendSlashCommand(h.eventsUrl, SIGNING_SECRET, {
      text: '  novelty a foldable phone hinge ',
      team_id: 'T9',
      channel_id: 'C7',
      user_id: 'U5',
      user_name: 'bob',
      trigger_id: '9.9.t',
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
    expect(res.elapsedMs).toBeLessThan(1500);
    const sent = Date.now() - res.elapsedMs;
    expect(h.received).toEqual([
      {
        kind: 'command',
        eventId: 'command:9.9.t',
        user: { id: 'U5', name: 'bob' },
        workspaceId: 'T9',
        text: 'novelty a foldable phone hinge',
        conversation: conversationId('slack', 'T9', 'C7'),
        triggerId: '9.9.t',
        triggerDeadline: expect.any(Number),
      },
    ]);
    // Slack's 3 s to open a form with the trigger, counted from the command's arrival
    const { triggerDeadline } = h.received[0] as { triggerDeadline: number };
    expect(triggerDeadline - sent).toBeGreaterThanOrEqual(3_000);
    expect(triggerDeadline - Date.now()).toBeLessThanOrEqual(3_000);
    release();
  });

  it('answers a command the bot could not record with "run it again" (Slack never sends it twice), logs it and keeps serving', async () => {
    const h = await start({
      onIncoming: async (incoming) => {
        if (incoming.kind === 'command' && incoming.text === 'boom') throw new Error('recording exploded');
      },
    });
    const refused = await sendSlashCommand(h.eventsUrl, SIGNING_SECRET, { text: 'boom' });
    expect(refused.status).toBe(200);
    expect(JSON.parse(refused.body)).toMatchObject({ response_type: 'ephemeral', text: expect.stringContaining('run the command again') });
    await vi.waitFor(() => expect(h.logs()).toContain('recording exploded'));
    expect((await sendSlashCommand(h.eventsUrl, SIGNING_SECRET, { text: 'help' })).status).toBe(200);
    await vi.waitFor(() => expect(h.received).toHaveLength(2));
  });
});

describe('Slack adapter: events', () => {
  const mention = (extra: Record<string, unknown> = {}) => ({
    type: 'app_mention',
    user: 'U1',
    text: '<@UBOT> ask what is CRISPR',
    ts: '1700000100.000100',
    channel: 'C1',
    ...extra,
  });

  it('turns a top-level mention into a command whose thread is the mention', async () => {
    const h = await start();
    await sendEvent(h.eventsUrl, SIGNING_SECRET, eventCallback(mention(), { eventId: 'EvA' }));
    await vi.waitFor(() => expect(h.received).toHaveLength(1));
    expect(h.received[0]).toEqual({
      kind: 'command',
      eventId: 'EvA',
      user: { id: 'U1' },
      workspaceId: 'T1',
      text: 'ask what is CRISPR',
      conversation: conversationId('slack', 'T1', 'C1'),
      thread: threadId('slack', 'T1', 'C1', '1700000100.000100'),
    });
  });

  it('turns a mention inside a thread into a reply with mentioned=true', async () => {
    const h = await start();
    await sendEvent(
      h.eventsUrl,
      SIGNING_SECRET,
      eventCallback(mention({ text: 'status <@UBOT>', thread_ts: '1700000000.000001' }), { eventId: 'EvB' }),
    );
    await vi.waitFor(() => expect(h.received).toHaveLength(1));
    expect(h.received[0]).toEqual({
      kind: 'reply',
      eventId: 'EvB',
      user: { id: 'U1' },
      workspaceId: 'T1',
      text: 'status',
      mentioned: true,
      thread: threadId('slack', 'T1', 'C1', '1700000000.000001'),
    });
  });

  it('turns a thread message into a reply and ignores bots, edits, channel chatter and mention copies', async () => {
    const h = await start();
    const inThread = { type: 'message', channel: 'C1', channel_type: 'channel', thread_ts: '1700000000.000001' };
    const ignored = [
      { ...inThread, user: 'UBOT', bot_id: 'BBOT', text: 'my own answer', ts: '1700000200.000001' },
      { ...inThread, user: 'U2', bot_id: 'BOTHER', text: 'another bot', ts: '1700000200.000002' },
      { ...inThread, subtype: 'message_changed', text: '', ts: '1700000200.000003' },
      { ...inThread, user: 'U1', text: 'hey <@UBOT> status', ts: '1700000200.000004' },
      { type: 'message', channel: 'C1', channel_type: 'channel', user: 'U1', text: 'lunch?', ts: '1700000200.000005' },
    ];
    for (const [i, event] of ignored.entries()) {
      expect((await sendEvent(h.eventsUrl, SIGNING_SECRET, eventCallback(event, { eventId: `EvI${i}` }))).status).toBe(200);
    }
    await sendEvent(
      h.eventsUrl,
      SIGNING_SECRET,
      eventCallback({ ...inThread, user: 'U1', text: 'what about claim 3?', ts: '1700000200.000009' }, { eventId: 'EvR' }),
    );
    await vi.waitFor(() => expect(h.received).toHaveLength(1));
    expect(h.received[0]).toEqual({
      kind: 'reply',
      eventId: 'EvR',
      user: { id: 'U1' },
      workspaceId: 'T1',
      text: 'what about claim 3?',
      mentioned: false,
      thread: threadId('slack', 'T1', 'C1', '1700000000.000001'),
    });
  });

  it('turns a top-level direct message into a command in its own thread', async () => {
    const h = await start();
    await sendEvent(
      h.eventsUrl,
      SIGNING_SECRET,
      eventCallback({ type: 'message', channel: 'D1', channel_type: 'im', user: 'U1', text: 'help', ts: '1700000300.000001' }, { eventId: 'EvD' }),
    );
    await vi.waitFor(() => expect(h.received).toHaveLength(1));
    expect(h.received[0]).toMatchObject({
      kind: 'command',
      text: 'help',
      conversation: conversationId('slack', 'T1', 'D1'),
      thread: threadId('slack', 'T1', 'D1', '1700000300.000001'),
    });
  });

  it("hands over each of Slack's retries with the same event id (dedupe is the router's)", async () => {
    const h = await start();
    const envelope = eventCallback(mention(), { eventId: 'EvRetry' });
    await sendEvent(h.eventsUrl, SIGNING_SECRET, envelope);
    await sendEvent(h.eventsUrl, SIGNING_SECRET, envelope, { retryNum: 1, retryReason: 'http_timeout' });
    await sendEvent(h.eventsUrl, SIGNING_SECRET, envelope, { retryNum: 2, retryReason: 'http_timeout' });
    await vi.waitFor(() => expect(h.received).toHaveLength(3));
    expect(new Set(h.received.map((i) => i.eventId))).toEqual(new Set(['EvRetry']));
  });
});
