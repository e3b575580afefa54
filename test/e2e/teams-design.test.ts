/**
 * `design` in a Teams channel with an image instead of a link, end to end through botbuilder's CloudAdapter
 * (authenticated: app id, channel tokens, the bot's own token), the design workflow and the simulator: an image
 * attached to the mention is downloaded from the connector with the bot's token, offered to the platform at the
 * bot's private upload link, and the line drawing comes back as a card image in the reply chain; an image pasted
 * into a reply (hosted content named only in the HTML copy) starts a search that waits for its image; with a
 * missing or a wrong token the connector refuses the download and the user is told, and nothing is sent. With a
 * link: each similar design's `confusion` analysis on the card, and Show more reading AI39-2 once for the rest.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { PlatformClient } from '../../src/platform/client.js';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import { requestErrors } from '../helpers/openapi-validator.js';
import {
  imageAttachments,
  pastedHtmlOnly,
  PRODUCT_PNG,
  PUBLIC_URL,
  startTeamsDesignBot,
  type TeamsDesignBot,
} from '../helpers/teams-design-steps.js';
import { PERSONAL_CHAT } from '../helpers/teams-activities.js';
import { elementsOf, TeamsThread, textOf } from '../helpers/teams-workflow-steps.js';

let h: TeamsDesignBot | undefined;
let linked: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  await linked?.close();
  h = undefined;
  linked = undefined;
});

const submitted = (bot: TeamsDesignBot) => bot.sim.requests.filter((r) => r.operation === 'AI39-1').map((r) => r.body as { url: string });
const reply = (bot: TeamsDesignBot, root: string, text: string) =>
  waitFor(() => bot.replies(root).find((m) => cardJson(m).includes(text)), `a reply with "${text}"`, 10_000);

describe('design in a Teams channel, with an image', () => {
  test('an image attached to the mention is fetched with the bot token, served to the platform, and the line drawing shown as a card image', async () => {
    h = await startTeamsDesignBot();
    const command = 'design wireless earbuds case --countries US';
    h.sim.setTaskDuration(60_000); // hold the search while the platform's link is checked
    const { root, sent } = await h.mention(command, imageAttachments(h.fake, command));
    expect(sent.status).toBe(200);
    await waitFor(() => submitted(h!).length === 1, 'AI39-1');
    const offered = await fetch(`${h.bot.httpUrl}/uploads${new URL(submitted(h)[0]!.url).search}`);
    expect(offered.status).toBe(200);
    expect(Buffer.from(await offered.arrayBuffer()).equals(PRODUCT_PNG)).toBe(true);
    h.sim.setTaskDuration(0);
    const done = await reply(h, root, 'Design search report');

    const downloads = h.fake.callsTo('attachment');
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatchObject({ method: 'GET', auth: 'valid' });
    const [body] = submitted(h);
    expect(body).toEqual({
      url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/uploads\\?file=[\\w-]{20,}$`)),
      country: ['US'],
      lang: 'en',
      main_field: 'wireless earbuds case',
    });
    expect(requestErrors('AI39-1', body)).toEqual([]);
    expect(textOf(done)).toContain('line drawing is posted in this thread');
    // each similar design's thumbnail (AI39-2 url_120) is a card image, with Show more for the rest
    const thumbnails = elementsOf(done).filter((e) => e.type === 'Image' && /\/designs\/thumb\/\S+_120\.jpg$/.test(String(e.url)));
    expect(thumbnails.map((e) => e.altText)).toEqual([expect.stringMatching(/^Thumbnail of /), expect.anything(), expect.anything()]);
    expect(cardJson(done)).toMatch(/Show more \(\d+ left\)/);

    const taskId = (h.sim.requests.find((r) => r.operation === 'AI39-2')!.body as { task_id: string }).task_id;
    const platform = new PlatformClient({ baseUrl: h.sim.url, apiKey: 'sk-teams-design-key' });
    const drawing = (await platform.call('AI39-2', { task_id: taskId })).line_drawing_base64!;
    await platform.close();
    const image = await waitFor(
      () =>
        h!
          .replies(root)
          .flatMap((m) => elementsOf(m))
          .find((e) => e.type === 'Image' && String(e.url).startsWith('data:image/png;base64,')),
      'the line drawing as a card image',
    );
    expect(Buffer.from(String(image.url).split(',')[1]!, 'base64').equals(Buffer.from(drawing.split(',')[1]!, 'base64'))).toBe(true);
    expect(image.altText).toBe('Line drawing of your design');
    // the image reached the platform only through the bot's private link, which is withdrawn once the search is done
    const link = `${h.bot.httpUrl}/uploads${new URL(body!.url).search}`;
    for (let tries = 0; (await fetch(link)).status !== 404; tries++) {
      if (tries > 200) throw new Error('the upload link was not withdrawn');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  test('an image pasted into a reply (hosted content in the HTML copy) is the image of a search waiting for one', async () => {
    h = await startTeamsDesignBot();
    const { root } = await h.mention('design earbuds case --countries US,EU');
    await waitFor(() => h!.replies(root).find((m) => cardJson(m).includes('Upload the')), 'the request for the image');
    expect(submitted(h)).toEqual([]);
    await h.mention('here it is', pastedHtmlOnly(h.fake, 'here it is'), root);
    await waitFor(() => submitted(h!).length === 1, 'AI39-1');
    expect(h.fake.callsTo('attachment')).toEqual([expect.objectContaining({ auth: 'valid' })]);
    expect(submitted(h)[0]).toMatchObject({ country: ['US', 'EU'], main_field: 'earbuds case' });
    await reply(h, root, 'Design search report');
  });

  test('in the 1:1 chat, an image pasted with the command (no mention needed) runs the search there and the drawing comes back there', async () => {
    h = await startTeamsDesignBot();
    const command = 'design wireless earbuds case --countries CN';
    expect((await h.personal(command, imageAttachments(h.fake, command))).status).toBe(200);
    const chat = () => h!.fake.messages(PERSONAL_CHAT);
    await waitFor(() => chat().find((m) => cardJson(m).includes('Design search report')), 'the report in the 1:1 chat', 10_000);
    expect(submitted(h)).toEqual([expect.objectContaining({ country: ['CN'], main_field: 'wireless earbuds case' })]);
    expect(h.fake.callsTo('attachment')).toEqual([expect.objectContaining({ auth: 'valid' })]);
    await waitFor(() => chat().some((m) => elementsOf(m).some((e) => e.type === 'Image')), 'the line drawing in the 1:1 chat');
    expect(h.fake.allMessages().every((m) => m.conversation === PERSONAL_CHAT)).toBe(true);
  });

  test.each([
    ['missing', false],
    ['wrong', true],
  ])('with a %s token the connector refuses the download: the user is told and nothing is sent', async (_kind, appId) => {
    h = await startTeamsDesignBot({ appId });
    const command = 'design wireless earbuds case';
    if (appId) {
      // the bot holds a token (from its first send), then the fake forgets it: the download carries a token it no longer knows
      const { root: warm } = await h.mention('help');
      await waitFor(() => h!.replies(warm).length > 0, 'the help answer');
      h.fake.revokeTokens();
    }
    await h.mention(command, imageAttachments(h.fake, command));
    // a note for the asker: in the reply chain, or in the asker's 1:1 chat with the bot (Teams has no ephemeral messages)
    const note = await waitFor(() => h!.fake.allMessages().find((m) => cardJson(m).includes('could not be downloaded')), 'the note', 10_000);
    expect(textOf(note)).toContain('Nothing was sent');
    expect(textOf(note)).toContain('Teams refused the bot access to it');
    expect(textOf(note)).not.toContain('files:read');
    expect(h.fake.callsTo('attachment')).toEqual([expect.objectContaining({ auth: appId ? 'invalid' : 'none' })]);
    expect(submitted(h)).toEqual([]);
    expect(JSON.stringify(h.fake.allMessages())).not.toContain('Bearer');
  });
});

describe('design in a Teams channel, with a link: the similar designs', () => {
  test('the card shows each top design’s confusion analysis; Show more sends one AI39-2 for the task and posts the rest once', async () => {
    linked = await startTeamsBot();
    const t = await TeamsThread.opened(linked, 'design https://images.example.com/products/earbuds-case.png wireless earbuds case --countries US,CN');
    const done = await t.step('Design search report');
    const taskId = (linked.sim.requests.find((r) => r.operation === 'AI39-2')!.body as { task_id: string }).task_id;
    const platform = new PlatformClient({ baseUrl: linked.sim.url, apiKey: 'sk-teams-e2e-key' });
    const result = await platform.call('AI39-2', { task_id: taskId });
    await platform.close();
    const comparisons = [...result.report!.comparisons].sort((a, b) => b.score! - a.score!);
    const others = result.patent_messages!.patent_messages.filter((p) => !comparisons.some((c) => c.patent_pn === p.patent_pn));
    for (const c of comparisons.slice(0, 3)) expect(textOf(done)).toContain(`Could consumers confuse them:_ ${c.confusion}`);
    const left = comparisons.length + others.length - 3;
    expect(buttonsOf(done).map((b) => b.title)).toEqual([`Show more (${left} left)`]);

    const sent = linked.sim.requests.length;
    await t.press(done, `Show more (${left} left)`);
    const more = await t.reply('Similar designs 4–');
    expect(linked.sim.requests.slice(sent).map((r) => ({ operation: r.operation, body: r.body }))).toEqual([
      { operation: 'AI39-2', body: { task_id: taskId } },
    ]);
    expect(textOf(more)).toContain(`Could consumers confuse them:_ ${comparisons[3]!.confusion}`);
    for (const o of others) expect(cardJson(more)).toContain(o.patent_pn);
    await t.press(done, `Show more (${left} left)`);
    await t.note('Already shown');
    expect(t.replies.filter((m) => cardJson(m).includes('Similar designs 4–'))).toHaveLength(1);
    expect(linked.sim.requests).toHaveLength(sent + 1);
  });
});
