/** /metrics on its own port (METRICS_PORT) behind a bearer token (METRICS_TOKEN), and off the bot's port then. */
import { afterEach, describe, expect, test } from 'vitest';
import { startSlackBot, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { Scrape } from './scrape.js';

const TOKEN = 'scrape-token-7c4e9a1b2d';
let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the metrics endpoint', () => {
  test('METRICS_PORT and METRICS_TOKEN: a separate port that answers only the bearer token', async () => {
    h = await startSlackBot({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    const url = h.bot.metricsUrl!;
    expect(new URL(url).port).not.toBe(new URL(h.bot.httpUrl!).port);
    expect((await fetch(`${h.bot.httpUrl}/metrics`)).status).toBe(404);

    const bare = await fetch(url);
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toContain('Bearer');
    const body = await bare.text();
    expect(body).not.toContain('iip_');
    expect(body).not.toContain(TOKEN);
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: TOKEN } })).status).toBe(401);
    expect((await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);

    const s = await Scrape.of(url, { authorization: `Bearer ${TOKEN}` });
    expect(s.series('iip_open_streams')).toEqual([]);
    expect(s.samples.some((x) => x.name === 'process_resident_memory_bytes' || x.name === 'nodejs_heap_size_used_bytes')).toBe(true);
    // the chat port still serves Slack and /healthz
    expect((await fetch(`${h.bot.httpUrl}/healthz`)).status).toBe(200);
  });

  test('without METRICS_PORT: /metrics on the bot port, open when no token is set', async () => {
    h = await startSlackBot();
    const s = await Scrape.of(`${h.bot.httpUrl}/metrics`);
    expect(s.series('process_cpu_user_seconds_total')).toHaveLength(1);
    expect(s.value('iip_dedupe_hits_total')).toBe(0);
  });
});
