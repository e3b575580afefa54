/**
 * Issue 28 in Teams, through botbuilder's CloudAdapter (authenticated, the bot's own token): the message action on
 * a message with an image runs design with that image (downloaded from the connector with the bot's token, served
 * to AI39-1 from the bot's upload link) in a reply to the message; a message whose file is no image, or lives in
 * SharePoint (a `reference` the bot cannot read), is refused in the dialog with why. Where the app is not installed
 * (the Bot Connector refuses the bot the conversation's roster: 403 BotNotInConversationRoster), both the dialog and
 * a submission say so, and nothing reaches the platform or the conversation.
 */
import { afterEach, expect, test } from 'vitest';
import { waitFor } from '../adapters/teams/harness.js';
import { activityId, CHANNEL, messageActionInvoke } from '../helpers/teams-activities.js';
import { PRODUCT_PNG, PUBLIC_URL, startTeamsDesignBot, type TeamsDesignBot } from '../helpers/teams-design-steps.js';

let h: TeamsDesignBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Json = Record<string, unknown>;

const actionInvoke = (bot: TeamsDesignBot, name: string, root: string, value: Json): Json =>
  messageActionInvoke(bot.fake.url, name, root, { commandContext: 'message', ...value });

const submitted = (bot: TeamsDesignBot) => bot.sim.requests.filter((r) => r.operation === 'AI39-1').map((r) => r.body);
const taskOf = (body: string) => (JSON.parse(body) as { task: { type: string; value: unknown } }).task;

test('design from a message with an image: the dialog names it, the search runs with it in a reply to the message', async () => {
  h = await startTeamsDesignBot();
  const root = activityId();
  const { contentUrl } = h.fake.addAttachment(PRODUCT_PNG, 'image/png');
  const messagePayload = {
    id: root,
    body: { contentType: 'html', content: '<p>Our new travel mug</p>' },
    attachments: [{ contentType: 'image/png', contentUrl, name: 'mug.png' }],
  };
  const fetched = await h.send(actionInvoke(h, 'composeExtension/fetchTask', root, { messagePayload }));
  expect(JSON.stringify(taskOf(fetched.body))).toContain('Files of the message: mug.png');
  expect(h.fake.callsTo('member').map((c) => c.status)).toEqual([200]);

  const data = { verb: 'design', text: 'travel mug', lang: 'en' };
  const sent = await h.send(actionInvoke(h, 'composeExtension/submitAction', root, { messagePayload, data }));
  expect(sent.status).toBe(200);
  await waitFor(() => submitted(h!).length === 1, 'AI39-1');
  expect(submitted(h)).toEqual([
    {
      url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/uploads\\?file=`)),
      country: ['US', 'CN', 'EU', 'JP', 'KR'],
      lang: 'en',
      main_field: 'travel mug',
    },
  ]);
  expect(h.fake.callsTo('attachment')).toMatchObject([{ method: 'GET', auth: 'valid' }]);
  await waitFor(() => h!.replies(root).length > 0, 'the reply under the message');
});

test('refusals in the dialog: a file that is no image, an image kept in SharePoint; nothing is downloaded or sent', async () => {
  h = await startTeamsDesignBot();
  const root = activityId();
  const reference = (name: string) => ({
    contentType: 'reference',
    contentUrl: `https://contoso.sharepoint.com/sites/ip/Shared%20Documents/${name}`,
    name,
  });
  const submit = (attachments: Json[]) =>
    h!.send(
      actionInvoke(h!, 'composeExtension/submitAction', root, {
        messagePayload: { id: root, body: { contentType: 'html', content: '<p>see attached</p>' }, attachments },
        data: { verb: 'design', text: 'mug' },
      }),
    );
  expect(taskOf((await submit([reference('spec.pdf')])).body)).toEqual({
    type: 'message',
    value: 'design needs an image (PNG, JPEG, GIF or WebP), and spec.pdf is not one. Nothing was sent.',
  });
  expect(taskOf((await submit([reference('prototype.jpg')])).body)).toEqual({
    type: 'message',
    value: expect.stringMatching(/^iip cannot open prototype\.jpg: it is a file stored in SharePoint or OneDrive/),
  });
  expect(h.fake.callsTo('attachment')).toEqual([]);
  expect(h.sim.requests.filter((r) => r.operation !== 'unknown')).toEqual([]);
  expect(h.replies(root)).toEqual([]);
});

test('where the app is not installed: the dialog and a submission say why; nothing reaches the platform or the conversation', async () => {
  h = await startTeamsDesignBot();
  h.fake.removeBot(CHANNEL);
  const root = activityId();
  const messagePayload = { id: root, body: { contentType: 'html', content: '<p>A claim set<br>in two lines</p>' } };
  const fetched = await h.send(actionInvoke(h, 'composeExtension/fetchTask', root, { messagePayload }));
  const why = expect.stringMatching(/^iip is not in this conversation, so it cannot read the message or answer under it\. Nothing was sent/);
  expect(taskOf(fetched.body)).toEqual({ type: 'message', value: why });

  const data = { verb: 'novelty', text: 'A claim set\nin two lines' };
  const sent = await h.send(actionInvoke(h, 'composeExtension/submitAction', root, { messagePayload, data }));
  expect(taskOf(sent.body)).toEqual({ type: 'message', value: why });
  expect(h.fake.callsTo('member').map((c) => c.status)).toEqual([403, 403]);
  expect(h.sim.requests.filter((r) => r.operation !== 'unknown')).toEqual([]);
  expect(h.fake.calls.filter((c) => ['send', 'reply', 'create'].includes(c.operation))).toEqual([]);
});
