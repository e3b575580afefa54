/** A real Slack adapter (Bolt on the shared HTTP server, port 0) talking to the fake Web API. */
import { Writable } from 'node:stream';
import type { ChatAdapter } from '../../../src/core/adapter.js';
import type { Incoming } from '../../../src/core/incoming.js';
import { createSlackAdapter } from '../../../src/adapters/slack/index.js';
import { createHttpServer, type HttpServer } from '../../../src/http/server.js';
import { createLogger } from '../../../src/log.js';
import { startFakeSlackApi, type FakeSlackApi, type FakeSlackApiOptions } from '../../helpers/fake-slack-api.js';

export const BOT_TOKEN = 'xoxb-1111-2222-secretsecretsecret';
export const SIGNING_SECRET = 'signing-secret-for-tests';

export interface SlackHarness {
  fake: FakeSlackApi;
  adapter: ChatAdapter;
  server: HttpServer;
  eventsUrl: string;
  received: Incoming[];
  /** everything the bot logged, as text */
  logs(): string;
  close(): Promise<void>;
}

export interface HarnessOptions {
  onIncoming?: (incoming: Incoming) => Promise<void>;
  fake?: FakeSlackApiOptions;
  /** leave the adapter unstarted */
  start?: boolean;
}

export async function startSlackHarness(options: HarnessOptions = {}): Promise<SlackHarness> {
  const fake = await startFakeSlackApi({ token: BOT_TOKEN, ...options.fake });
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger('debug', sink);
  const server = createHttpServer({ port: 0, host: '127.0.0.1', logger });
  const adapter = createSlackAdapter({ botToken: BOT_TOKEN, signingSecret: SIGNING_SECRET, apiUrl: fake.url, logger, server });
  const received: Incoming[] = [];
  if (options.start !== false) {
    await adapter.start(async (incoming) => {
      received.push(incoming);
      await options.onIncoming?.(incoming);
    });
  }
  const { url } = await server.listen();
  return {
    fake,
    adapter,
    server,
    received,
    eventsUrl: `${url}/slack/events`,
    logs: () => lines.join(''),
    async close() {
      await adapter.stop();
      await server.close();
      await fake.close();
    },
  };
}
