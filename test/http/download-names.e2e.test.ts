/**
 * Issue 29: a document the bot serves for download under a Chinese or accented name (Teams channels get a link to
 * the novelty report) is saved under that name: Content-Disposition carries an ASCII `filename` and the name as
 * RFC 5987's `filename*`, which Node's own HTTP client and fetch read back; a hostile name cannot break the header.
 */
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import type { OfferedFile, ShelfRefusal } from '../../src/core/services.js';
import { createHttpServer, type HttpServer } from '../../src/http/server.js';
import { UploadShelf, UPLOADS_PATH } from '../../src/http/uploads.js';
import { silentLogger } from '../../src/log.js';
import { FileUploadStore, uploadsDirOf } from '../../src/state/upload-store-file.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const dir = mkdtempSync(join(tmpdir(), 'iip-download-names-'));
let server: HttpServer | undefined;
let shelf: UploadShelf | undefined;
afterEach(async () => {
  await server?.close();
  await shelf?.close();
  server = undefined;
  shelf = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Serves a shelf over a real server; `local(url)` is an offered URL on it. */
async function serving(): Promise<{ shelf: UploadShelf; local: (url: string) => string }> {
  shelf = new UploadShelf('https://bot.example.test', await FileUploadStore.open(uploadsDirOf(join(dir, `${Date.now()}`, 'state.json'))));
  server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
  server.route(UPLOADS_PATH, shelf.handler, { bodyLimitBytes: 0 });
  const base = (await server.listen()).url;
  return { shelf, local: (url) => `${base}${UPLOADS_PATH}${new URL(url).search}` };
}

function offered(result: OfferedFile | ShelfRefusal): OfferedFile {
  if ('refused' in result) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** The response's Content-Disposition as Node's own HTTP client parsed it. */
const nodeDisposition = (url: string): Promise<{ status: number; disposition: string | undefined }> =>
  new Promise((resolve, reject) => {
    get(url, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, disposition: res.headers['content-disposition'] }));
    }).on('error', reject);
  });

/** The name a client saves under: `filename*` (UTF-8, percent-encoded) when there is one, else `filename`. */
function savedName(header: string): string {
  const extended = /filename\*=UTF-8''([^;\s]+)/.exec(header)?.[1];
  return extended ? decodeURIComponent(extended) : (/filename="([^"]*)"/.exec(header)?.[1] ?? '');
}

test.each([
  ['Chinese', '新颖性检索-手机铰链.docx', 'download.docx'],
  ['accented', 'Recherche-de-nouveauté-charnière.docx', 'Recherche-de-nouveaute-charniere.docx'],
  ['mixed', '专利 hinge 报告.docx', 'hinge.docx'],
])('a %s file name is served with an ASCII filename and the name itself as filename*', async (_kind, name, fallback) => {
  const { shelf: files, local } = await serving();
  const file = offered(await files.offer(Buffer.from('docx-bytes'), DOCX, 'teams:T1:U1', { filename: name }));
  expect(new URL(file.url).searchParams.get('name')).toBe(name);
  const answer = await fetch(local(file.url));
  expect(answer.status).toBe(200);
  expect(Buffer.from(await answer.arrayBuffer()).toString()).toBe('docx-bytes');
  const header = answer.headers.get('content-disposition')!;
  expect(header).toBe(`attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  expect(savedName(header)).toBe(name);
  const viaNode = await nodeDisposition(local(file.url));
  expect(viaNode).toEqual({ status: 200, disposition: header });
});

test('an ASCII name keeps the plain header; a name with quotes, line breaks and a path cannot break it', async () => {
  const { shelf: files, local } = await serving();
  const plain = offered(await files.offer(Buffer.from('x'), DOCX, 'teams:T1:U1', { filename: 'Novelty-search-phone-hinge.docx' }));
  expect((await nodeDisposition(local(plain.url))).disposition).toBe('attachment; filename="Novelty-search-phone-hinge.docx"');

  const hostile = offered(await files.offer(Buffer.from('x'), DOCX, 'teams:T1:U1', { filename: '../报告"\r\nSet-Cookie: a=b;\u202Efdp.docx' }));
  const viaNode = await nodeDisposition(local(hostile.url));
  expect(viaNode.status).toBe(200);
  const header = viaNode.disposition!;
  expect(header).toMatch(/^attachment; filename="[\w.-]+"; filename\*=UTF-8''[\w%.!~-]+$/);
  expect(savedName(header)).toBe('报告-Set-Cookie- a=b-fdp.docx');
  expect((await fetch(local(hostile.url))).headers.get('set-cookie')).toBeNull();
});
