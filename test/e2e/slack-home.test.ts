/**
 * Issue 13, the App Home, through the real Bolt app against the fake Web API: opening the Home tab publishes the
 * user's open and recently finished threads with their state and links (admins also see the API key in use), it
 * is published again when one of their threads changes state, and its Start buttons open a modal whose submission
 * opens the thread where the user chose.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { translatorFor } from '../../src/i18n/index.js';
import { sendInteraction } from '../helpers/slack-requests.js';
import { SIGNING_SECRET, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Json = Record<string, unknown>;
const isFinal = (m: FakeSlackMessage): boolean => JSON.stringify(m.blocks).includes('tokens');
const homesOf = (harness: SlackBotHarness, user: string) => harness.slack.homeViews.filter((v) => v.userId === user).map((v) => v.view);
const textOf = (view: Json): string => JSON.stringify(view.blocks);
let events = 0;

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const openHome = (harness: SlackBotHarness, user: string) =>
  harness.event({ type: 'app_home_opened', user, channel: `D${user}`, tab: 'home', ts: '1800000000.000001' }, `EvHome${++events}`);

async function askAndWait(harness: SlackBotHarness, question: string): Promise<FakeSlackMessage> {
  const threads = harness.slack.channelMessages('C1').filter((m) => !m.threadTs).length;
  await harness.command(`ask ${question}`);
  return waitFor(() => {
    const parents = harness.slack.channelMessages('C1').filter((m) => !m.threadTs);
    const parent = parents[threads];
    return parent && harness.slack.threadMessages('C1', parent.ts).some(isFinal) ? parent : undefined;
  }, `the answer to ${question}`);
}

/** The Start button of the last home shown to `user`. */
function startButton(harness: SlackBotHarness, user: string, kind: 'chat' | 'workflow'): Json {
  const view = homesOf(harness, user).at(-1)!;
  const elements = (view.blocks as Json[]).filter((b) => b.type === 'actions').flatMap((b) => b.elements as Json[]);
  return elements.find((e) => e.action_id === `iip-home-start:${kind}`)!;
}

function clickInHome(harness: SlackBotHarness, button: Json, user = 'U1') {
  return sendInteraction(harness.eventsUrl, SIGNING_SECRET, {
    type: 'block_actions',
    team: { id: 'T1', domain: 'fake' },
    user: { id: user, username: 'alice', team_id: 'T1' },
    api_app_id: 'A1',
    trigger_id: `home.${Date.now()}`,
    container: { type: 'view', view_id: 'VH1' },
    view: { id: 'VH1', type: 'home' },
    actions: [{ action_id: button.action_id, block_id: 'b', type: 'button', value: button.value, action_ts: '1800000000.1' }],
  });
}

function submitStart(harness: SlackBotHarness, values: { verb: string; question: string; options?: string; where?: string }, user = 'U1') {
  const state = {
    verb: { verb: { type: 'static_select', selected_option: { value: values.verb } } },
    question: { question: { type: 'plain_text_input', value: values.question } },
    options: { options: { type: 'plain_text_input', value: values.options ?? null } },
    where: { where: { type: 'conversations_select', selected_conversation: values.where ?? null } },
  };
  return sendInteraction(harness.eventsUrl, SIGNING_SECRET, {
    type: 'view_submission',
    team: { id: 'T1', domain: 'fake' },
    user: { id: user, username: 'alice', name: 'alice', team_id: 'T1' },
    api_app_id: 'A1',
    trigger_id: `submit.${Date.now()}`,
    view: { id: `VS${++events}`, type: 'modal', callback_id: 'iip-home-start', private_metadata: 'workflow', state: { values: state } },
    response_urls: values.where
      ? [{ block_id: 'where', action_id: 'where', channel_id: values.where, response_url: harness.slack.responseUrl() }]
      : [],
  });
}

describe('Slack App Home', () => {
  test('the Home tab lists open and finished threads with links, shows admins the key, and follows a thread changing state', async () => {
    h = await startSlackBot({ slack: { admins: ['UADMIN'] }, simulator: { taskDurationMs: 50 } });
    const chat = await askAndWait(h, 'Why is the sky blue?');
    await h.command('novelty A phone camera that reads text from captured images and shows it on the display');
    const novelty = await waitFor(() => h!.latestThread('C1')?.parent.text.includes('phone camera') && h!.latestThread('C1')!.parent, 'the novelty');
    const noveltyThread = `slack:T1:C1:${novelty.ts}` as Parameters<typeof h.bot.state.get>[0];
    await until(async () => (await h!.bot.state.get(noveltyThread))?.status === 'active', 'the novelty review');

    expect((await openHome(h, 'U1')).status).toBe(200);
    const home = await waitFor(() => homesOf(h!, 'U1')[0], 'the published home');
    const [open, recent] = textOf(home).split('Recently finished');
    expect(open).toContain(`/archives/C1/p${novelty.ts.replace('.', '')}`);
    expect(open).toContain('novelty');
    expect(recent).toContain(`/archives/C1/p${chat.ts.replace('.', '')}`);
    expect(recent).toContain('chat (ask)');
    expect(recent).toContain('done');
    expect(textOf(home)).not.toContain('API key');

    await openHome(h, 'UADMIN');
    const adminHome = await waitFor(() => homesOf(h!, 'UADMIN')[0], "the admin's home");
    expect(textOf(adminHome)).toContain('API key in use');
    expect(textOf(adminHome)).toContain('Nothing open');

    // cancelling the novelty publishes U1's home again, without U1 opening it
    const shown = homesOf(h, 'U1').length;
    await h.event({ type: 'message', channel: 'C1', user: 'U1', text: 'cancel', ts: '1800000000.000600', thread_ts: novelty.ts }, 'EvCancel');
    const refreshed = await waitFor(
      () =>
        homesOf(h!, 'U1')
          .slice(shown)
          .find((view) => textOf(view).includes('cancelled')),
      'the refreshed home',
    );
    const [openNow, recentNow] = textOf(refreshed).split('Recently finished');
    expect(openNow).toContain('Nothing open');
    expect(recentNow).toContain(novelty.ts.replace('.', ''));
    expect(recentNow).toContain('cancelled');
    expect(recentNow).toContain(chat.ts.replace('.', ''));
  });

  test('Start a workflow opens a modal; its submission starts the workflow in the chosen channel, or in the DM', async () => {
    h = await startSlackBot();
    await openHome(h, 'U1');
    await waitFor(() => homesOf(h!, 'U1')[0], 'the home');
    expect((await clickInHome(h, startButton(h, 'U1', 'workflow'))).status).toBe(200);
    const modal = await waitFor(() => h!.slack.views[0]?.view, 'the Start modal');
    expect(modal.callback_id).toBe('iip-home-start');
    const verbs = JSON.stringify(modal.blocks);
    for (const verb of ['novelty', 'report', 'disclosure', 'solution', 'material']) expect(verbs).toContain(`"value":"${verb}"`);

    const idea = 'A bicycle helmet whose shell stiffens on impact through a shear-thickening fluid layer';
    expect((await submitStart(h, { verb: 'novelty', question: idea, options: '--lang en', where: 'C5' })).status).toBe(200);
    const sent = await waitFor(() => h!.sim.requests.find((r) => r.operation === 'AI35-1'), 'the novelty search');
    expect(JSON.stringify(sent.body)).toContain('shear-thickening');
    expect(h.latestThread('C5')!.parent.text).toContain('bicycle helmet');

    await clickInHome(h, startButton(h, 'U1', 'chat'));
    await waitFor(() => h!.slack.views[1], 'the chat modal');
    await submitStart(h, { verb: 'pharm', question: 'What are the indications for siRNA drugs?' });
    await waitFor(() => h!.latestThread('DU1')?.replies.some(isFinal), 'the answer in the DM');
    expect(h.slack.callsTo('conversations.open').map((c) => c.args.users)).toEqual(['U1']);
  });

  test('the Start modal speaks the language of the user who clicked, as their Home tab does', async () => {
    h = await startSlackBot({ slack: { locales: { U1: 'zh-CN', U2: 'en-US' } } });
    await openHome(h, 'U1');
    await openHome(h, 'U2');
    await waitFor(() => homesOf(h!, 'U1')[0] && homesOf(h!, 'U2')[0], 'both homes');
    expect(textOf(homesOf(h, 'U1')[0]!)).toMatch(/[\u4e00-\u9fff]/);

    await clickInHome(h, startButton(h, 'U1', 'workflow'), 'U1');
    const zh = await waitFor(() => h!.slack.views[0]?.view, "U1's Start modal");
    await clickInHome(h, startButton(h, 'U2', 'workflow'), 'U2');
    const en = await waitFor(() => h!.slack.views[1]?.view, "U2's Start modal");
    // the modal's own words (the offered starts' summaries come from the Home tab, drawn in its user's language)
    const words = (view: Json) => [view.title, view.submit, view.close].map((text) => (text as { text: string }).text);
    const [zhT, enT] = [translatorFor('zh'), translatorFor('en')];
    expect(words(zh)).toEqual([zhT('slack:home.startWorkflow'), zhT('slack:start.submit'), zhT('common:cancel')]);
    expect(words(en)).toEqual([enT('slack:home.startWorkflow'), enT('slack:start.submit'), enT('common:cancel')]);
    expect(JSON.stringify(zh.blocks)).toContain(JSON.stringify(zhT('slack:start.idea')));
    expect(JSON.stringify(zh.blocks)).toContain('"value":"novelty"');
  });

  test('typed, /iip home answers the same privately where it was typed, and publishes nothing', async () => {
    h = await startSlackBot();
    const chat = await askAndWait(h, 'Why is the sky blue?');
    await h.command('home');
    const note = await waitFor(() => h!.slack.ephemerals.find((e) => e.text.includes('Recently finished')), 'the home note');
    expect(note.user).toBe('U1');
    expect(note.text).toContain(chat.ts.replace('.', ''));
    expect(note.text).toContain('/iip novelty');
    expect(h.slack.homeViews).toEqual([]);
  });

  test('a Start submitted for a private channel the bot is not in is answered privately through the modal’s response_url', async () => {
    h = await startSlackBot();
    h.slack.channels.add({ id: 'G5', kind: 'private', members: ['U1'] });
    await submitStart(h, { verb: 'ask', question: 'Why is the sky blue?', where: 'G5' });
    const notice = await waitFor(() => h!.slack.responses[0], 'the private notice');
    expect(JSON.stringify(notice.body)).toContain('/invite @iip');
    expect(JSON.stringify(notice.body)).toContain('ask Why is the sky blue?');
    expect(h.sim.requests).toEqual([]);
  });
});
