/** The HTTP server against slow and numerous clients: slow headers and bodies are cut off, connections are capped. */
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, type HttpServer, type HttpServerOptions } from '../../src/http/server.js';
import { readBody } from '../../src/http/body.js';
import { silentLogger } from '../../src/log.js';

let server: HttpServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await server?.close();
  server = undefined;
});

async function start(options: Partial<HttpServerOptions>): Promise<number> {
  server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger, ...options });
  server.route('/echo', (req, res) => {
    readBody(req).then(
      (body) => res.end(`got ${body.length}`),
      () => res.end('failed'),
    );
  });
  return (await server.listen()).port;
}

/** Opens a socket that writes `first` and then one more byte every `dripMs`; resolves when it is connected. */
function slowClient(port: number, first: string, dripMs: number): Promise<{ closed: Promise<string> }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let answer = '';
    const drip = setInterval(() => {
      if (socket.writable) socket.write('a');
    }, dripMs);
    const closed = new Promise<string>((done) =>
      socket.on('close', () => {
        clearInterval(drip);
        done(answer);
      }),
    );
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.write(first);
      resolve({ closed });
    });
    // a socket over the cap may be reset before it ever connects
    void closed.then(() => resolve({ closed }));
  });
}

/** /healthz's status over a fresh connection; 0 when the connection is refused, reset or silent for a second. */
function healthStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/healthz', agent: false, timeout: 1_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

describe('slow and numerous clients', () => {
  it('closes connections whose headers never finish, however they drip, once the headers timeout passes', async () => {
    const port = await start({ headersTimeoutMs: 400, requestTimeoutMs: 400 });
    const started = Date.now();
    const clients = await Promise.all(Array.from({ length: 30 }, () => slowClient(port, 'GET /echo HTTP/1.1\r\nX-Slow: ', 50)));
    const answers = await Promise.all(clients.map((c) => c.closed));
    // Node checks for expired connections every second at most here; 300 clients once stayed 90-105 s
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(answers.every((a) => a === '' || a.startsWith('HTTP/1.1 408'))).toBe(true);
  });

  it('closes a request whose body drips slower than the request timeout allows', async () => {
    const port = await start({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const started = Date.now();
    const client = await slowClient(port, 'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n', 50);
    const answer = await client.closed;
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(answer.startsWith('HTTP/1.1 200')).toBe(false);
  });

  it('accepts at most maxConnections sockets at once and serves again once they go', async () => {
    const port = await start({ maxConnections: 5, headersTimeoutMs: 30_000, requestTimeoutMs: 30_000 });
    // each holds a request in flight (its body never comes), so none is a waiting connection the server may close
    const request = 'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n';
    const clients = await Promise.all(Array.from({ length: 12 }, () => slowClient(port, request, 60_000)));
    let dropped = 0;
    for (const c of clients)
      void c.closed.then(() => {
        dropped += 1;
      });
    await expect.poll(() => dropped, { timeout: 10_000 }).toBe(7);
    for (const s of sockets.splice(0)) s.destroy();
    await expect.poll(() => healthStatus(port), { timeout: 10_000 }).toBe(200);
  });

  it('keeps at most maxIdleConnections waiting for a request, closing the oldest, and closes silent ones after the idle timeout', async () => {
    const port = await start({ maxConnections: 20, maxIdleConnections: 3, idleTimeoutMs: 30_000, headersTimeoutMs: 30_000 });
    const clients: Array<{ closed: Promise<string> }> = [];
    // one at a time, so their age order is known
    for (let i = 0; i < 8; i += 1) clients.push(await slowClient(port, '', 60_000));
    const closed = new Set<number>();
    clients.forEach((c, i) => void c.closed.then(() => closed.add(i)));
    await expect.poll(() => [...closed].sort(), { timeout: 10_000 }).toEqual([0, 1, 2, 3, 4]);
    expect(await healthStatus(port)).toBe(200);
  });

  it('closes a connection that sends nothing once the idle timeout passes, but not one that is sending its request', async () => {
    const port = await start({ idleTimeoutMs: 300, headersTimeoutMs: 30_000, requestTimeoutMs: 30_000 });
    const silent = await slowClient(port, '', 60_000);
    const sending = await slowClient(port, 'GET /echo HTTP/1.1\r\nX-Slow: ', 60_000);
    expect(await silent.closed).toBe('');
    let sendingClosed = false;
    void sending.closed.then(() => {
      sendingClosed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(sendingClosed).toBe(false);
  });
});
