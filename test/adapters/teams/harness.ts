/** A real Teams adapter (botbuilder's CloudAdapter on the shared HTTP server, port 0) talking to the fake Bot Connector. */
import { Writable } from 'node:stream';
import type { ChatAdapter } from '../../../src/core/adapter.js';
import type { Incoming } from '../../../src/core/incoming.js';
import type { FileShelf } from '../../../src/core/services.js';
import { createTeamsAdapter, type TeamsAdapterOptions } from '../../../src/adapters/teams/index.js';
import { createHttpServer, type HttpServer } from '../../../src/http/server.js';
import { createLogger } from '../../../src/log.js';
import { startFakeBotConnector, type FakeBotConnector, type FakeBotConnectorOptions } from '../../helpers/fake-bot-connector.js';

export const APP_PASSWORD = 'teams-app-password-Sup3rSecret~value';

export interface TeamsHarness {
  fake: FakeBotConnector;
  adapter: ChatAdapter;
  server: HttpServer;
  messagesUrl: string;
  received: Incoming[];
  /** everything the bot logged, as text */
  logs(): string;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** configure an app id (botbuilder then authenticates every request); none: unauthenticated local mode */
  appId?: string;
  appPassword?: string;
  onIncoming?: (incoming: Incoming) => Promise<void>;
  fake?: FakeBotConnectorOptions;
  /** leave the adapter unstarted */
  start?: boolean;
  /** the bot's verbs (a chat message starting with one starts a new thread) */
  verbs?: string[];
  /** the bot's file shelf (documents are offered or linked from it) */
  files?: FileShelf;
  /** more adapter options (admins, Web Chat, ...) */
  adapter?: Partial<Omit<TeamsAdapterOptions, 'server' | 'logger'>>;
}

export async function startTeamsHarness(options: HarnessOptions = {}): Promise<TeamsHarness> {
  const appPassword = options.appPassword ?? APP_PASSWORD;
  const fake = await startFakeBotConnector({
    ...(options.appId ? { appId: options.appId, appPassword: APP_PASSWORD, requireToken: true } : {}),
    ...options.fake,
  });
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger('debug', sink);
  const server = createHttpServer({ port: 0, host: '127.0.0.1', logger });
  const adapter = createTeamsAdapter({
    server,
    logger,
    serviceUrl: fake.url,
    ...(options.verbs ? { verbs: options.verbs } : {}),
    ...(options.files ? { files: options.files } : {}),
    ...(options.appId
      ? {
          appId: options.appId,
          appPassword,
          botFramework: { ToChannelFromBotLoginUrl: `${fake.loginUrl}/botframework.com`, ToBotFromChannelOpenIdMetadataUrl: fake.openIdMetadataUrl },
        }
      : { allowUnauthenticated: true }),
    ...options.adapter,
  });
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
    messagesUrl: `${url}/api/messages`,
    logs: () => lines.join(''),
    async close() {
      await adapter.stop();
      await server.close();
      await fake.close();
    },
  };
}

export async function waitFor<T>(check: () => T | undefined | false, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function caught(promise: Promise<unknown> | undefined): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
