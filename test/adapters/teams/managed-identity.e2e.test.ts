/**
 * A bot whose identity is a user-assigned managed identity (MicrosoftAppType=UserAssignedMSI: the identity's
 * client id, its tenant, no password) gets its Bot Framework token from the managed identity endpoint Azure gives
 * the compute it runs on, through botbuilder's own managed identity credentials (@azure/identity), never from a
 * login endpoint with a secret. Here the endpoint is a local one standing for App Service's (IDENTITY_ENDPOINT,
 * IDENTITY_HEADER, as App Service sets them); the fake Bot Connector takes only the tokens it issued.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { markdown } from '../../../src/core/message.js';
import { channelMention, channelToken, sendActivity } from '../../helpers/teams-activities.js';
import { startTeamsHarness, waitFor, type TeamsHarness } from './harness.js';

const IDENTITY_CLIENT_ID = '6d1e4f0a-0000-4000-8000-00000000a5e1';
const TENANT_ID = '9a8b7c6d-1111-4222-8333-444455556666';
const IDENTITY_HEADER = `identity-header-${randomUUID()}`;

interface IdentityEndpoint {
  url: string;
  requests: { query: Record<string, string>; header: string | undefined }[];
  issued: Set<string>;
  server: Server;
}

async function startIdentityEndpoint(): Promise<IdentityEndpoint> {
  const requests: IdentityEndpoint['requests'] = [];
  const issued = new Set<string>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const header = req.headers['x-identity-header'];
    requests.push({ query: Object.fromEntries(url.searchParams), header: typeof header === 'string' ? header : undefined });
    if (header !== IDENTITY_HEADER || url.searchParams.get('client_id') !== IDENTITY_CLIENT_ID) {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'invalid_request' }));
    }
    const token = `managed-identity-token-${randomUUID()}`;
    issued.add(token);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        access_token: token,
        expires_on: String(Math.floor(Date.now() / 1000) + 3600),
        resource: url.searchParams.get('resource'),
        token_type: 'Bearer',
        client_id: IDENTITY_CLIENT_ID,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/msi/token`, requests, issued, server };
}

const saved = { endpoint: process.env.IDENTITY_ENDPOINT, header: process.env.IDENTITY_HEADER };
let harness: TeamsHarness | undefined;
let identity: IdentityEndpoint | undefined;
afterEach(async () => {
  await harness?.close();
  await new Promise((resolve) => identity?.server.close(resolve) ?? resolve(undefined));
  harness = identity = undefined;
  for (const [name, value] of [
    ['IDENTITY_ENDPOINT', saved.endpoint],
    ['IDENTITY_HEADER', saved.header],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('Teams with a user-assigned managed identity', () => {
  it("sends with a token from the managed identity endpoint, for the identity's client id; no secret goes anywhere", async () => {
    const endpoint = (identity = await startIdentityEndpoint());
    process.env.IDENTITY_ENDPOINT = endpoint.url;
    process.env.IDENTITY_HEADER = IDENTITY_HEADER;
    const h = (harness = await startTeamsHarness({
      appId: IDENTITY_CLIENT_ID,
      fake: { acceptsToken: (token) => endpoint.issued.has(token) },
      adapter: { appType: 'UserAssignedMSI', tenantId: TENANT_ID, appPassword: undefined },
    }));
    const bot = { id: `28:${IDENTITY_CLIENT_ID}`, name: 'iip' };
    const sent = await sendActivity(
      h.messagesUrl,
      channelMention('ask x', { serviceUrl: h.fake.url, bot }),
      channelToken(h.fake, { audience: IDENTITY_CLIENT_ID, serviceUrl: h.fake.url }),
    );
    expect(sent.status).toBe(200);
    const incoming = await waitFor(() => h.received[0], 'the mention');
    if (incoming.kind !== 'command' || !incoming.thread) throw new Error('expected a command in a thread');
    await h.adapter.post(incoming.thread, markdown('answer'));

    expect(h.fake.callsTo('send').map((call) => call.auth)).toEqual(['valid']);
    expect(h.fake.callsTo('token')).toEqual([]);
    expect(endpoint.requests.length).toBeGreaterThan(0);
    expect(endpoint.requests.at(-1)).toMatchObject({
      header: IDENTITY_HEADER,
      query: { client_id: IDENTITY_CLIENT_ID, resource: 'https://api.botframework.com' },
    });
  });
});
