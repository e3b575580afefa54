/**
 * Issue 25 (identity): shared-file downloads follow no redirect. A pre-authenticated download link (https, no
 * token) that redirects could lead the bot to an internal address; a connector download (with the bot's token)
 * that redirects could carry the token elsewhere. Both are refused, and the redirect's target is never asked.
 * The links are served by a real local https server (a certificate made here by openssl, trusted by this
 * test's dispatcher) and a local http one standing for the connector.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fetchTeamsFile, type TeamsFileAccess } from '../../../src/adapters/teams/files.js';
import { caught } from './harness.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);
const hits: string[] = [];
let httpsBase = '';
let httpBase = '';
let servers: Server[] = [];
let previous: Dispatcher;
let dir = '';

/** `/file` answers the bytes; `/moved` redirects (302) to `target` in the query. */
const handler: Parameters<typeof createHttpServer>[1] = (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  hits.push(url.pathname);
  if (url.pathname === '/moved') {
    res.writeHead(302, { location: url.searchParams.get('target') ?? '/file' });
    return res.end();
  }
  res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) });
  res.end(PNG);
};

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'iip-teams-redirect-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'pipe' },
  );
  httpsBase = `https://${await listen(createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, handler))}/`;
  httpBase = `http://${await listen(createHttpServer(handler))}/`;
  previous = getGlobalDispatcher();
  setGlobalDispatcher(new Agent({ connect: { ca: readFileSync(cert) } }));
});

afterAll(async () => {
  setGlobalDispatcher(previous);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
  rmSync(dir, { recursive: true, force: true });
});

const access = (): TeamsFileAccess & { asked: number } => {
  const counted = {
    asked: 0,
    trusted: (url: string) => url.startsWith(httpBase),
    async authorization() {
      counted.asked += 1;
      return 'Bearer bot-token';
    },
  };
  return counted;
};

describe('shared-file downloads follow no redirect', () => {
  test('a pre-authenticated link is fetched over https (the control), and one that redirects is refused unfollowed', async () => {
    const fetched = await fetchTeamsFile(access(), { id: `direct:${httpsBase}file` }, 1_000);
    expect(fetched.data.equals(PNG)).toBe(true);

    hits.length = 0;
    for (const target of [`${httpsBase}internal`, `${httpBase}internal`, 'http://169.254.169.254/latest/meta-data/']) {
      const error = await caught(fetchTeamsFile(access(), { id: `direct:${httpsBase}moved?target=${encodeURIComponent(target)}` }, 1_000));
      expect(String(error), target).toContain('HTTP 302 redirect_refused');
    }
    expect(hits).toEqual(['/moved', '/moved', '/moved']);
  });

  test("a connector download that redirects is refused, and the bot's token goes nowhere else", async () => {
    hits.length = 0;
    const files = access();
    const error = await caught(fetchTeamsFile(files, { id: `${httpBase}moved?target=${encodeURIComponent(`${httpsBase}collect`)}` }, 1_000));
    expect(String(error)).toContain('HTTP 302 redirect_refused');
    expect(hits).toEqual(['/moved']);
  });
});
