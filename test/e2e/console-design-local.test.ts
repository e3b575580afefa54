/**
 * Issue 29, `design` in the terminal with an image file on this computer: against the built-in simulator the bot
 * serves the file from a local address for the search (the words after the path are the product words) and
 * withdraws it once the search is done; a missing file, a file that is no image, a folder, or a real platform
 * without PUBLIC_URL get a clear message, and nothing reaches the platform.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { startSimulator } from '../../src/platform/simulator/index.js';
import type { RunningSimulator } from '../../src/platform/simulator/types.js';
import { REPO } from '../helpers/terminal-session.js';
import { startConsoleBot, withoutPokes, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
let sim: RunningSimulator | undefined;
afterEach(async () => {
  await term?.stop();
  await sim?.close();
  term = undefined;
  sim = undefined;
});

const dir = mkdtempSync(join(tmpdir(), 'iip-design-local-'));
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));
const IMAGE = join(dir, 'earbuds case.png');
copyFileSync(join(REPO, 'docs/images/feature-matrix-en.png'), IMAGE);
const NOT_IMAGE = join(dir, 'notes.png');
writeFileSync(NOT_IMAGE, 'these are notes, not a picture');
mkdirSync(join(dir, 'folder.png'));

const designCalls = (t: ConsoleBot) => t.requests().filter((r) => r.operation.startsWith('AI39'));

test('an image file on this computer is served to the simulator for the search, then withdrawn', { timeout: 60_000 }, async () => {
  term = await startConsoleBot({}, { localFiles: true });
  term.bot.simulator!.setTaskDuration(60_000);
  term.type(`design "${IMAGE}" wireless earbuds case --countries US`);
  await term.until(() => designCalls(term!).some((r) => r.operation === 'AI39-1'), 'the search');
  const body = designCalls(term).find((r) => r.operation === 'AI39-1')!.body as { url: string; main_field?: string; country: string[] };
  expect(body).toMatchObject({ main_field: 'wireless earbuds case', country: ['US'] });
  expect(body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\?file=[\w-]{32}$/);
  const served = await fetch(body.url);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await served.arrayBuffer()).equals(readFileSync(IMAGE))).toBe(true);

  term.bot.simulator!.setTaskDuration(0);
  await term.until((p) => p.includes('Design search report'), 'the report', { timeoutMs: 30_000 });
  await expect.poll(async () => (await fetch(body.url)).status, { timeout: 5_000 }).toBe(404);
});

test('a missing file, a file that is no image and a folder are refused in words; nothing is sent', { timeout: 60_000 }, async () => {
  term = await startConsoleBot({}, { localFiles: true });
  term.type(`design ${join(dir, 'missing.png')} earbuds`);
  await term.until((p) => p.includes(`There is no file ${join(dir, 'missing.png')} on this computer. Nothing was sent.`), 'missing');
  term.type(`design ${NOT_IMAGE} earbuds`);
  await term.until(
    (p) => p.includes(`${NOT_IMAGE} is not a PNG, JPEG, GIF or WebP image (judged by its contents, not its name). Nothing was sent.`),
    'no image',
  );
  term.type(`design ${join(dir, 'folder.png')}`);
  await term.until((p) => p.includes(`${join(dir, 'folder.png')} is not a file (a folder?). Nothing was sent.`), 'a folder');
  expect(designCalls(term)).toEqual([]);
  expect(withoutPokes(term.printed())).not.toMatch(/started a design-patent image search/);

  // help names the local file; the usage shown for a design without an image says how to give one
  term.type('help');
  await term.until((p) => p.includes('in the terminal also an image file on this computer'), 'the help');
  term.type('design wireless earbuds case');
  await term.until((p) => p.includes('instead of the URL, an image file on this computer'), 'the usage');
  expect(withoutPokes(term.printed())).toContain('Name the image to search with: its `https://` link, or an image file on this computer.');
  expect(withoutPokes(term.printed())).not.toMatch(/upload the image/i);
  expect(designCalls(term)).toEqual([]);
});

test('with a real platform and no PUBLIC_URL the terminal says PUBLIC_URL is needed, and sends nothing', { timeout: 60_000 }, async () => {
  sim = await startSimulator();
  term = await startConsoleBot({ IIP_API_KEY: 'sk-test-real-platform', IIP_BASE_URL: sim.url }, { localFiles: true });
  term.type(`design '${IMAGE}'`);
  await term.until((p) => p.includes('set `PUBLIC_URL` to an `https://` address that reaches this bot'), 'the PUBLIC_URL note');
  expect(withoutPokes(term.printed())).toContain(`'${IMAGE}' is a file on this computer`);
  expect(withoutPokes(term.printed())).toContain('Nothing was sent.');
  expect(sim.requests.filter((r) => r.operation.startsWith('AI39'))).toEqual([]);
});

test('in Chinese: a missing file and a file that is no image are refused in Chinese', { timeout: 60_000 }, async () => {
  term = await startConsoleBot({}, { localFiles: true, language: 'zh' });
  term.type(`design ${join(dir, 'missing.png')} 无线耳机`);
  await term.until((p) => p.includes(`本机上没有文件 ${join(dir, 'missing.png')}。未发送任何内容。`), 'missing');
  term.type(`design ${NOT_IMAGE}`);
  await term.until((p) => p.includes(`${NOT_IMAGE} 不是 PNG、JPEG、GIF 或 WebP 图片（按文件内容判断，而非文件名）。未发送任何内容。`), 'no image');
  expect(designCalls(term)).toEqual([]);
});

test('with a real platform and PUBLIC_URL the terminal serves the file on PORT, under PUBLIC_URL', { timeout: 60_000 }, async () => {
  sim = await startSimulator();
  sim.setTaskDuration(60_000);
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}/bot`;
  term = await startConsoleBot(
    { IIP_API_KEY: 'sk-test-real-platform', IIP_BASE_URL: sim.url, PUBLIC_URL: publicUrl, PORT: String(port) },
    { localFiles: true },
  );
  term.type(`design '${IMAGE}' earbuds`);
  await term.until(() => sim!.requests.some((r) => r.operation === 'AI39-1'), 'the search');
  const { url } = sim.requests.find((r) => r.operation === 'AI39-1')!.body as { url: string };
  expect(url).toMatch(new RegExp(`^${publicUrl}/uploads\\?file=[\\w-]{32}$`));
  // PUBLIC_URL's path is the proxy's: the bot itself answers at /uploads
  const served = await fetch(`http://127.0.0.1:${port}/uploads${new URL(url).search}`);
  expect(Buffer.from(await served.arrayBuffer()).equals(readFileSync(IMAGE))).toBe(true);
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
