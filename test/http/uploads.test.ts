/** The upload shelf on a real HTTP server: only the offered file, only by its token, only until withdrawn or expired. */
import { afterEach, describe, expect, test } from 'vitest';
import { createHttpServer, type HttpServer } from '../../src/http/server.js';
import { UploadShelf, UPLOADS_PATH } from '../../src/http/uploads.js';
import { silentLogger } from '../../src/log.js';
import { isSlackFileUrl } from '../../src/adapters/slack/files.js';

let server: HttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(shelf: UploadShelf): Promise<string> {
  server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
  server.route(UPLOADS_PATH, shelf.handler, { bodyLimitBytes: 0 });
  return (await server.listen()).url;
}

const local = (base: string, url: string) => `${base}${new URL(url).pathname}${new URL(url).search}`;

describe('UploadShelf', () => {
  test('serves the offered bytes with their type at a fresh 32-character token; withdrawn, the URL is gone', async () => {
    const shelf = new UploadShelf('https://bot.example.test/base/');
    const base = await serve(shelf);
    const a = shelf.offer(Buffer.from('png-bytes'), 'image/png');
    const b = shelf.offer(Buffer.from('jpeg-bytes'), 'image/jpeg');
    expect(a.url).toMatch(/^https:\/\/bot\.example\.test\/base\/uploads\?file=[\w-]{32}$/);
    expect(a.token).not.toBe(b.token);
    const got = await fetch(local(base, a.url).replace('/base', ''));
    expect([got.status, got.headers.get('content-type'), got.headers.get('cache-control'), await got.text()]).toEqual([200, 'image/png', 'no-store', 'png-bytes']);
    expect((await fetch(local(base, b.url).replace('/base', ''), { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}${UPLOADS_PATH}`)).status).toBe(404);
    shelf.withdraw(a.token);
    expect((await fetch(local(base, a.url).replace('/base', ''))).status).toBe(404);
    expect((await fetch(local(base, b.url).replace('/base', ''))).status).toBe(200);
  });

  test('an expired file is not served', async () => {
    const shelf = new UploadShelf('https://bot.example.test', 0);
    const base = await serve(shelf);
    const offered = shelf.offer(Buffer.from('x'), 'image/png');
    expect((await fetch(local(base, offered.url))).status).toBe(404);
  });
});

describe('isSlackFileUrl', () => {
  test('the bot token goes only to Slack file hosts over https, or to the configured API host', () => {
    expect(isSlackFileUrl('https://files.slack.com/files-pri/T1-F1/download/a.png', undefined)).toBe(true);
    expect(isSlackFileUrl('http://files.slack.com/files-pri/T1-F1/a.png', undefined)).toBe(false);
    expect(isSlackFileUrl('https://files.slack.com.evil.test/a.png', undefined)).toBe(false);
    expect(isSlackFileUrl('https://evil.test/a.png', 'https://slack.com/api/')).toBe(false);
    expect(isSlackFileUrl('http://127.0.0.1:5000/files-pri/F1/a.png', 'http://127.0.0.1:5000/api/')).toBe(true);
  });
});
