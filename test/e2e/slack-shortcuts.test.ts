/**
 * Issue 28 through the real Bolt app: the message shortcut "Start iip from message" and the global shortcut
 * send the payloads Slack sends (`message_action` with the message and channel, `shortcut`), the bot opens its
 * modal with the shortcut's trigger_id inside Slack's 3 seconds (the fake Web API refuses it after), prefilled
 * with the message's lines and the characters left per verb; the submission starts the verb under the message (or
 * where chosen) with the exact multi-line text at the platform; where the bot cannot answer, the modal says why
 * and nothing is sent.
 */
import { afterEach, expect, test } from 'vitest';
import { SIGNING_SECRET, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { sendInteraction } from '../helpers/slack-requests.js';
import { CLAIMS } from './claim-set.js';
import { bodiesOf } from './slack-novelty-steps.js';
import { blockOf, globalShortcut, MESSAGE_TS, messageShortcut, openedModal, platformCalls, submit } from './slack-shortcut-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

test('message shortcut: the modal opens prefilled with the message, and novelty starts in a thread under it with all four lines', async () => {
  h = await startSlackBot();
  const response = await sendInteraction(h.eventsUrl, SIGNING_SECRET, messageShortcut('C1', CLAIMS));
  expect(response.status).toBe(200);
  const view = await openedModal(h, 1);
  expect(view.callback_id).toBe('iip-shortcut');
  expect(blockOf(view, 'text').element.initial_value).toBe(CLAIMS);
  const verbs = (blockOf(view, 'verb').element.options as { value: string }[]).map((o) => o.value);
  expect(verbs).toEqual(['ask', 'pharm', 'encyclopedia', 'novelty', 'solution', 'report', 'disclosure', 'material', 'design']);
  // the hint counts the characters left against each verb's limit: 5,000 for novelty, 500 for ask
  const length = [...CLAIMS].length;
  expect(blockOf(view, 'text').hint?.text).toContain(`${length} characters`);
  expect(blockOf(view, 'text').hint?.text).toContain(`novelty ${(5_000 - length).toLocaleString('en')}`);
  expect(blockOf(view, 'text').hint?.text).toContain(`ask ${500 - length}`);
  expect(platformCalls(h)).toEqual([]);

  expect((await submit(h, view, { verb: 'novelty', text: CLAIMS, lang: 'en' })).status).toBe(200);
  await waitFor(() => bodiesOf(h!, 'AI35-1').length === 1, 'AI35-1');
  expect(bodiesOf(h, 'AI35-1')).toEqual([{ input: CLAIMS, lang: 'en' }]);
  // the thread is the message's: the bot's messages are replies to it, none opens a thread of its own
  await waitFor(() => h!.slack.threadMessages('C1', MESSAGE_TS).some((m) => m.text.includes('Step 1 of 5')), 'step 1 under the message');
  expect(h.slack.channelMessages('C1').filter((m) => !m.threadTs || m.threadTs === m.ts)).toEqual([]);
});

test('message shortcut on a reply in a thread: ask answers in that thread, with the text as edited in the modal', async () => {
  h = await startSlackBot();
  const parent = '1700000300.000050';
  await sendInteraction(h.eventsUrl, SIGNING_SECRET, messageShortcut('C1', 'What is a PCT filing?', { ts: MESSAGE_TS, thread_ts: parent }));
  const view = await openedModal(h, 1);
  const question = 'What is a PCT filing?\nAnd how long does its national phase take?';
  await submit(h, view, { verb: 'ask', text: question });
  await waitFor(() => bodiesOf(h!, 'AI07').length === 1, 'AI07');
  expect((bodiesOf(h, 'AI07')[0] as { prompt: string }).prompt).toBe(question);
  await waitFor(() => h!.slack.threadMessages('C1', parent).length > 0, 'the answer in the thread');
});

test('global shortcut: the same modal opens empty; report starts in the chosen channel with the lines as written', async () => {
  h = await startSlackBot();
  await sendInteraction(h.eventsUrl, SIGNING_SECRET, globalShortcut());
  const view = await openedModal(h, 1);
  expect(blockOf(view, 'text').element.initial_value).toBeUndefined();
  expect(blockOf(view, 'where').element.type).toBe('conversations_select');
  const question = 'Phase-change self-heating containers:\nwho files them,\nand which salts do they claim?';
  await submit(h, view, { verb: 'report', text: question, where: 'C2' });
  await waitFor(() => bodiesOf(h!, 'AI34-1').length === 1, 'AI34-1');
  expect(bodiesOf(h, 'AI34-1')).toEqual([{ technical_issues: question, auto_directory: false }]);
  await waitFor(() => h!.latestThread('C2'), 'a thread in C2');
});

test('refusals: a private channel the bot cannot see, a public one it is not in, an empty text: the modal says why, nothing is sent', async () => {
  h = await startSlackBot();
  h.slack.channels.add({ id: 'G5', kind: 'private', members: ['U1', 'U2'] });
  h.slack.channels.add({ id: 'C5', kind: 'public', members: ['U1', 'U2'] });

  await sendInteraction(h.eventsUrl, SIGNING_SECRET, messageShortcut('G5', CLAIMS));
  const hidden = await submit(h, await openedModal(h, 1), { verb: 'novelty', text: CLAIMS });
  expect(JSON.parse(hidden.body)).toEqual({ response_action: 'errors', errors: { text: expect.stringContaining('cannot see this conversation') } });

  await sendInteraction(h.eventsUrl, SIGNING_SECRET, messageShortcut('C5', CLAIMS));
  const outside = await submit(h, await openedModal(h, 2), { verb: 'novelty', text: CLAIMS });
  expect(JSON.parse(outside.body)).toEqual({ response_action: 'errors', errors: { text: expect.stringContaining('/invite @iip') } });

  await sendInteraction(h.eventsUrl, SIGNING_SECRET, globalShortcut());
  const global = await openedModal(h, 3);
  const elsewhere = await submit(h, global, { verb: 'solution', text: 'How to keep a mug warm?', where: 'G5' });
  expect(JSON.parse(elsewhere.body)).toEqual({ response_action: 'errors', errors: { where: expect.stringContaining('cannot see') } });
  const empty = await submit(h, global, { verb: 'solution', text: '  \n ' });
  expect(JSON.parse(empty.body)).toEqual({ response_action: 'errors', errors: { text: 'Write the text to start with.' } });

  // Slack failing to answer conversations.info: the modal says so and keeps the text; nothing is sent
  h.slack.failNext('conversations.info', 'internal_error');
  const unchecked = await submit(h, global, { verb: 'solution', text: 'How to keep a mug warm?', where: 'C1' });
  expect(JSON.parse(unchecked.body)).toEqual({ response_action: 'errors', errors: { where: expect.stringContaining('press Start again') } });

  // the same modal, pointed at a channel the bot is in, starts: the only work the platform and Slack ever see
  await submit(h, global, { verb: 'solution', text: 'How can a mug keep\na drink warm longer?', lang: 'en', where: 'C1' });
  await waitFor(() => bodiesOf(h!, 'AI33-1').length === 1, 'AI33-1');
  await waitFor(() => h!.latestThread('C1'), 'the thread in C1');
  expect(bodiesOf(h, 'AI33-1')).toEqual([{ solution_issues: 'How can a mug keep\na drink warm longer?', lang: 'en' }]);
  expect(bodiesOf(h, 'AI35-1')).toEqual([]);
  expect(new Set(h.slack.callsTo('chat.postMessage').map((c) => c.args.channel))).toEqual(new Set(['C1']));
  expect(h.slack.callsTo('chat.postEphemeral').filter((c) => c.args.channel !== 'C1')).toEqual([]);
});

test('a shortcut that reaches the bot after its trigger expired: no views.open with a dead trigger is accepted, nothing starts', async () => {
  h = await startSlackBot();
  const late = { ...messageShortcut('C1', CLAIMS), trigger_id: `99.${Date.now() - 4_000}.m` };
  expect((await sendInteraction(h.eventsUrl, SIGNING_SECRET, late)).status).toBe(200);
  const calls = await waitFor(() => h!.slack.callsTo('views.open').length === 1 && h!.slack.callsTo('views.open'), 'the refused views.open');
  expect(calls[0]!.args.trigger_id).toBe(late.trigger_id);
  expect(h.slack.views).toEqual([]);
  expect(platformCalls(h)).toEqual([]);
});
