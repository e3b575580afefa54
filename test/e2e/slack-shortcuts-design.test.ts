/**
 * Issue 28, design from a message, through the real Bolt app: the message shortcut's payload carries the message's
 * files; the modal names them (and offers a choice when there are several images); Start runs design in a thread
 * under the message with that image, downloaded with the bot token and served to AI39-1 from the bot's upload
 * shelf. A message whose files are no image, or an image the bot's token cannot read, is refused in the modal with
 * why: nothing is downloaded, nothing reaches the platform.
 */
import { afterEach, expect, test } from 'vitest';
import type { FakeSlackFile } from '../helpers/fake-slack-files.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { PRODUCT_PNG, submitted } from './slack-design-steps.js';
import { blockOf, MESSAGE_TS, messageShortcut, openedModal, platformCalls, shortcut, submit, type Json } from './slack-shortcut-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const PUBLIC_URL = 'https://iip-bot.example.test';
const declared = (file: FakeSlackFile) => ({ id: file.id, name: file.name, mimetype: file.mimetype, size: file.size, url_private: 'x' });
const contexts = (view: Json) => JSON.stringify((view.blocks as Json[]).filter((b) => b.type === 'context'));

test('design from a message with its image: the modal names the files, the search runs under the message with that image', async () => {
  h = await startSlackBot({ env: { PUBLIC_URL } });
  const mug = h.slack.files.share({ name: 'mug.png', mimetype: 'image/png', data: PRODUCT_PNG });
  const spec = h.slack.files.share({ name: 'spec.pdf', mimetype: 'application/pdf', data: Buffer.from('%PDF-1.7') });
  await shortcut(h, messageShortcut('C1', 'Our new travel mug', { files: [declared(mug), declared(spec)] }));
  const view = await openedModal(h, 1);
  expect(contexts(view)).toContain('Files of the message: mug.png, spec.pdf');
  // one image: no choice to make
  expect(blockOf(view, 'image')).toBeUndefined();

  expect((await submit(h, view, { verb: 'design', text: 'travel mug', lang: 'en' })).status).toBe(200);
  await waitFor(() => submitted(h!).length === 1, 'AI39-1');
  expect(submitted(h)).toEqual([
    {
      url: expect.stringMatching(/^https:\/\/iip-bot\.example\.test\/uploads\?file=/),
      country: ['US', 'CN', 'EU', 'JP', 'KR'],
      lang: 'en',
      main_field: 'travel mug',
    },
  ]);
  expect([mug.downloads, spec.downloads]).toEqual([1, 0]);
  await waitFor(() => h!.slack.threadMessages('C1', MESSAGE_TS).length > 0, 'the thread under the message');
});

test('several images: the modal offers them, and design takes the one chosen', async () => {
  h = await startSlackBot({ env: { PUBLIC_URL } });
  const front = h.slack.files.share({ name: 'front.png', mimetype: 'image/png', data: PRODUCT_PNG });
  const side = h.slack.files.share({ name: 'side.png', mimetype: 'image/png', data: PRODUCT_PNG });
  await shortcut(h, messageShortcut('C1', '', { files: [declared(front), declared(side)] }));
  const view = await openedModal(h, 1);
  expect((blockOf(view, 'image').element.options as { value: string }[]).map((o) => o.value)).toEqual([front.id, side.id]);
  await submit(h, view, { verb: 'design', text: '', image: side.id });
  await waitFor(() => submitted(h!).length === 1, 'AI39-1');
  expect([front.downloads, side.downloads]).toEqual([0, 1]);
});

test('refusals: files that are no image, an image the bot cannot read; the modal says why, nothing is downloaded or sent', async () => {
  h = await startSlackBot({ env: { PUBLIC_URL } });
  const spec = h.slack.files.share({ name: 'spec.pdf', mimetype: 'application/pdf', data: Buffer.from('%PDF-1.7') });
  await shortcut(h, messageShortcut('C1', 'the spec', { files: [declared(spec)] }));
  const notImage = await submit(h, await openedModal(h, 1), { verb: 'design', text: 'mug' });
  expect(JSON.parse(notImage.body)).toEqual({
    response_action: 'errors',
    errors: { verb: expect.stringMatching(/^design needs an image \(PNG, JPEG, GIF or WebP\), and spec\.pdf is not one\. Nothing was sent/) },
  });

  // shared from a conversation the bot is not in: Slack's files.info does not show it to the bot's token
  const hidden = h.slack.files.share({ name: 'prototype.jpg', mimetype: 'image/jpeg', data: PRODUCT_PNG, readable: false });
  await shortcut(h, messageShortcut('C1', 'the prototype', { files: [declared(hidden)] }));
  const unreadable = await submit(h, await openedModal(h, 2), { verb: 'design', text: 'mug' });
  expect(JSON.parse(unreadable.body)).toEqual({
    response_action: 'errors',
    errors: { verb: expect.stringMatching(/^iip cannot open prototype\.jpg: Slack does not let the bot read it .* Nothing was sent/) },
  });
  expect(h.slack.callsTo('files.info').map((c) => c.args.file)).toEqual([hidden.id]);
  expect([spec.downloads, hidden.downloads]).toEqual([0, 0]);
  expect(platformCalls(h)).toEqual([]);
  expect(h.slack.callsTo('chat.postMessage')).toEqual([]);
});
