import { afterEach, describe, expect, it } from 'vitest';
import type { Incoming } from '../../../src/core/incoming.js';
import { threadId } from '../../../src/core/thread-id.js';
import { createSlackAdapter } from '../../../src/adapters/slack/index.js';
import { createHttpServer } from '../../../src/http/server.js';
import { silentLogger } from '../../../src/log.js';
import { startFakeSlackApi } from '../../helpers/fake-slack-api.js';
import { eventCallback, sendSlashCommand } from '../../helpers/slack-requests.js';
import { startFakeSocketMode } from './fake-socket-mode.js';
import { BOT_TOKEN, SIGNING_SECRET } from './harness.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('Slack adapter: Socket Mode', () => {
  it('connects with the app token, receives over the socket, acknowledges each envelope, and mounts no HTTP route', async () => {
    const socket = await startFakeSocketMode();
    cleanups.push(() => socket.close());
    const fake = await startFakeSlackApi({ token: BOT_TOKEN, socketModeUrl: socket.url });
    cleanups.push(() => fake.close());
    const server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
    const adapter = createSlackAdapter({
      botToken: BOT_TOKEN,
      signingSecret: SIGNING_SECRET,
      appToken: 'xapp-1-A1-test',
      apiUrl: fake.url,
      logger: silentLogger,
      server,
    });
    const received: Incoming[] = [];
    await adapter.start(async (incoming) => {
      received.push(incoming);
    });
    cleanups.push(() => adapter.stop());
    const { url } = await server.listen();
    cleanups.push(() => server.close());
    await socket.connected();
    expect(fake.callsTo('apps.connections.open')).toHaveLength(1);

    const mention = { type: 'app_mention', user: 'U1', text: '<@UBOT> ask hi', ts: '1700000100.000100', channel: 'C1' };
    await socket.send('events_api', eventCallback(mention, { eventId: 'EvS' }));
    const commandAck = await socket.send('slash_commands', {
      team_id: 'T1',
      channel_id: 'C2',
      user_id: 'U2',
      user_name: 'bob',
      command: '/iip',
      text: 'status',
      trigger_id: 't.s',
    });
    expect(commandAck).toEqual({});
    expect(received).toEqual([
      expect.objectContaining({ kind: 'command', eventId: 'EvS', text: 'ask hi', thread: threadId('slack', 'T1', 'C1', '1700000100.000100') }),
      expect.objectContaining({ kind: 'command', eventId: 'command:t.s', text: 'status' }),
    ]);
    expect((await sendSlashCommand(`${url}/slack/events`, SIGNING_SECRET, { text: 'x' })).status).toBe(404);
  });
});
