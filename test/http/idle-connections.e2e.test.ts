/**
 * Silent connections against the whole bot (its real HTTP server, Bolt receiver and state): hundreds of TCP
 * connections that never send a byte neither keep signed Slack requests nor `/healthz` from being served, and are
 * closed within seconds; so is a keep-alive connection that goes silent after its answer.
 */
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { startSlackBot, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const SILENT = 400;

/** Opens a socket that never writes; `closed` resolves when the server (or anyone) closes it. */
function silentSocket(port: number): { socket: Socket; connected: Promise<void>; closed: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const connected = new Promise<void>((resolve) => {
    socket.once('connect', () => resolve());
    void closed.then(() => resolve());
  });
  return { socket, connected, closed };
}

/** /healthz's status over a fresh connection; 0 when refused, reset or silent for 3 s. */
function healthStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/healthz', agent: false, timeout: 3_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

async function bot(env: Record<string, string> = {}): Promise<{ h: SlackBotHarness; port: number }> {
  const h = await startSlackBot({ env: { HTTP_MAX_CONNECTIONS: '300', HTTP_IDLE_TIMEOUT_MS: '1000', ...env } });
  cleanup.push(() => h.close());
  return { h, port: Number(new URL(h.bot.httpUrl as string).port) };
}

it(`${SILENT} connections that never send a byte: signed Slack commands and /healthz are served meanwhile, and the silent ones are closed`, {
  timeout: 60_000,
}, async () => {
  const { h, port } = await bot();
  const silent = Array.from({ length: SILENT }, () => silentSocket(port));
  cleanup.push(() => {
    for (const s of silent) s.socket.destroy();
  });
  await Promise.all(silent.map((s) => s.connected));

  // more silent connections than the server takes at once are open (or were just pushed out): work still gets in
  const [command, health] = await Promise.all([h.command('help'), healthStatus(port)]);
  expect(command.status).toBe(200);
  expect(health).toBe(200);

  // every silent connection is closed by the server, none is left holding a slot
  await Promise.all(silent.map((s) => s.closed));
  expect(silent.every((s) => s.socket.destroyed)).toBe(true);
  expect(await healthStatus(port)).toBe(200);
});

it('a keep-alive connection that goes silent after its answer is closed', { timeout: 30_000 }, async () => {
  const { port } = await bot();
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write('GET /healthz HTTP/1.1\r\nHost: bot\r\nConnection: keep-alive\r\n\r\n');
  await closed;
  expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
});
