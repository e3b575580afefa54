/**
 * `design` with an image in each of Teams' places (a channel's reply chain, a group chat, the 1:1 chat), end to
 * end through the authenticated CloudAdapter, the design workflow and the simulator, one bot for the file: the
 * image attached to the command is fetched with the bot's token and searched, the line drawing comes back as a
 * card image in the same place; without an image the upload step says how to post one there in Teams (with the
 * mention in channels and group chats, no mention needed in the 1:1 chat), and the image posted that way runs it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cardJson } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import { GROUP_CHAT, PERSONAL_CHAT } from '../helpers/teams-activities.js';
import { imageAttachments, pastedHtmlOnly, startTeamsDesignBot, type TeamsDesignBot } from '../helpers/teams-design-steps.js';
import { PLACES, type Place } from '../helpers/teams-places.js';
import { elementsOf, textOf } from '../helpers/teams-workflow-steps.js';

type Json = Record<string, unknown>;

let h: TeamsDesignBot;
beforeAll(async () => {
  h = await startTeamsDesignBot();
});
afterAll(async () => {
  await h.close();
});

const submitted = () => h.sim.requests.filter((r) => r.operation === 'AI39-1').map((r) => r.body as Json);
const newest = (): number => Math.max(0, ...h.fake.allMessages().map((m) => Number(m.id)));

/** A design conversation in `place`: messages sent as Teams sends them there, the bot's answers since it began. */
function designIn(place: Place) {
  const since = newest();
  let root = '';
  return {
    async say(text: string, attachments: Json[] = []) {
      if (place === 'channel') {
        const sent = await h.mention(text, attachments, root || undefined);
        root = sent.root;
        return sent.sent;
      }
      return place === 'group' ? h.group(text, attachments) : h.personal(text, attachments);
    },
    messages(): FakeActivity[] {
      if (place === 'channel') return h.replies(root);
      return h.fake.messages(place === 'group' ? GROUP_CHAT : PERSONAL_CHAT).filter((m) => Number(m.id) > since);
    },
  };
}

const shown = (messages: () => FakeActivity[], text: string) =>
  waitFor(() => messages().find((m) => cardJson(m).includes(text)), `a message with "${text}"`, 10_000);
const drawingShown = (messages: () => FakeActivity[]) =>
  waitFor(
    () =>
      messages()
        .flatMap((m) => elementsOf(m))
        .find((e) => e.type === 'Image' && String(e.url).startsWith('data:image/png;base64,')),
    'the line drawing as a card image',
  );

describe.each(PLACES)('design in Teams, %s', (place, where) => {
  test(`an image attached to the command is searched and the line drawing comes back, in ${where}`, async () => {
    const conversation = designIn(place);
    const command = `design wireless earbuds case ${place} --countries US`;
    const downloads = h.fake.callsTo('attachment').length;
    expect((await conversation.say(command, imageAttachments(h.fake, command))).status).toBe(200);
    const report = await shown(conversation.messages, 'Design search report');
    expect(submitted().at(-1)).toMatchObject({ country: ['US'], main_field: `wireless earbuds case ${place}` });
    expect(h.fake.callsTo('attachment').slice(downloads)).toEqual([expect.objectContaining({ auth: 'valid' })]);
    expect(textOf(report)).toContain('line drawing');
    expect((await drawingShown(conversation.messages)).altText).toBe('Line drawing of your design');
  });

  test(`without an image the upload step says how to post one in ${where}; the image posted so runs the search`, async () => {
    const conversation = designIn(place);
    const before = submitted().length;
    await conversation.say(`design earbuds case ${place} --countries US,EU`);
    const ask = await shown(conversation.messages, 'Upload the image');
    expect(textOf(ask)).toContain('Post the product image in this thread with a mention of the bot (`@iip`');
    expect(textOf(ask)).toContain('in your 1:1 chat with the bot no mention is needed');
    const asked = newest();
    await conversation.say('where does the picture go?');
    const note = await waitFor(
      () => h.fake.allMessages().find((m) => Number(m.id) > asked && textOf(m).includes('to start the search')),
      'the note to a message without the image',
    );
    expect(textOf(note)).toContain('with a mention of the bot (`@iip`');
    expect(submitted()).toHaveLength(before);
    await conversation.say('here it is', pastedHtmlOnly(h.fake, 'here it is'));
    await shown(conversation.messages, 'Design search report');
    expect(submitted().slice(before)).toEqual([expect.objectContaining({ country: ['US', 'EU'], main_field: `earbuds case ${place}` })]);
    await drawingShown(conversation.messages);
  });
});
