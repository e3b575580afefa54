/**
 * Documents into Teams (`uploadFile`) through the real adapter, the fake Bot Connector and a fake OneDrive upload
 * session: the 1:1 chat gets a file consent card, and on Accept the bytes go in 320 KiB-aligned fragments to the
 * session, then a file info card; Decline keeps nothing. Channels and group chats get a card linking the
 * document the bot serves from its shelf. Without a shelf nothing is sent.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { OutgoingFile } from '../../../src/core/adapter.js';
import { channelThreadId, chatThreadId } from '../../../src/adapters/teams/ids.js';
import { FRAGMENT_BYTES } from '../../../src/adapters/teams/file-delivery.js';
import { UPLOADS_PATH, UploadShelf } from '../../../src/http/uploads.js';
import { FileUploadStore } from '../../../src/state/upload-store-file.js';
import { FILE_CONSENT_TYPE, FILE_INFO_TYPE, fileConsentInvoke, startFakeOneDrive, type FakeOneDrive } from '../../helpers/fake-teams-files.js';
import { CHANNEL, GROUP_CHAT, PERSONAL_CHAT, TENANT, sendActivity } from '../../helpers/teams-activities.js';
import { startTeamsHarness, type TeamsHarness } from './harness.js';

type Json = Record<string, unknown>;
const PUBLIC_URL = 'https://iip-bot.example.test';

let h: TeamsHarness | undefined;
let drive: FakeOneDrive;
let shelf: UploadShelf;
let dir: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'iip-teams-files-'));
  shelf = new UploadShelf(PUBLIC_URL, await FileUploadStore.open(dir));
  drive = await startFakeOneDrive();
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  await shelf.close();
  await drive.close();
  rmSync(dir, { recursive: true, force: true });
});

const report = (size: number): OutgoingFile => ({
  data: randomBytes(size),
  filename: 'Novelty-search-phone-hinge.docx',
  title: 'Novelty search: phone hinge',
});
const personalThread = chatThreadId(TENANT, PERSONAL_CHAT, '1710000000001');
const attachmentOf = (type: string) =>
  (h?.fake.messages(PERSONAL_CHAT) ?? []).flatMap((m) => m.attachments.map((a) => ({ m, a }))).find(({ a }) => a.contentType === type);

/** The user's answer to the newest consent card, as Teams sends it. */
async function answer(action: 'accept' | 'decline', uploadInfo?: Json) {
  const consent = attachmentOf(FILE_CONSENT_TYPE)!;
  const context = (consent.a.content as Json).acceptContext as Json;
  const invoke = fileConsentInvoke(
    h!.fake.url,
    { id: consent.m.id, context },
    action === 'accept' ? { action, uploadInfo: uploadInfo! } : { action },
  );
  const sent = await sendActivity(h!.messagesUrl, invoke);
  expect(sent.status).toBe(200);
}

const noteSaying = (text: string) => waitUntil(() => h!.fake.messages(PERSONAL_CHAT).find((m) => m.text?.includes(text)), `a note "${text}"`);

async function waitUntil<T>(check: () => T | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test('1:1 chat: a consent card; Accept puts the bytes into the OneDrive session in aligned fragments, then a file info card', {
  timeout: 30_000,
}, async () => {
  h = await startTeamsHarness({ files: shelf });
  const file = report(2 * FRAGMENT_BYTES + 12_345);
  expect(await h.adapter.uploadFile!(personalThread, file)).toBe('offered');
  const consent = attachmentOf(FILE_CONSENT_TYPE)!;
  expect(consent.a).toMatchObject({ name: file.filename, content: { sizeInBytes: file.data.length } });
  const context = (consent.a.content as Json).acceptContext as Json;
  expect(context).toMatchObject({ iip: 'file', conversation: PERSONAL_CHAT });
  expect((consent.a.content as Json).declineContext).toEqual(context);

  const { session, uploadInfo } = drive.open(file.filename);
  await answer('accept', uploadInfo);
  const info = await waitUntil(() => attachmentOf(FILE_INFO_TYPE), 'the file info card');
  expect(session.complete).toBe(true);
  expect(Buffer.concat(session.received).equals(file.data)).toBe(true);
  const last = file.data.length - 1;
  expect(session.puts).toEqual([
    { range: `bytes 0-${FRAGMENT_BYTES - 1}/${file.data.length}`, authorized: false, status: 202 },
    { range: `bytes ${FRAGMENT_BYTES}-${2 * FRAGMENT_BYTES - 1}/${file.data.length}`, authorized: false, status: 202 },
    { range: `bytes ${2 * FRAGMENT_BYTES}-${last}/${file.data.length}`, authorized: false, status: 201 },
  ]);
  expect(info.a).toMatchObject({
    contentUrl: uploadInfo.contentUrl,
    name: file.filename,
    content: { uniqueId: uploadInfo.uniqueId, fileType: 'docx' },
  });

  // the shelf let go of it: a second Accept uploads nothing
  await answer('accept', drive.open(file.filename).uploadInfo);
  await noteSaying('no longer kept by the bot');
  expect(drive.sessions[1]!.puts).toEqual([]);
});

test('1:1 chat: Decline keeps nothing and says so; an answer naming another chat or a non-https upload URL uploads nothing', async () => {
  h = await startTeamsHarness({ files: shelf });
  await h.adapter.uploadFile!(personalThread, report(2_000));
  const consent = attachmentOf(FILE_CONSENT_TYPE)!;
  const context = (consent.a.content as Json).acceptContext as Json;
  const forged = fileConsentInvoke(
    h.fake.url,
    { id: consent.m.id, context: { ...context, conversation: GROUP_CHAT } },
    { action: 'accept', uploadInfo: drive.open('x.docx').uploadInfo },
  );
  expect((await sendActivity(h.messagesUrl, forged)).status).toBe(200);
  await answer('accept', { ...drive.open('y.docx').uploadInfo, uploadUrl: 'http://files.example.com/up/1' });
  await noteSaying('Teams gave no place to save the file');
  expect(drive.sessions.flatMap((s) => s.puts)).toEqual([]);

  await answer('decline');
  await noteSaying('Not saved to your OneDrive');
  expect(await shelf.read(String(context.token))).toBeUndefined();
  expect(attachmentOf(FILE_INFO_TYPE)).toBeUndefined();
});

test.each([
  ['a channel', channelThreadId(TENANT, CHANNEL, '1710000000123'), CHANNEL],
  ['a group chat', chatThreadId(TENANT, GROUP_CHAT, '1710000000124'), GROUP_CHAT],
])('%s: a card links the document the bot serves, saved under its name', async (_where, thread, conversation) => {
  h = await startTeamsHarness({ files: shelf });
  h.server.route(UPLOADS_PATH, shelf.handler, { bodyLimitBytes: 0 });
  const file = report(5_000);
  expect(await h.adapter.uploadFile!(thread, file)).toBe('linked');
  const [card] = h.fake.messages(conversation);
  expect(card!.attachments.map((a) => a.contentType)).toEqual(['application/vnd.microsoft.card.adaptive']);
  const shown = JSON.stringify(card!.attachments);
  expect(shown).toContain('Novelty search: phone hinge');
  expect(shown).toContain('the download link works until');
  const url = /"type":"Action.OpenUrl","title":"Download","url":"([^"]+)"/.exec(shown)![1]!;
  expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/uploads\\?file=[\\w-]{32}&name=Novelty-search-phone-hinge\\.docx$`));
  const served = await fetch(`${h.messagesUrl.replace('/api/messages', '')}${new URL(url).pathname}${new URL(url).search}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-disposition')).toBe('attachment; filename="Novelty-search-phone-hinge.docx"');
  expect(served.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  expect(Buffer.from(await served.arrayBuffer()).equals(file.data)).toBe(true);
});

test('without a file shelf (no PUBLIC_URL) nothing is sent and the document is not delivered', async () => {
  h = await startTeamsHarness();
  expect(await h.adapter.uploadFile!(personalThread, report(1_000))).toBe('unavailable');
  expect(await h.adapter.uploadFile!(channelThreadId(TENANT, CHANNEL, '1710000000125'), report(1_000))).toBe('unavailable');
  expect(h.fake.calls.filter((c) => c.operation === 'send' || c.operation === 'reply')).toEqual([]);
});
