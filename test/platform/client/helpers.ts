/** Shared setup for the client tests: a real simulator over HTTP, a client pointed at it, captured logs. */
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { createLogger, type Logger } from '../../../src/log.js';
import { PlatformClient, type PlatformClientOptions } from '../../../src/platform/client.js';
import type { OperationId } from '../../../src/platform/operations.js';
import { startSimulator } from '../../../src/platform/simulator/index.js';
import type { RecordedRequest, RunningSimulator, SimulatorOptions } from '../../../src/platform/simulator/types.js';

export const TEST_KEY = 'sk-test-0123456789abcdef';

export interface CapturedLogs {
  logger: Logger;
  lines: string[];
}

/** A debug-level logger whose JSON lines are kept in memory. */
export function captureLogs(): CapturedLogs {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger('debug', sink), lines };
}

export interface Harness {
  sim: RunningSimulator;
  client: PlatformClient;
  logs: CapturedLogs;
  /** another client on the same simulator, with different options */
  clientWith(options: Partial<PlatformClientOptions>): PlatformClient;
  close(): Promise<void>;
}

export async function startHarness(options: Partial<PlatformClientOptions> = {}, simOptions: SimulatorOptions = {}): Promise<Harness> {
  const sim = await startSimulator(simOptions);
  const logs = captureLogs();
  const clients: PlatformClient[] = [];
  const clientWith = (extra: Partial<PlatformClientOptions>) => {
    const client = new PlatformClient({
      baseUrl: sim.url,
      apiKey: TEST_KEY,
      logger: logs.logger,
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
      ...options,
      ...extra,
    });
    clients.push(client);
    return client;
  };
  const client = clientWith({});
  return {
    sim,
    client,
    logs,
    clientWith,
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await sim.close();
    },
  };
}

/** The requests the simulator received for one operation. */
export const requestsFor = (sim: RunningSimulator, id: OperationId): RecordedRequest[] => sim.requests.filter((r) => r.operation === id);

/** Whatever the error thrown by `run` is. Fails when nothing is thrown. */
export async function caught(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** Every way an error can be written out: message, stack, own properties as JSON, and a deep inspect. */
export function serializeFully(error: unknown): string {
  const parts: string[] = [inspect(error, { depth: 10, showHidden: true, getters: true })];
  for (let current: unknown = error, depth = 0; current && depth < 10; depth++) {
    if (current instanceof Error) {
      parts.push(current.message, current.stack ?? '');
      parts.push(
        JSON.stringify(
          Object.fromEntries(Object.getOwnPropertyNames(current).map((k) => [k, (current as unknown as Record<string, unknown>)[k]])),
          safeReplacer(),
        ),
      );
    }
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join('\n');
}

function safeReplacer() {
  const seen = new WeakSet<object>();
  return (_key: string, value: unknown) => {
    if (typeof value === 'object' && value !== null) {
      if (seen.has(value)) return '[circular]';
      seen.add(value);
    }
    return typeof value === 'bigint' ? value.toString() : value;
  };
}

/** A port that was free a moment ago and has nothing listening on it now. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}
