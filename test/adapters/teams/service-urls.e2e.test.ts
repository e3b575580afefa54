/**
 * An activity's `serviceUrl` decides where the bot sends its answers: only Teams' hosts (or the
 * configured prefixes) are accepted; any other is refused with a 4xx before a turn runs, nothing is
 * remembered or sent, and the refusal is logged. The unauthenticated mode is logged as a warning.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTeamsAdapter } from '../../../src/adapters/teams/index.js';
import { TEAMS_SERVICE_URLS, WEB_CHAT_SERVICE_URLS, serviceUrlCheck } from '../../../src/adapters/teams/service-urls.js';
import { createHttpServer } from '../../../src/http/server.js';
import { createLogger } from '../../../src/log.js';
import { startFakeBotConnector } from '../../helpers/fake-bot-connector.js';
import { channelMention, channelToken, personalMessage, sendActivity } from '../../helpers/teams-activities.js';
import { startTeamsHarness, waitFor, type TeamsHarness } from './harness.js';

describe('serviceUrlCheck', () => {
  it("accepts https on Teams' hosts in every cloud by default, and nothing else (Web Chat's hosts are a list of their own)", () => {
    const accepts = serviceUrlCheck();
    for (const url of [
      'https://smba.trafficmanager.net/teams/',
      'https://smba.trafficmanager.net/amer/',
      'https://smba.trafficmanager.net/emea/72f988bf-0000/',
      'https://smba.infra.gcc.teams.microsoft.com/teams',
      'https://smba.infra.gov.teams.microsoft.us/teams',
      'https://smba.infra.dod.teams.microsoft.us/teams',
      'https://SMBA.TrafficManager.net:443/amer/',
    ])
      expect(accepts(url), url).toBe(true);
    const webChat = serviceUrlCheck(WEB_CHAT_SERVICE_URLS);
    for (const url of [
      'https://webchat.botframework.com/',
      'https://europe.directline.botframework.com/',
      'https://webchat.botframework.azure.us/',
    ]) {
      expect(accepts(url), url).toBe(false);
      expect(webChat(url), url).toBe(true);
    }
    for (const url of [
      'http://smba.trafficmanager.net/amer/',
      'https://smba.trafficmanager.net:8443/amer/',
      'https://smba.trafficmanager.net.evil.example/',
      'https://evil.example/smba.trafficmanager.net/',
      'https://user:pw@smba.trafficmanager.net/amer/',
      'https://botframework.com/',
      'https://evilbotframework.com/',
      'https://botframework.com.evil.example/',
      'https://smba.infra.gcc.teams.microsoft.com.evil.example/',
      'http://127.0.0.1:9/',
      'http://localhost:3978/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'file:///etc/passwd',
      'https://smba.trafficmanager.net/amer/?x=1',
      'not a url',
      '',
      undefined,
      42,
      { href: 'https://smba.trafficmanager.net/' },
    ])
      expect(accepts(url), String(url)).toBe(false);
    expect([...TEAMS_SERVICE_URLS, ...WEB_CHAT_SERVICE_URLS].every((url) => url.startsWith('https://'))).toBe(true);
  });

  it("a configured list replaces the default: same scheme, host and port, a path under the prefix's", () => {
    const accepts = serviceUrlCheck(['http://127.0.0.1:5000/bf', 'https://*.example.org/']);
    expect(accepts('http://127.0.0.1:5000/bf')).toBe(true);
    expect(accepts('http://127.0.0.1:5000/bf/v3/')).toBe(true);
    expect(accepts('https://a.b.example.org/x')).toBe(true);
    expect(accepts('http://127.0.0.1:5000/bfx')).toBe(false);
    expect(accepts('http://127.0.0.1:5000/bf/../admin')).toBe(false);
    expect(accepts('http://127.0.0.1:5001/bf/')).toBe(false);
    expect(accepts('https://example.org/')).toBe(false);
    expect(accepts('https://smba.trafficmanager.net/amer/')).toBe(false);
    expect(() => serviceUrlCheck(['ftp://x/'])).toThrow();
  });
});

/** An "internal" HTTP service a forged activity would aim the bot at; records every request it gets. */
async function startInternalService(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the Teams endpoint and service URLs', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const harness = async (options: Parameters<typeof startTeamsHarness>[0] = {}): Promise<TeamsHarness> => {
    const h = await startTeamsHarness(options);
    cleanups.push(() => h.close());
    return h;
  };
  const internal = async () => {
    const service = await startInternalService();
    cleanups.push(() => service.close());
    return service;
  };

  it('unauthenticated: an activity naming another service URL gets 403, reaches no handler, and nothing is sent anywhere', async () => {
    const h = await harness({
      onIncoming: async () => {
        throw new Error('no handler may run');
      },
    });
    const target = await internal();
    const forged = await sendActivity(h.messagesUrl, personalMessage('help', { serviceUrl: target.url }));
    expect(forged.status).toBe(403);
    const missing = await sendActivity(h.messagesUrl, { ...personalMessage('help', { serviceUrl: target.url }), serviceUrl: undefined });
    expect(missing.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(h.received).toEqual([]);
    expect(target.hits).toEqual([]);
    expect(h.fake.calls).toEqual([]);
    expect(h.logs()).toContain('its channel or serviceUrl does not vouch for its tenant and user');
    expect(h.logs()).toContain(target.url);
  });

  it('authenticated: a genuine token for another service URL is still refused (403), before any turn', async () => {
    const appId = '00000000-0000-0000-0000-00000000a001';
    const h = await harness({ appId });
    const target = await internal();
    const bot = { id: `28:${appId}`, name: 'iip' };
    const token = channelToken(h.fake, { audience: appId, serviceUrl: target.url });
    const sent = await sendActivity(h.messagesUrl, channelMention('ask x', { serviceUrl: target.url, bot }), token);
    expect(sent.status).toBe(403);
    expect(h.received).toEqual([]);
    expect(target.hits).toEqual([]);
    // the same activity naming the allowed service URL is accepted
    const good = await sendActivity(
      h.messagesUrl,
      channelMention('ask x', { serviceUrl: h.fake.url, bot }),
      channelToken(h.fake, { audience: appId, serviceUrl: h.fake.url }),
    );
    expect(good.status).toBe(200);
    await waitFor(() => h.received.length === 1, 'the accepted activity');
  });

  async function bareAdapter(options: { serviceUrls?: string[] }) {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger('debug', sink);
    const server = createHttpServer({ port: 0, host: '127.0.0.1', logger });
    const adapter = createTeamsAdapter({ server, logger, allowUnauthenticated: true, ...options });
    const received: unknown[] = [];
    await adapter.start(async (incoming) => {
      received.push(incoming);
    });
    const { url } = await server.listen();
    cleanups.push(async () => {
      await adapter.stop();
      await server.close();
    });
    return { url: `${url}/api/messages`, received, logs: () => lines.join('') };
  }

  it("by default only Teams' hosts are accepted; TEAMS_SERVICE_URLS (serviceUrls) replaces them", async () => {
    const fake = await startFakeBotConnector();
    cleanups.push(() => fake.close());
    const byDefault = await bareAdapter({});
    expect((await sendActivity(byDefault.url, personalMessage('help', { serviceUrl: fake.url }))).status).toBe(403);
    expect(byDefault.received).toEqual([]);

    const configured = await bareAdapter({ serviceUrls: [fake.url] });
    expect((await sendActivity(configured.url, personalMessage('help', { serviceUrl: fake.url }))).status).toBe(200);
    await waitFor(() => configured.received.length === 1, 'the accepted activity');
    expect((await sendActivity(configured.url, personalMessage('help', { serviceUrl: 'https://smba.trafficmanager.net/amer/' }))).status).toBe(403);
  });

  it('the unauthenticated mode is logged as a warning at start; with an app id it is not', async () => {
    const open = await harness();
    const warning = open
      .logs()
      .split('\n')
      .find((line) => line.includes('UNAUTHENTICATED'));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({ level: 'warn', path: '/api/messages' });
    const closed = await harness({ appId: '00000000-0000-0000-0000-00000000a002' });
    expect(closed.logs()).not.toContain('UNAUTHENTICATED');
  });
});
