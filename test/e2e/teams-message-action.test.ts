/**
 * Issue 28 in Teams, through botbuilder's CloudAdapter: the message action's invokes as Teams sends them. From a
 * channel message's "…" menu, `composeExtension/fetchTask` answers with the dialog (the message's HTML as text with
 * its lines, the verbs, the characters left); `composeExtension/submitAction` starts novelty in a reply to that
 * message with the exact four lines at AI35-1. From the compose box the dialog opens empty; an empty text is
 * answered with why, and nothing starts. The dialog speaks the user's `lang` choice, else their client's language.
 */
import { afterEach, expect, test } from 'vitest';
import { startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import { activityId, messageActionInvoke, sendActivity } from '../helpers/teams-activities.js';
import { bodiesOf } from '../helpers/teams-workflow-steps.js';
import { CLAIMS } from './claim-set.js';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Json = Record<string, unknown>;

const actionInvoke = (bot: TeamsBotHarness, name: string, root: string, value: Json): Json => messageActionInvoke(bot.fake.url, name, root, value);

const html = `<p>${CLAIMS.split('\n')
  .map((line) => line.replace(/&/g, '&amp;'))
  .join('<br>')}</p>`;

test('from a channel message: the dialog carries its lines; the submission starts novelty in its reply chain with all four', async () => {
  h = await startTeamsBot();
  const root = activityId();
  const messagePayload = { id: root, body: { contentType: 'html', content: html }, from: { user: { id: '29:1user-bob' } } };
  const fetched = await sendActivity(
    h.messagesUrl,
    actionInvoke(h, 'composeExtension/fetchTask', root, { commandContext: 'message', messagePayload }),
  );
  expect(fetched.status).toBe(200);
  const task = (JSON.parse(fetched.body) as { task: { type: string; value: { card: { content: { body: Json[] } } } } }).task;
  expect(task.type).toBe('continue');
  const body = task.value.card.content.body;
  expect(body.find((b) => b.id === 'text')?.value).toBe(CLAIMS);
  expect((body.find((b) => b.id === 'verb')?.choices as { value: string }[]).map((c) => c.value)).toContain('novelty');
  expect(JSON.stringify(body)).toContain(`novelty ${5_000 - [...CLAIMS].length}`);
  expect(h.sim.requests.filter((r) => r.operation !== 'unknown')).toEqual([]);

  const data = { verb: 'novelty', text: CLAIMS, lang: 'en' };
  const submitted = await sendActivity(
    h.messagesUrl,
    actionInvoke(h, 'composeExtension/submitAction', root, { commandContext: 'message', messagePayload, data }),
  );
  expect(submitted.status).toBe(200);
  await waitFor(() => bodiesOf(h!, 'AI35-1').length === 1, 'AI35-1');
  expect(bodiesOf(h, 'AI35-1')).toEqual([{ input: CLAIMS, lang: 'en' }]);
  await waitFor(() => h!.replies(root).length > 0, 'the reply under the message');
});

test('from the compose box the dialog opens empty; an empty text is answered with why and nothing starts', async () => {
  h = await startTeamsBot();
  const root = activityId();
  const fetched = await sendActivity(h.messagesUrl, actionInvoke(h, 'composeExtension/fetchTask', root, { commandContext: 'compose' }));
  const body = (JSON.parse(fetched.body) as { task: { value: { card: { content: { body: Json[] } } } } }).task.value.card.content.body;
  expect(body.find((b) => b.id === 'text')?.value).toBe('');
  const empty = await sendActivity(
    h.messagesUrl,
    actionInvoke(h, 'composeExtension/submitAction', root, { commandContext: 'compose', data: { verb: 'report', text: '  \n' } }),
  );
  expect(JSON.parse(empty.body)).toEqual({ task: { type: 'message', value: 'Write the text to start with.' } });
  expect(h.sim.requests.filter((r) => r.operation !== 'unknown')).toEqual([]);
});

test('the app package declares the message action: one action command on messages and in the compose box, with a dialog', async () => {
  const { readFileSync } = await import('node:fs');
  const manifest = JSON.parse(readFileSync(new URL('../../teams/manifest.json', import.meta.url), 'utf8')) as {
    bots: { botId: string }[];
    composeExtensions: { botId: string; commands: { id: string; type: string; context: string[]; fetchTask: boolean }[] }[];
  };
  expect(manifest.composeExtensions.map((e) => e.botId)).toEqual([manifest.bots[0]!.botId]);
  expect(manifest.composeExtensions[0]!.commands.map((c) => [c.id, c.type, c.context, c.fetchTask])).toEqual([
    ['iipStart', 'action', ['message', 'compose'], true],
  ]);
});

test('the dialog speaks the language the user chose with `lang`, whatever their client is set to; `lang auto` gives it back', async () => {
  // configured as in production (TEAMS_* variables): bot.ts wires the adapter to the Teams router's languages
  h = await startTeamsBot({ configured: true });
  const root = activityId();
  const dialogTitle = async () => {
    const answer = await sendActivity(
      h!.messagesUrl,
      actionInvoke(h!, 'composeExtension/fetchTask', root, { commandContext: 'message', messagePayload: { id: root } }),
    );
    return (JSON.parse(answer.body) as { task: { value: { title: string } } }).task.value.title;
  };
  expect(await dialogTitle()).toBe('Start with iip');
  // the same user, in their 1:1 chat with the bot (an en-US client)
  await h.personal('lang zh');
  await waitFor(() => h!.fake.calls.some((c) => JSON.stringify(c.body).includes('从现在起')), 'the choice confirmed');
  expect(await dialogTitle()).toBe('用 iip 开始');
  await h.personal('lang auto');
  await waitFor(async () => (await dialogTitle()) === 'Start with iip', 'the client language again');
});
