/**
 * The whole novelty search (all five steps, not only `quick`) in each of Teams' places: a channel's reply chain,
 * a group chat and the 1:1 chat, end to end through botbuilder's CloudAdapter, the workflow machinery and the
 * simulator, one bot for the file; each click comes from the place its card is in. The report comes as a file
 * where Teams lets a bot send one (the 1:1 chat: a consent card, then the bytes into the user's OneDrive) and
 * as a card linking the document the bot serves (PUBLIC_URL) in a channel and a group chat.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import { FILE_CONSENT_TYPE, FILE_INFO_TYPE, fileConsentInvoke, startFakeOneDrive, type FakeOneDrive } from '../helpers/fake-teams-files.js';
import { sendActivity } from '../helpers/teams-activities.js';
import { PLACES, PlaceThread } from '../helpers/teams-places.js';
import { bodiesOf, inputsOf, textOf } from '../helpers/teams-workflow-steps.js';

const PUBLIC_URL = 'https://iip-bot.example.test';
let h: TeamsBotHarness;
let drive: FakeOneDrive;
beforeAll(async () => {
  h = await startTeamsBot({ simulator: { taskDurationMs: 50 }, env: { PUBLIC_URL }, configured: true });
  drive = await startFakeOneDrive();
});
afterAll(async () => {
  await h.close();
  await drive.close();
});

type Json = Record<string, unknown>;
const attachmentsOf = (t: PlaceThread) => t.messages.flatMap((m) => m.attachments.map((a) => ({ m, a })));

/** What the report reached the place as: the link card's bytes (served by the bot), or the bytes the user's OneDrive got. */
async function deliveredBytes(t: PlaceThread, place: string): Promise<Buffer> {
  if (place !== 'personal') {
    const shown = JSON.stringify(t.messages.map((m) => m.attachments));
    const url = /"title":"Download","url":"([^"]+)"/.exec(shown)![1]!;
    expect(url.startsWith(`${PUBLIC_URL}/uploads?file=`)).toBe(true);
    expect(attachmentsOf(t).some(({ a }) => a.contentType === FILE_CONSENT_TYPE)).toBe(false);
    const served = await fetch(`${h.bot.httpUrl}${new URL(url).pathname}${new URL(url).search}`);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="Novelty-search-.+\.docx"$/);
    return Buffer.from(await served.arrayBuffer());
  }
  const consent = attachmentsOf(t).find(({ a }) => a.contentType === FILE_CONSENT_TYPE)!;
  const { session, uploadInfo } = drive.open(String(consent.a.name));
  const context = (consent.a.content as Json).acceptContext as Json;
  expect(
    (await sendActivity(h.messagesUrl, fileConsentInvoke(h.fake.url, { id: consent.m.id, context }, { action: 'accept', uploadInfo }))).status,
  ).toBe(200);
  const info = await waitFor(() => attachmentsOf(t).find(({ a }) => a.contentType === FILE_INFO_TYPE), 'the file info card');
  expect(info.a).toMatchObject({ contentUrl: uploadInfo.contentUrl, content: { uniqueId: uploadInfo.uniqueId } });
  expect((consent.a.content as Json).sizeInBytes).toBe(Buffer.concat(session.received).length);
  return Buffer.concat(session.received);
}

describe.each(PLACES)('Teams novelty search in %s', (place, where) => {
  test(`the five steps, confirmed by card, end with the report, in ${where}`, { timeout: 60_000 }, async () => {
    const idea = `A foldable phone hinge with a liquid-metal damping layer (${place}).`;
    const t = await PlaceThread.opened(h, place, `novelty ${idea}`);
    const step1 = await t.step('Step 1 of 5');
    await t.press(step1, 'Confirm');
    const step2 = await t.step('Step 2 of 5', step1);
    await t.press(step2, 'Confirm');
    const step3 = await t.step('Step 3 of 5', step2);
    expect(buttonsOf(step3).map((b) => b.title)).toContain('Confirm and search');
    await t.press(step3, 'Confirm and search');
    const step4 = await t.step('Step 4 of 5', step3, 20_000);
    await t.press(step4, 'Confirm');
    const step5 = await t.step('Step 5 of 5', step4);
    const included = bodiesOf(h, 'AI35-9').at(-1) as { final_result?: unknown[] } | undefined;
    expect(textOf(step5)).toContain(`(${included?.final_result?.length} references)`);
    await t.press(step5, 'Generate report');
    const form = await t.form(step5);
    // Teams sends every input's value with the submit: the title as the form shows it, kept
    const fields = Object.fromEntries(inputsOf(form).map((i) => [String(i.id), i.value ?? '']));
    expect(Object.keys(fields)).toHaveLength(1);
    await t.submit(form, fields);
    const done = await t.reply('Novelty search report ready', 20_000);
    expect(textOf(done)).toContain(idea.slice(0, 40));
    await waitFor(() => buttonsOf(t.current(step5)).length === 0, 'step 5 settled');

    // the report as a file: the same bytes as the platform's link gives
    const link = /https?:\/\/127\.0\.0\.1:\d+\/files\/[0-9a-f]+\.docx/.exec(cardJson(done))![0];
    const report = Buffer.from(await (await fetch(link)).arrayBuffer());
    expect(cardJson(done)).toContain(place === 'personal' ? 'accept the file card above' : 'download the report from the card above');
    expect((await deliveredBytes(t, place)).equals(report)).toBe(true);
  });
});
