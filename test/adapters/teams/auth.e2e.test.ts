/**
 * With an app id, every request goes through botbuilder's own JWT validation, pointed at the fake's OpenID
 * metadata and JWKS; outgoing calls carry a token from the fake's login endpoint. Nothing here reaches the network.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markdown } from '../../../src/core/message.js';
import { createTeamsAdapter } from '../../../src/adapters/teams/index.js';
import { createHttpServer } from '../../../src/http/server.js';
import { silentLogger } from '../../../src/log.js';
import { activityId, channelMention, channelToken, forgedKey, personalMessage, sendActivity } from '../../helpers/teams-activities.js';
import { APP_PASSWORD, caught, startTeamsHarness, waitFor, type TeamsHarness } from './harness.js';

let harness: TeamsHarness | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await harness?.close();
  harness = undefined;
});

async function withAppId(): Promise<{ h: TeamsHarness; appId: string; bot: { id: string; name: string } }> {
  const appId = randomUUID();
  const h = (harness = await startTeamsHarness({ appId }));
  return { h, appId, bot: { id: `28:${appId}`, name: 'iip' } };
}

describe('Teams adapter: authentication', () => {
  it('refuses a request without a token with 401, and does no work', async () => {
    const { h, bot } = await withAppId();
    const sent = await sendActivity(h.messagesUrl, channelMention('ask x', { serviceUrl: h.fake.url, bot }));
    expect(sent.status).toBe(401);
    expect(h.received).toHaveLength(0);
    expect(h.fake.calls.filter((c) => c.operation !== 'openid' && c.operation !== 'jwks')).toHaveLength(0);
    expect(h.logs()).toContain('Teams request refused: not authenticated');
  });

  it('refuses forged tokens (unknown key, known key id with another key), and tokens for another audience, issuer or service URL, or expired', async () => {
    const { h, appId, bot } = await withAppId();
    const claims = { audience: appId, serviceUrl: h.fake.url };
    const botbuilderLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const cases: [string, string][] = [
      [channelToken(h.fake, claims, { key: forgedKey(), keyId: 'forged-key' }), 'Signing Key could not be retrieved'],
      [channelToken(h.fake, claims, { key: forgedKey(), keyId: h.fake.signingKeyId }), 'invalid signature'],
      [channelToken(h.fake, { ...claims, audience: randomUUID() }), 'Invalid AppId passed on token'],
      [channelToken(h.fake, { ...claims, issuer: 'https://evil.example' }), 'No valid identity'],
      [channelToken(h.fake, { ...claims, serviceUrl: 'https://elsewhere.example/' }), 'ServiceUrl claim do not match'],
      [channelToken(h.fake, { ...claims, expiresInS: -3600 }), 'The token has expired'],
    ];
    for (const [token, reason] of cases) {
      const sent = await sendActivity(h.messagesUrl, channelMention('ask x', { serviceUrl: h.fake.url, bot }), token);
      expect(sent.status).toBe(401);
      expect(h.logs()).toContain(reason);
    }
    expect(h.received).toHaveLength(0);
    expect(h.fake.callsTo('jwks').length).toBeGreaterThan(0);
    botbuilderLog.mockRestore();
  });

  it('accepts a correctly signed token, and its replies carry the bot token from the login endpoint', async () => {
    const { h, appId, bot } = await withAppId();
    const id = activityId();
    const token = channelToken(h.fake, { audience: appId, serviceUrl: h.fake.url });
    const sent = await sendActivity(h.messagesUrl, channelMention('ask x', { serviceUrl: h.fake.url, bot, id }), token);
    expect(sent.status).toBe(200);
    const incoming = await waitFor(() => h.received[0], 'the command');
    expect(incoming).toMatchObject({ kind: 'command', text: 'ask x', eventId: id });
    if (incoming.kind !== 'command' || !incoming.thread) throw new Error('expected a command in a thread');
    await h.adapter.post(incoming.thread, markdown('answer'));
    await h.adapter.post(incoming.thread, markdown('more'));
    const [tokenCall, ...others] = h.fake.callsTo('token');
    expect(others).toHaveLength(0);
    expect(tokenCall?.body).toMatchObject({
      grant_type: 'client_credentials',
      client_id: appId,
      client_secret_ok: true,
      scope: 'https://api.botframework.com/.default',
    });
    expect(h.fake.callsTo('send').map((c) => c.auth)).toEqual(['valid', 'valid']);
  });

  it('keeps the app password out of errors and logs when the login endpoint refuses it', async () => {
    const appId = randomUUID();
    const h = (harness = await startTeamsHarness({ appId, appPassword: `${APP_PASSWORD}-wrong` }));
    await sendActivity(
      h.messagesUrl,
      personalMessage('hi', { serviceUrl: h.fake.url, bot: { id: `28:${appId}`, name: 'iip' } }),
      channelToken(h.fake, { audience: appId, serviceUrl: h.fake.url }),
    );
    const incoming = await waitFor(() => h.received[0], 'the message');
    if (incoming.kind !== 'command' || !incoming.thread) throw new Error('expected a command');
    const error = await caught(h.adapter.post(incoming.thread, markdown('x')));
    expect(String(error)).toContain('HTTP 401');
    expect(h.fake.callsTo('send')).toHaveLength(0);
    for (const text of [String(error), JSON.stringify(error), (error as Error).stack ?? '', h.logs()]) {
      expect(text).not.toContain(APP_PASSWORD);
    }
  });

  it('keeps authenticating with an app id even when unauthenticated local use is asked for', async () => {
    const server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
    const received: unknown[] = [];
    const adapter = createTeamsAdapter({ server, logger: silentLogger, appId: randomUUID(), appPassword: APP_PASSWORD, allowUnauthenticated: true });
    await adapter.start(async (incoming) => {
      received.push(incoming);
    });
    const { url } = await server.listen();
    try {
      expect((await sendActivity(`${url}/api/messages`, personalMessage('hi', { serviceUrl: 'http://127.0.0.1:9/' }))).status).toBe(401);
      expect(received).toHaveLength(0);
    } finally {
      await adapter.stop();
      await server.close();
    }
  });

  it('serves nothing at /api/messages without an app id unless unauthenticated local use is asked for', async () => {
    const server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
    const adapter = createTeamsAdapter({ server, logger: silentLogger });
    await adapter.start(async () => {});
    const { url } = await server.listen();
    try {
      expect((await sendActivity(`${url}/api/messages`, personalMessage('hi', { serviceUrl: 'http://127.0.0.1:9/' }))).status).toBe(404);
    } finally {
      await adapter.stop();
      await server.close();
    }
  });
});
