/**
 * The upload shelf on a real HTTP server, over its stores (a private folder beside the state file, the real Redis,
 * and a three-master Redis Cluster started by the test): only the offered file, only by its token, only until withdrawn or expired; served by a second shelf
 * (another replica, or the bot after a restart); at most 5 images (and 30 MB) per user at once.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import type { OfferedFile, ShelfRefusal, UploadStore } from '../../src/core/services.js';
import { createHttpServer, type HttpServer } from '../../src/http/server.js';
import { UPLOAD_LIMITS, UploadShelf, UPLOADS_PATH, uploadKeyOf } from '../../src/http/uploads.js';
import { silentLogger } from '../../src/log.js';
import { isSlackFileUrl } from '../../src/adapters/slack/files.js';
import { FileUploadStore, uploadsDirOf } from '../../src/state/upload-store-file.js';
import { RedisUploadStore } from '../../src/state/upload-store-redis.js';
import { clusterKeyPrefix } from '../../src/lib/redis-connection.js';
import { clusterConnection, sharedRedisCluster, stopSharedRedisCluster } from '../helpers/redis-topologies.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runPrefix = `iip-test:uploads:${randomUUID()}:`;
const admin = new Redis(REDIS_URL);

const servers: HttpServer[] = [];
const closing: Array<() => Promise<unknown>> = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const close of closing.splice(0)) await close();
});
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  const keys = await admin.keys(`${runPrefix}*`);
  if (keys.length) await admin.del(...keys);
  admin.disconnect();
  await stopSharedRedisCluster();
});

const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'iip-uploads-'));
  dirs.push(dir);
  return dir;
};

/** A store of the kind named, opened afresh on the same place as `place` (a folder, or a Redis key prefix). */
type Kind = 'file' | 'redis' | 'redis cluster';
const newPlace = (kind: Kind): string => {
  if (kind === 'file') return uploadsDirOf(join(tempDir(), 'state.json'));
  const prefix = `${runPrefix}${randomUUID()}:`;
  return kind === 'redis' ? prefix : clusterKeyPrefix(prefix);
};
async function openStore(kind: Kind, place: string): Promise<UploadStore> {
  const store =
    kind === 'file'
      ? await FileUploadStore.open(place)
      : await RedisUploadStore.connect(kind === 'redis' ? REDIS_URL : clusterConnection(await sharedRedisCluster()), { keyPrefix: place });
  closing.push(() => store.close());
  return store;
}

async function serve(shelf: UploadShelf): Promise<string> {
  const server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
  servers.push(server);
  server.route(UPLOADS_PATH, shelf.handler, { bodyLimitBytes: 0 });
  return (await server.listen()).url;
}

const local = (base: string, url: string) => `${base}${UPLOADS_PATH}${new URL(url).search}`;

function offered(result: OfferedFile | ShelfRefusal): OfferedFile {
  if ('refused' in result) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** The keys under a prefix, on the Redis of `kind` (every master of the cluster). */
async function redisKeys(kind: Kind, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[{}[\]*?\\]/g, '\\$&')}*`;
  if (kind === 'redis') return (await admin.keys(pattern)).sort();
  const keys: string[] = [];
  for (const master of (await sharedRedisCluster()).masters) {
    const node = new Redis({ port: master.port, host: '127.0.0.1' });
    keys.push(...(await node.keys(pattern)));
    node.disconnect();
  }
  return keys.sort();
}

describe.each<Kind>(['file', 'redis', 'redis cluster'])('UploadShelf on the %s store', (kind) => {
  test('serves the offered bytes with their type at a fresh 32-character token; withdrawn, the URL is gone', async () => {
    const shelf = new UploadShelf('https://bot.example.test/base/', await openStore(kind, newPlace(kind)));
    const base = await serve(shelf);
    const a = offered(await shelf.offer(Buffer.from('png-bytes'), 'image/png', 'slack:T1:U1'));
    const b = offered(await shelf.offer(Buffer.from('jpeg-bytes'), 'image/jpeg', 'slack:T1:U1'));
    expect(a.url).toMatch(/^https:\/\/bot\.example\.test\/base\/uploads\?file=[\w-]{32}$/);
    expect(a.token).not.toBe(b.token);
    const got = await fetch(local(base, a.url));
    expect([got.status, got.headers.get('content-type'), got.headers.get('cache-control'), await got.text()]).toEqual([
      200,
      'image/png',
      'no-store',
      'png-bytes',
    ]);
    expect((await fetch(local(base, b.url), { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}${UPLOADS_PATH}`)).status).toBe(404);
    await shelf.withdraw(a.token);
    expect((await fetch(local(base, a.url))).status).toBe(404);
    expect(await shelf.has(a.token)).toBe(false);
    expect((await fetch(local(base, b.url))).status).toBe(200);
  });

  test('a file offered by one shelf is served by a second one on the same store (another replica, a restarted bot), and withdrawn by it', async () => {
    const place = newPlace(kind);
    const first = new UploadShelf('https://bot.example.test', await openStore(kind, place));
    const data = Buffer.from(Array.from({ length: 256 }, (_, i) => i)); // every byte value: the store is binary-safe
    const file = offered(await first.offer(data, 'image/webp', 'slack:T1:U1'));
    await first.close();

    const second = new UploadShelf('https://bot.example.test', await openStore(kind, place));
    const base = await serve(second);
    const got = await fetch(local(base, file.url));
    expect([got.status, got.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(Buffer.from(await got.arrayBuffer()).equals(data)).toBe(true);
    await second.withdraw(file.token);
    expect((await fetch(local(base, file.url))).status).toBe(404);
    if (kind === 'file') expect(readdirSync(place)).toEqual([]);
    else expect(await redisKeys(kind, place)).toEqual([]);
  });

  test("one user's sixth image is refused while another user's is shelved; nothing is evicted", async () => {
    const shelf = new UploadShelf('https://bot.example.test', await openStore(kind, newPlace(kind)));
    const base = await serve(shelf);
    const five = [];
    for (let i = 0; i < 5; i++) five.push(offered(await shelf.offer(Buffer.from(`image ${i}`), 'image/png', 'slack:T1:U1')));
    expect(await shelf.offer(Buffer.from('the sixth'), 'image/png', 'slack:T1:U1')).toEqual({
      refused: 'files',
      limit: UPLOAD_LIMITS.files,
      held: 5,
    });
    const other = offered(await shelf.offer(Buffer.from('another user'), 'image/png', 'slack:T1:U2'));
    for (const [i, file] of [...five, other].entries()) {
      const got = await fetch(local(base, file.url));
      expect([got.status, await got.text()]).toEqual([200, i < 5 ? `image ${i}` : 'another user']);
    }
    // a withdrawn image frees its place at once
    await shelf.withdraw(five[0]!.token);
    offered(await shelf.offer(Buffer.from('now it fits'), 'image/png', 'slack:T1:U1'));
  });

  test('the bytes a user keeps are capped too', async () => {
    const shelf = new UploadShelf('https://bot.example.test', await openStore(kind, newPlace(kind)), { limits: { files: 5, bytes: 10 } });
    offered(await shelf.offer(Buffer.alloc(6), 'image/png', 'slack:T1:U1'));
    expect(await shelf.offer(Buffer.alloc(5), 'image/png', 'slack:T1:U1')).toEqual({ refused: 'bytes', limit: 10, held: 6 });
    offered(await shelf.offer(Buffer.alloc(4), 'image/png', 'slack:T1:U1'));
    offered(await shelf.offer(Buffer.alloc(10), 'image/png', 'slack:T1:U2'));
  });

  test('an expired upload is not served and is gone from the store', async () => {
    const place = newPlace(kind);
    const store = await openStore(kind, place);
    const shelf = new UploadShelf('https://bot.example.test', store, { ttlMs: 150 });
    const base = await serve(shelf);
    const file = offered(await shelf.offer(Buffer.from('x'), 'image/png', 'slack:T1:U1'));
    expect((await fetch(local(base, file.url))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (kind === 'file') {
      await (store as FileUploadStore).sweep(); // what the store does every minute and at open
      expect(readdirSync(place)).toEqual([]);
    } else {
      expect(await redisKeys(kind, place)).toEqual([]);
    }
    expect((await fetch(local(base, file.url))).status).toBe(404);
    // its place is free again: five more fit
    for (let i = 0; i < 5; i++) offered(await shelf.offer(Buffer.from('y'), 'image/png', 'slack:T1:U1'));
  });
});

describe('the file store', () => {
  test('files are 0600 in a 0700 folder (an existing folder is narrowed), named by a hash of the token, never the token', async () => {
    const umask = process.umask(0o022);
    try {
      const dir = uploadsDirOf(join(tempDir(), 'state.json'));
      mkdirSync(dir, { mode: 0o755 });
      const shelf = new UploadShelf('https://bot.example.test', await openStore('file', dir));
      const file = offered(await shelf.offer(Buffer.from('secret drawing'), 'image/png', 'slack:T1:U1'));
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      const names = readdirSync(dir).sort();
      const key = uploadKeyOf(file.token);
      expect(names).toEqual([key, `${key}.json`]);
      for (const name of names) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
      expect(names.join()).not.toContain(file.token);
    } finally {
      process.umask(umask);
    }
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
