/**
 * The design search when things go wrong or arrive differently: a restart during the AI39-2 wait, a refused
 * submission and a failed task with Retry, an image attached to the mention itself, a double upload.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, eventually, NoveltyThread, textOf } from './slack-novelty-steps.js';
import { PRODUCT_PNG, shareInThread, submitted } from './slack-design-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const IMAGE = 'https://images.example.com/products/lamp.jpg';

describe('/iip design recovery', () => {
  test('a restart during the AI39-2 wait resumes it in the same message and completes; AI39-1 is sent once', async () => {
    h = await startSlackBot();
    h.sim.setTaskDuration(60_000);
    await h.command(`design ${IMAGE} desk lamp`);
    const t = await NoveltyThread.opened(h, 0);
    const progress = await t.reply('Searching similar registered designs');
    // the progress message is shown just before the record with its wait is saved
    await eventually(async () => (await h!.bot.state.listWaiting())[0]?.wait?.operation === 'AI39-2', 'the recorded AI39-2 wait');
    expect((await h.bot.state.listWaiting())[0]?.wait).toMatchObject({ operation: 'AI39-2', step: 'report' });

    await h.restart();
    const polled = bodiesOf(h, 'AI39-2').length;
    await waitFor(() => bodiesOf(h!, 'AI39-2').length > polled, 'a poll by the restarted bot');
    h.sim.setTaskDuration(0);
    const done = await t.reply('Design search report');
    expect(done.ts).toBe(progress.ts);
    expect(submitted(h)).toHaveLength(1);
    expect(h.slack.files.uploads()).toHaveLength(1);
    await eventually(async () => (await h!.bot.state.listWaiting()).length === 0, 'no wait left');
  });

  test('a refused submission and a failed task each show Retry; Retry sends the same request again and the search completes', async () => {
    h = await startSlackBot();
    h.sim.inject({ kind: 'envelope-error', errorCode: 68300008, operation: 'AI39-1', times: 1 });
    await h.command(`design ${IMAGE} --countries JP`);
    const t = await NoveltyThread.opened(h, 0);
    const refused = await t.step('Submitting the image failed');
    expect(buttonsOf(refused).map((b) => b.label)).toEqual(['Retry', 'Cancel']);

    h.sim.inject({ kind: 'task-fails', operation: 'AI39-2', times: 1 });
    await t.press(refused, 'Retry');
    const failed = await t.step('Searching similar registered designs failed');
    expect(textOf(failed)).toContain('The platform could not finish this step.');
    await t.press(failed, 'Retry');
    await t.reply('Design search report');
    const sent = submitted(h);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(sent[0]).toEqual({ url: IMAGE, country: ['JP'], lang: 'en' });
  });

  test('an image attached to the mention starts the search at once; a second upload after it is answered, not sent', async () => {
    h = await startSlackBot({ env: { PUBLIC_URL: 'https://iip-bot.example.test' } });
    const file = h.slack.files.share({ name: 'chair.png', mimetype: 'image/png', data: PRODUCT_PNG });
    const mention = {
      type: 'app_mention',
      channel: 'C1',
      channel_type: 'channel',
      user: 'U1',
      text: '<@UBOT> design office chair --countries KR',
      ts: '1800000200.000001',
      files: [{ id: file.id, name: file.name, mimetype: file.mimetype, size: file.size }],
    };
    await h.event(mention, 'EvMentionFile1');
    await waitFor(() => h!.slack.threadMessages('C1', mention.ts).some((m) => textOf(m).includes('Design search report')), 'the report');
    expect(submitted(h)).toEqual([
      { url: expect.stringMatching(/^https:\/\/iip-bot\.example\.test\/uploads\?file=/), country: ['KR'], lang: 'en', main_field: 'office chair' },
    ]);
    expect(file.downloads).toBe(1);

    const parent = { ts: mention.ts } as Parameters<typeof shareInThread>[1];
    await shareInThread(h, parent, { id: file.id, name: file.name, mimetype: file.mimetype, size: file.size });
    await waitFor(() => h!.slack.ephemerals.find((e) => e.text.includes('has its image already')), 'the note');
    expect(submitted(h)).toHaveLength(1);
    expect(file.downloads).toBe(1);
  });
});
