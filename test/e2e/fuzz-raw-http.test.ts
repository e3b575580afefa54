/**
 * Malformed HTTP over a plain socket (request targets, request lines, headers, encodings) against the whole
 * bot: every request gets a 4xx or a closed socket, never a crash; the bot serves on and the platform hears nothing.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSlackBot, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness;
beforeAll(async () => {
  h = await startSlackBot({ env: { PUBLIC_URL: 'https://bot.example.com', HTTP_HEADERS_TIMEOUT_MS: '1000' } });
});
afterAll(async () => {
  await h.close();
});

/** Sends raw bytes and resolves with the status code of the answer (0: the socket closed without one). */
function sendRaw(url: string, raw: Buffer | string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${JSON.stringify(raw.toString().slice(0, 60))}`));
    }, 10_000);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0));
    });
    socket.write(raw);
  });
}

const TARGETS = [
  '//[',
  '//[::1',
  'http://[x/slack/events',
  '/%',
  '/%zz',
  '/slack/events%00',
  '/\u00ff\u00fe',
  '*',
  '/../../etc/passwd',
  '/uploads?file=%E0%A4%A',
  `/uploads?file=${'a'.repeat(20_000)}`,
  'http://evil.example.com:99999/x',
  '//@:/',
  '/?%=&&=%',
];
const LINES = [
  (t: string) => `GET ${t} HTTP/1.1\r\nHost: x\r\n\r\n`,
  (t: string) => `POST ${t} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}`,
  (t: string) => `HEAD ${t} HTTP/1.0\r\n\r\n`,
];
const HEADER_CASES = [
  'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n',
  'POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
  'POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
  'POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
  'POST /slack/events HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
  'POST /slack/events HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
  'POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json; charset=utf-99\r\nContent-Length: 2\r\n\r\n{}',
  'POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Encoding: gzip\r\nContent-Length: 4\r\n\r\nabcd',
  `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Long: ${'a'.repeat(70_000)}\r\n\r\n`,
  `GET /healthz HTTP/1.1\r\n${Array.from({ length: 3_000 }, (_, i) => `X-${i}: v`).join('\r\n')}\r\n\r\n`,
  'GET /healthz HTTP/9.9\r\n\r\n',
  'BREW /healthz HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /healthz\r\n\r\n',
  '\r\n\r\n\r\n',
  'GET /healthz HTTP/1.1\nHost: x\n\n',
  'GET /healthz HTTP/1.1\r\nHost: x\r\n folded: header\r\n\r\n',
  'GET /healthz HTTP/1.1\r\nHo st: x\r\n\r\n',
];

test('raw request lines and headers that are not HTTP as the bot expects get 4xx (or a closed socket), and the bot serves on', async () => {
  const cases = [...TARGETS.flatMap((t) => LINES.map((line) => line(t))), ...HEADER_CASES];
  const statuses: Array<[string, number]> = [];
  for (const raw of cases) statuses.push([raw.slice(0, 60), await sendRaw(h.eventsUrl, Buffer.from(raw, 'latin1'))]);
  // HEAD and GET of /healthz with odd-but-valid framing may succeed; everything else is refused
  const refused = statuses.filter(([, status]) => status === 0 || (status >= 400 && status < 500));
  const served = statuses.filter(([raw, status]) => status >= 200 && status < 300 && /^(GET|HEAD) \/healthz\b/.test(raw));
  expect(
    statuses.filter(([, status]) => status >= 500),
    'no 5xx',
  ).toEqual([]);
  expect(statuses.filter((s) => !refused.includes(s) && !served.includes(s))).toEqual([]);
  expect(statuses.find(([raw]) => raw.startsWith('GET //[ HTTP/1.1'))?.[1]).toBe(400);
  const health = await fetch(`${h.bot.httpUrl}/healthz`);
  expect(health.status).toBe(200);
  expect(h.sim.requests).toEqual([]);
});
