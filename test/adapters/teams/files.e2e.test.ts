/**
 * Teams files (src/adapters/teams/files.ts, image-reply.ts): which attachments of a message are shared images,
 * where the bot's token may go, the size limit while downloading, and the card a PNG is shown in. Downloads go
 * to a real local HTTP server that records what it was sent.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FileTooLargeError } from '../../../src/core/chat-errors.js';
import { FILE_DOWNLOAD_INFO, fetchTeamsFile, sharedFilesOf, type TeamsFileAccess } from '../../../src/adapters/teams/files.js';
import { imageMessage } from '../../../src/adapters/teams/image-reply.js';
import { translatorFor } from '../../../src/i18n/index.js';
import { caught } from './harness.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
const server = createServer((req, res) => {
  seen.push({ url: req.url ?? '', headers: req.headers });
  const big = req.url?.includes('big');
  res.writeHead(200, { 'content-type': 'image/png', ...(big ? {} : { 'content-length': String(PNG.length) }) });
  res.end(big ? Buffer.alloc(5_000) : PNG);
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const access = (token?: string): TeamsFileAccess & { asked: number } => {
  const counted = {
    asked: 0,
    trusted: (url: string) => url.startsWith(base),
    async authorization() {
      counted.asked += 1;
      return token;
    },
  };
  return counted;
};

describe('sharedFilesOf', () => {
  test('an image attachment is the file; the HTML copy naming the same image adds nothing', () => {
    const files = sharedFilesOf({
      attachments: [
        { contentType: 'image/png', contentUrl: 'https://smba.trafficmanager.net/amer/v3/attachments/0-a/views/original', name: 'a.png' },
        { contentType: 'text/html', content: '<p><img src="https://smba.trafficmanager.net/amer/v3/attachments/0-a/views/imgo"></p>' },
        { contentType: 'application/vnd.microsoft.card.adaptive', content: {} },
      ],
    });
    expect(files).toEqual([{ id: 'https://smba.trafficmanager.net/amer/v3/attachments/0-a/views/original', mimeType: 'image/png', name: 'a.png' }]);
  });

  test('a pasted image named only in the HTML copy (hosted content) is the file, without a name; other images in the HTML are not', () => {
    const html =
      '<div>look <img src="https://graph.microsoft.com/v1.0/chats/19:x/messages/1/hostedContents/aGk=/$value" width="250"><img src="https://example.com/emoji.png"></div>';
    expect(sharedFilesOf({ attachments: [{ contentType: 'text/html', content: html }] })).toEqual([
      { id: 'https://graph.microsoft.com/v1.0/chats/19:x/messages/1/hostedContents/aGk=/$value' },
    ]);
  });

  test('a file from the attach button (file.download.info) is fetched from its pre-authenticated link; its type comes from its extension', () => {
    const files = sharedFilesOf({
      attachments: [
        { contentType: FILE_DOWNLOAD_INFO, name: 'case.JPG', content: { downloadUrl: 'https://contoso.sharepoint.com/dl/1', fileType: 'JPG' } },
        { contentType: FILE_DOWNLOAD_INFO, name: 'spec.pdf', content: { downloadUrl: 'https://contoso.sharepoint.com/dl/2', fileType: 'pdf' } },
      ],
    });
    expect(files).toEqual([
      { id: 'direct:https://contoso.sharepoint.com/dl/1', mimeType: 'image/jpeg', name: 'case.JPG' },
      { id: 'direct:https://contoso.sharepoint.com/dl/2', mimeType: 'application/octet-stream', name: 'spec.pdf' },
    ]);
  });

  test('a message without attachments shares nothing', () => {
    expect(sharedFilesOf({})).toEqual([]);
    expect(sharedFilesOf({ attachments: [{ contentType: 'text/html', content: '<p>hello</p>' }] })).toEqual([]);
  });
});

describe('fetchTeamsFile', () => {
  test("the bot's token goes with a download from the connector", async () => {
    const fetched = await fetchTeamsFile(access('Bearer bot-token'), { id: `${base}v3/attachments/1/views/original` }, 1_000);
    expect(fetched.data.equals(PNG)).toBe(true);
    expect(fetched.mimeType).toBe('image/png');
    expect(seen.at(-1)).toMatchObject({ url: '/v3/attachments/1/views/original', headers: { authorization: 'Bearer bot-token' } });
  });

  test('a URL off the connector hosts is refused before the token is asked for or anything is fetched', async () => {
    const before = seen.length;
    const files = access('Bearer bot-token');
    const error = await caught(fetchTeamsFile(files, { id: 'https://attacker.example/steal' }, 1_000));
    expect(String(error)).toContain('file_url_not_on_teams');
    expect(files.asked).toBe(0);
    expect(seen.length).toBe(before);
  });

  test('a pre-authenticated link is fetched without the token, and only over https', async () => {
    const files = access('Bearer bot-token');
    const error = await caught(fetchTeamsFile(files, { id: `direct:${base}dl/1` }, 1_000));
    expect(String(error)).toContain('download_url_not_https');
    expect(files.asked).toBe(0);
  });

  test('a file over the limit is refused by its declared length, and while it streams when none is declared', async () => {
    expect(await caught(fetchTeamsFile(access(), { id: `${base}v3/attachments/2/views/original` }, 10))).toBeInstanceOf(FileTooLargeError);
    expect(await caught(fetchTeamsFile(access(), { id: `${base}big/views/original` }, 1_000))).toBeInstanceOf(FileTooLargeError);
  });
});

describe('imageMessage', () => {
  test('a PNG becomes a card image (a data URI) under its title', () => {
    const { card, summary } = imageMessage(PNG, 'Line drawing of your design', translatorFor('en'));
    expect(summary).toBe('Line drawing of your design');
    expect(card.body[1]).toEqual({
      type: 'Image',
      url: `data:image/png;base64,${PNG.toString('base64')}`,
      altText: 'Line drawing of your design',
      size: 'Stretch',
    });
  });

  test('anything but a PNG, and a PNG too large for a card, are refused', () => {
    expect(() => imageMessage(Buffer.from('GIF89a'), 'x', translatorFor('en'))).toThrow('not_a_png');
    expect(() => imageMessage(Buffer.concat([PNG, Buffer.alloc(80_000)]), 'x', translatorFor('en'))).toThrow('image_too_large');
  });
});
