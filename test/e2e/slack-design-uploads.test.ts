/**
 * Images uploaded for `/iip design`, through the real Slack app, the workflow machinery and the simulator, kept in
 * the private folder beside the state file: served by a restarted bot, withdrawn when the search is done, when a
 * step fails (Retry then asks for the image again) and when the search is cancelled; at most 5 images per user.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, eventually, NoveltyThread, textOf } from './slack-novelty-steps.js';
import { PRODUCT_PNG, shareInThread, submitted } from './slack-design-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const PUBLIC_URL = 'https://iip-bot.example.test';

const served = async (url: string): Promise<number> => (await fetch(`${h!.bot.httpUrl}/uploads${new URL(url).search}`)).status;
const shelfFiles = (): string[] => {
  const dir = join(h!.stateDir, 'state.uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** `/iip design`, then the image uploaded to its thread; resolves with the URL the platform was given. */
async function designWithUpload(): Promise<{ t: NoveltyThread; url: string }> {
  const before = submitted(h!).length;
  await h!.command('design wireless earbuds case --countries US');
  const t = await NoveltyThread.opened(h!, h!.slack.channelMessages('C1').filter((m) => !m.threadTs || m.threadTs === m.ts).length - 1);
  await t.step('Upload the image');
  return { t, url: await uploadTo(t, before) };
}

async function uploadTo(t: NoveltyThread, before: number): Promise<string> {
  const file = h!.slack.files.share({ name: 'earbuds.png', mimetype: 'image/png', data: PRODUCT_PNG });
  await shareInThread(h!, h!.slack.message('C1', t.parentTs)!, { id: file.id, name: file.name, mimetype: file.mimetype, size: file.size });
  const sent = await waitFor(() => submitted(h!).length > before && submitted(h!), 'AI39-1');
  return sent[before]!.url;
}

describe('/iip design uploads', () => {
  test('an uploaded image is served by the restarted bot during the wait, and withdrawn (deleted) once the search is done', async () => {
    h = await startSlackBot({ env: { PUBLIC_URL } });
    h.sim.setTaskDuration(60_000);
    const { t, url } = await designWithUpload();
    expect(await served(url)).toBe(200);
    expect(shelfFiles()).toHaveLength(2);
    await eventually(async () => (await h!.bot.state.listWaiting())[0]?.wait?.operation === 'AI39-2', 'the recorded AI39-2 wait');

    await h.restart();
    expect(await served(url)).toBe(200);
    const polled = bodiesOf(h, 'AI39-2').length;
    await waitFor(() => bodiesOf(h!, 'AI39-2').length > polled, 'a poll by the restarted bot');
    h.sim.setTaskDuration(0);
    await t.reply('Design search report');
    await eventually(async () => (await served(url)) === 404 && shelfFiles().length === 0, 'the image withdrawn and deleted');
  });

  test.each([
    [
      'a refused submission',
      { kind: 'envelope-error', errorCode: 68300008, operation: 'AI39-1', times: 1 } as const,
      'Submitting the uploaded image failed',
    ],
    ['a failed task', { kind: 'task-fails', operation: 'AI39-2', times: 1 } as const, 'Searching similar registered designs failed'],
  ])('after %s the image is withdrawn; Retry asks for the image again and never sends the dead link', async (_what, fault, failure) => {
    h = await startSlackBot({ env: { PUBLIC_URL } });
    h.sim.inject(fault);
    const { t, url } = await designWithUpload();
    const failed = await t.step(failure);
    expect(buttonsOf(failed).map((b) => b.label)).toEqual(['Retry', 'Cancel']);
    await eventually(async () => (await served(url)) === 404 && shelfFiles().length === 0, 'the image withdrawn and deleted');

    await t.press(failed, 'Retry');
    await waitFor(() => t.replies.find((m) => textOf(m).includes('withdrawn when the search failed: upload it again')), 'the upload step again');
    expect(submitted(h)).toHaveLength(1);
    const again = await uploadTo(t, 1);
    expect(again).not.toBe(url);
    await t.reply('Design search report');
    expect(submitted(h).map((b) => b.url)).toEqual([url, again]);
    await eventually(async () => (await served(again)) === 404 && shelfFiles().length === 0, 'the second image withdrawn');
  });

  test('a search cancelled while it waits for the platform withdraws its image', async () => {
    h = await startSlackBot({ env: { PUBLIC_URL } });
    h.sim.setTaskDuration(60_000);
    const { t, url } = await designWithUpload();
    const progress = await t.step('Searching similar registered designs');
    // the progress message is shown just before the record with its wait is saved
    await eventually(async () => (await h!.bot.state.listWaiting())[0]?.wait?.operation === 'AI39-2', 'the recorded AI39-2 wait');
    expect(await served(url)).toBe(200);
    await t.press(progress, 'Cancel');
    await t.reply('Cancelled by <@U1>');
    await eventually(async () => (await served(url)) === 404 && shelfFiles().length === 0, 'the image withdrawn and deleted');
  });

  test("one user's sixth image is refused with the reason while another user's is sent; none of the five is evicted", async () => {
    h = await startSlackBot({ env: { PUBLIC_URL, LIMIT_WORKFLOWS_PER_USER: '0' } });
    h.sim.setTaskDuration(60_000);
    let n = 0;
    const mention = async (user: string) => {
      n += 1;
      const file = h!.slack.files.share({ name: `chair${n}.png`, mimetype: 'image/png', data: PRODUCT_PNG });
      await h!.event(
        {
          type: 'app_mention',
          channel: 'C1',
          channel_type: 'channel',
          user,
          text: '<@UBOT> design office chair',
          ts: `1800000300.${String(n).padStart(6, '0')}`,
          files: [{ id: file.id, name: file.name, mimetype: file.mimetype, size: file.size }],
        },
        `EvUploadCap${n}`,
      );
    };
    for (let i = 0; i < 5; i++) await mention('U1');
    const five = await waitFor(() => submitted(h!).length === 5 && submitted(h!).map((b) => b.url), 'five submissions');
    await mention('U1');
    const refusal = await waitFor(
      () => h!.slack.ephemerals.find((e) => e.user === 'U1' && e.text.includes('You have 5 images waiting for the platform')),
      'the refusal',
    );
    expect(refusal.text).toContain('and after 30 minutes at most. Try again then. Nothing was sent.');
    await mention('U2');
    await waitFor(() => submitted(h!).length === 6, "the other user's submission");
    expect(submitted(h)).toHaveLength(6);
    for (const url of [...five, submitted(h)[5]!.url]) expect(await served(url)).toBe(200);
  });
});
