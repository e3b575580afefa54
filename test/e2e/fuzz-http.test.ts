/**
 * Thousands of malformed, random, oversized and wrongly signed requests against the bot's HTTP surface:
 * every one gets a 4xx, the process keeps serving, and memory stays flat.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signSlackRequest } from '../helpers/slack-requests.js';
import { SIGNING_SECRET, startSlackBot, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness;
beforeAll(async () => {
  h = await startSlackBot();
});
afterAll(async () => {
  await h.close();
});

/** A small deterministic generator so a failure can be replayed from its index. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x1_0000_0000;
  };
}

const CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', ''];
const SHAPES: Array<(r: () => number) => string> = [
  (r) => randomBytes(Math.floor(r() * 2048)).toString('latin1'),
  () => '{"type":"event_callback","event":',
  () => JSON.stringify({ type: 'event_callback', event: 42, team_id: null }),
  () => JSON.stringify({ type: 'url_verification' }),
  () => JSON.stringify([1, 2, 3]),
  () => 'payload=%7B%22type%22%3A%22block_actions%22%7D',
  () => 'payload=not-json',
  () => 'command=%2Fiip&text=ask%20hi',
  (r) => JSON.stringify({ type: 'event_callback', event: { type: 'app_mention', text: 'x'.repeat(Math.floor(r() * 5000)) } }),
  () => '\u0000\u0001\u0002',
  () => '',
];

interface Case {
  body: string;
  contentType: string;
  signing: 'none' | 'wrong' | 'stale' | 'valid';
}

function makeCase(i: number): Case {
  const r = rng(i + 1);
  const body = SHAPES[Math.floor(r() * SHAPES.length)]!(r);
  const contentType = CONTENT_TYPES[Math.floor(r() * CONTENT_TYPES.length)]!;
  const signing = (['none', 'wrong', 'stale', 'valid'] as const)[Math.floor(r() * 4)]!;
  return { body, contentType, signing };
}

async function send(c: Case): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const timestamp = c.signing === 'stale' ? now - 600 : now;
  const headers: Record<string, string> = {};
  if (c.contentType) headers['content-type'] = c.contentType;
  if (c.signing !== 'none') {
    headers['x-slack-request-timestamp'] = String(timestamp);
    headers['x-slack-signature'] = c.signing === 'wrong' ? `v0=${'0'.repeat(64)}` : signSlackRequest(SIGNING_SECRET, timestamp, c.body);
  }
  const response = await fetch(h.eventsUrl, { method: 'POST', headers, body: c.body });
  await response.arrayBuffer();
  return response.status;
}

test('3,000 malformed or random requests to /slack/events all get a 4xx and change nothing', { timeout: 120_000 }, async () => {
  const statuses = new Map<number, number>();
  const unexpected: Array<{ i: number; status: number; c: Case }> = [];
  let heapAfterWarmUp = 0;
  for (let batch = 0; batch < 60; batch += 1) {
    const cases = Array.from({ length: 50 }, (_, k) => batch * 50 + k);
    const results = await Promise.all(cases.map(async (i) => ({ i, c: makeCase(i), status: await send(makeCase(i)) })));
    for (const { i, c, status } of results) {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status < 400 || status >= 500) unexpected.push({ i, status, c: { ...c, body: c.body.slice(0, 80) } });
    }
    if (batch === 5) {
      expect(global.gc, 'tests run with --expose-gc (vitest.config.ts)').toBeTypeOf('function');
      global.gc?.();
      heapAfterWarmUp = process.memoryUsage().heapUsed;
    }
  }
  expect(unexpected).toEqual([]);
  expect(h.sim.requests).toHaveLength(0);
  expect(h.slack.calls.filter((c) => c.method !== 'auth.test')).toHaveLength(0);
  const health = await fetch(h.eventsUrl.replace('/slack/events', '/healthz'));
  expect(health.status).toBe(200);
  global.gc?.();
  // flat: what 2,750 more requests left behind is well under what one large answer would take
  expect(process.memoryUsage().heapUsed - heapAfterWarmUp).toBeLessThan(40 * 1024 * 1024);
  expect([...statuses.keys()].every((s) => s >= 400 && s < 500)).toBe(true);
});

test('a body over the stated 1 MiB limit is refused with 413 before it is read', async () => {
  const huge = 'x'.repeat(1024 * 1024 + 1);
  const response = await fetch(h.eventsUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: huge });
  expect(response.status).toBe(413);
  const after = await fetch(h.eventsUrl.replace('/slack/events', '/healthz'));
  expect(after.status).toBe(200);
});

test('unknown paths and methods get 4xx', async () => {
  const base = h.eventsUrl.replace('/slack/events', '');
  expect((await fetch(`${base}/nope`)).status).toBe(404);
  expect((await fetch(h.eventsUrl, { method: 'GET' })).status).toBe(405);
});
