/**
 * Issue 13, channels the bot is not in, through the real Bolt app against the fake Web API's membership model:
 * a public channel is joined on the first command (its thread's replies then reach the bot); where the bot cannot
 * post, the user is answered privately through the command's response_url, with a button that runs the same
 * command in a DM with the bot.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { expectedChatAnswer } from '../../src/platform/simulator/index.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { blockActionsPayload, sendInteraction } from '../helpers/slack-requests.js';
import { NOT_DELIVERED, SIGNING_SECRET, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Json = Record<string, unknown>;
const markdownOf = (m: FakeSlackMessage): string =>
  (m.blocks as Json[])
    .filter((b) => b.type === 'markdown')
    .map((b) => String(b.text))
    .join('');
const isFinal = (m: FakeSlackMessage): boolean => JSON.stringify(m.blocks).includes('tokens');

/** The replies of the newest thread in `channel` once `count` final answers are in it. */
const answers = (harness: SlackBotHarness, channel: string, count = 1): Promise<FakeSlackMessage[]> =>
  waitFor(() => {
    const finals = harness.latestThread(channel)?.replies.filter(isFinal) ?? [];
    return finals.length >= count ? finals : undefined;
  }, `${count} answer(s) in ${channel}`);

/** Clicks a button of an ephemeral message the bot sent through a response_url (Slack's payload for it). */
function clickEphemeral(harness: SlackBotHarness, channel: string, button: Json, userId = 'U1') {
  const payload = blockActionsPayload({
    action: { type: 'button', action_id: button.action_id, value: button.value, action_ts: String(Date.now() / 1000) },
    channel,
    messageTs: '1800000000.000900',
    userId,
    triggerId: `dm.${Date.now()}`,
  });
  Object.assign(payload.container as Json, { is_ephemeral: true });
  payload.response_url = harness.slack.responseUrl();
  delete payload.message;
  return sendInteraction(harness.eventsUrl, SIGNING_SECRET, payload);
}

const buttonsOf = (body: Json): Json[] =>
  ((body.blocks as Json[] | undefined) ?? []).filter((b) => b.type === 'actions').flatMap((b) => b.elements as Json[]);

describe('Slack channels the bot is not in', () => {
  test('a public channel the bot has not joined: the command joins it, answers there, and a reply in the thread continues it', async () => {
    h = await startSlackBot();
    h.slack.channels.add({ id: 'C9', kind: 'public', members: ['U1', 'U2'] });
    // before the bot joins, Slack does not send it the channel's messages
    const before = await h.event({ type: 'message', channel: 'C9', user: 'U1', text: 'hello', ts: '1800000000.000001' }, 'EvBefore');
    expect(before).toBe(NOT_DELIVERED);

    const question = 'What are the indications for siRNA drugs?';
    expect((await h.command(`pharm ${question}`, { channel_id: 'C9' })).status).toBe(200);
    const [first] = await answers(h, 'C9');
    expect(markdownOf(first!)).toBe(expectedChatAnswer('AI20', { query: question }, { turn: 1 }));
    const posts = h.slack.callsTo('chat.postMessage').filter((c) => c.args.channel === 'C9');
    expect(posts.length).toBeGreaterThan(1);
    expect(h.slack.callsTo('conversations.join').map((c) => c.args.channel)).toEqual(['C9']);
    expect(h.slack.channels.isMember('C9', 'UBOT')).toBe(true);

    const parent = h.latestThread('C9')!.parent;
    const followUp = { type: 'message', channel: 'C9', user: 'U2', text: 'Which are approved?', ts: '1800000000.000200', thread_ts: parent.ts };
    const delivered = await h.event({ ...followUp, channel_type: 'channel' }, 'EvC9Follow');
    expect(delivered.status).toBe(200);
    const finals = await answers(h, 'C9', 2);
    expect(markdownOf(finals[1]!)).toBe(expectedChatAnswer('AI20', { query: 'Which are approved?' }, { turn: 2 }));

    // a second command there does not join again
    await h.command('ask Why is the sky blue?', { channel_id: 'C9' });
    await waitFor(
      () => h!.sim.requests.filter((r) => r.operation === 'AI07').length === 1 && h!.latestThread('C9')!.replies.some(isFinal),
      'the second answer',
    );
    expect(h.slack.callsTo('conversations.join')).toHaveLength(1);
    expect(h.slack.responses).toEqual([]);
  });

  test('a private channel: nothing reaches the platform; the user is told privately how to invite the bot, and the button runs the command in a DM', async () => {
    h = await startSlackBot();
    h.slack.channels.add({ id: 'G9', kind: 'private', members: ['U1'] });
    const question = 'How do solid-state batteries avoid lithium dendrites?';
    expect((await h.command(`ask ${question}`, { channel_id: 'G9' })).status).toBe(200);

    const notice = await waitFor(() => h!.slack.responses[0], 'the private notice');
    expect(notice.body.response_type).toBe('ephemeral');
    expect(JSON.stringify(notice.body)).toContain('/invite @iip');
    expect(JSON.stringify(notice.body)).toContain(question);
    const [button] = buttonsOf(notice.body);
    expect(button).toMatchObject({ action_id: 'iip-run-in-dm', value: `ask ${question}` });
    expect(h.sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(0);
    expect(h.slack.channelMessages('G9')).toEqual([]);
    expect(h.slack.callsTo('conversations.join')).toHaveLength(0);
    // the failure note of the same command is not sent on top of the notice
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.slack.responses).toHaveLength(1);

    expect((await clickEphemeral(h, 'G9', button!)).status).toBe(200);
    // the clicked notice says where the command went and loses its button
    const replaced = await waitFor(() => h!.slack.responses[1], 'the replaced notice');
    expect(replaced.body).toMatchObject({ replace_original: true, text: expect.stringContaining('direct message') });
    expect(replaced.body.blocks).toBeUndefined();
    const [answer] = await answers(h, 'DU1');
    expect(markdownOf(answer!)).toBe(expectedChatAnswer('AI07', { prompt: question }));
    expect(h.slack.callsTo('conversations.open').map((c) => c.args.users)).toEqual(['U1']);
    const sent = h.sim.requests.filter((r) => r.operation === 'AI07');
    expect(sent.map((r) => r.body)).toEqual([{ prompt: question, stream: true }]);

    // the DM thread goes on like any other
    const parent = h.latestThread('DU1')!.parent;
    const reply = { type: 'message', channel: 'DU1', channel_type: 'im', user: 'U1', text: 'And at low temperature?', ts: '1800000000.000300' };
    expect((await h.event({ ...reply, thread_ts: parent.ts }, 'EvDmFollow')).status).toBe(200);
    await answers(h, 'DU1', 2);
    expect(h.sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(2);
  });

  test('a group DM, a DM between two people, a public channel not joined: a private answer (count, help, a refusal) goes through the response_url itself', async () => {
    h = await startSlackBot();
    h.slack.channels.add({ id: 'G7', kind: 'mpim', members: ['U1', 'U2', 'U3'] });
    h.slack.channels.add({ id: 'D7', kind: 'im', members: ['U1', 'U2'] });
    await h.command('count TTL:(wireless charging)', { channel_id: 'G7' });
    const counted = await waitFor(() => h!.slack.responses[0], 'the count');
    expect(counted.body.response_type).toBe('ephemeral');
    expect(JSON.stringify(counted.body)).toMatch(/wireless charging/);
    expect(h.sim.requests.filter((r) => r.operation === 'P001')).toHaveLength(1);

    await h.command('help', { channel_id: 'D7' });
    const help = await waitFor(() => h!.slack.responses[1], 'the help');
    expect(JSON.stringify(help.body)).toContain('novelty');
    // a private note in a public channel the bot has not joined does not make it join
    h.slack.channels.add({ id: 'C8', kind: 'public', members: ['U1'] });
    await h.command('count', { channel_id: 'C8' });
    const refusal = await waitFor(() => h!.slack.responses[2], 'the refusal');
    expect(JSON.stringify(refusal.body)).toContain('Nothing was sent');
    expect(h.slack.callsTo('conversations.join')).toEqual([]);
    expect(h.slack.channelMessages('G7')).toEqual([]);
    expect(h.slack.channelMessages('D7')).toEqual([]);
    expect(h.slack.ephemerals).toEqual([]);
  });

  test('a workflow typed in a DM between two people starts nothing until it is run in the DM with the bot', async () => {
    h = await startSlackBot();
    h.slack.channels.add({ id: 'D8', kind: 'im', members: ['U1', 'U2'] });
    const idea = 'A phone camera that reads text from captured images and shows it on the display';
    await h.command(`novelty ${idea}`, { channel_id: 'D8' });
    const notice = await waitFor(() => h!.slack.responses[0], 'the notice');
    const [button] = buttonsOf(notice.body);
    expect(button!.value).toBe(`novelty ${idea}`);
    expect(h.sim.requests).toEqual([]);

    await clickEphemeral(h, 'D8', button!);
    await waitFor(() => h!.sim.requests.find((r) => r.operation === 'AI35-1'), 'the novelty search sent from the DM');
    expect(h.latestThread('DU1')!.parent.text).toContain('phone camera');
  });
});
