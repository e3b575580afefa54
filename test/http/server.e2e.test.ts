import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { createHttpServer, DEFAULT_BODY_LIMIT_BYTES, type HttpServer } from '../../src/http/server.js';
import { readBody, BodyTooLargeError } from '../../src/http/body.js';
import { silentLogger } from '../../src/log.js';

let server: HttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(setup: (s: HttpServer) => void = () => {}): Promise<string> {
  server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
  setup(server);
  return (await server.listen()).url;
}

/** Sends a chunked POST (no Content-Length) of `size` bytes. */
function postChunked(url: string, size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    for (let sent = 0; sent < size; sent += chunk.length) req.write(chunk.subarray(0, Math.min(chunk.length, size - sent)));
    req.end();
  });
}

describe('createHttpServer', () => {
  it('answers /healthz with 200 {ok:true}', async () => {
    const url = await start();
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('answers unknown paths with 404', async () => {
    const url = await start();
    const res = await fetch(`${url}/nope`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(404);
  });

  it('routes a path to its handler with the query string ignored', async () => {
    const url = await start((s) =>
      s.route('/echo', (req, res) => {
        readBody(req).then(
          (body) => res.end(`got ${body.toString()}`),
          () => res.end('failed'),
        );
      }),
    );
    const res = await fetch(`${url}/echo?x=1`, { method: 'POST', body: 'hello' });
    expect(await res.text()).toBe('got hello');
  });

  it('refuses a declared body over the limit with 413 before the handler runs', async () => {
    let handlerCalls = 0;
    const url = await start((s) =>
      s.route('/small', (_req, res) => {
        handlerCalls += 1;
        res.end('ok');
      }),
    );
    const res = await fetch(`${url}/small`, { method: 'POST', body: Buffer.alloc(DEFAULT_BODY_LIMIT_BYTES + 1, 'a') });
    expect(res.status).toBe(413);
    expect(handlerCalls).toBe(0);
  });

  it('applies a per-route limit', async () => {
    const url = await start((s) => s.route('/tiny', (_req, res) => res.end('ok'), { bodyLimitBytes: 10 }));
    expect((await fetch(`${url}/tiny`, { method: 'POST', body: '0123456789' })).status).toBe(200);
    expect((await fetch(`${url}/tiny`, { method: 'POST', body: '0123456789A' })).status).toBe(413);
  });

  it('readBody refuses a chunked body over its limit', async () => {
    const url = await start((s) =>
      s.route('/chunked', (req, res) => {
        readBody(req, 100_000).then(
          (body) => res.end(String(body.length)),
          (error: unknown) => {
            res.writeHead(error instanceof BodyTooLargeError ? 413 : 500, { connection: 'close' });
            res.end();
          },
        );
      }),
    );
    expect(await postChunked(`${url}/chunked`, 50_000)).toEqual({ status: 200, body: '50000' });
    expect((await postChunked(`${url}/chunked`, 300_000)).status).toBe(413);
  });

  it('answers 500 when a handler throws synchronously, and keeps serving', async () => {
    const url = await start((s) =>
      s.route('/boom', () => {
        throw new Error('boom');
      }),
    );
    expect((await fetch(`${url}/boom`)).status).toBe(500);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('refuses to mount a path twice', async () => {
    await start((s) => s.route('/a', (_req, res) => res.end()));
    expect(() => server?.route('/a', (_req, res) => res.end())).toThrow(/already mounted/);
  });
});
