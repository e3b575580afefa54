/** Starts the simulator: a real node:http server implementing every platform operation. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, silentLogger } from '../../log.js';
import type { StreamOperationId } from '../operations.js';
import { expectedStreamText } from './expected.js';
import { failure, ErrorCode } from './envelope.js';
import { FaultBook } from './faults.js';
import { Router } from './routing.js';
import { createPipeline } from './server.js';
import { loadSimState, saveSimState } from './persist.js';
import { simulatorKeyId } from './auth.js';
import { warmUpValidation } from './validate.js';
import { SimState } from './state.js';
import type { RecordedRequest, RunningSimulator, SimulatorOptions } from './types.js';

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const host = options.host ?? '127.0.0.1';
  warmUpValidation();
  let url = '';
  const state = new SimState(
    {
      streamChunkChars: options.streamChunkChars ?? 24,
      streamChunkDelayMs: options.streamChunkDelayMs ?? 0,
      cumulativeContent: options.cumulativeContent ?? false,
      minAnswerChars: options.minAnswerChars ?? 0,
      jobStreamShape: options.jobStreamShape ?? 'content',
    },
    options.taskDurationMs ?? 0,
    () => url,
  );
  const faults = new FaultBook();
  const requests: RecordedRequest[] = [];
  const logger = options.logger ?? (options.verbose ? createLogger('info', process.stderr) : silentLogger);
  let aborted = 0;
  let closing = false;

  const pipeline = createPipeline({
    router: new Router(options.paths),
    state,
    faults,
    requests,
    logger,
    onStreamAbort: () => {
      if (!closing) aborted += 1;
    },
    revokedKeyIds: new Set((options.revokedKeys ?? []).map(simulatorKeyId)),
  });
  if (options.stateFile) loadSimState(state, options.stateFile);
  const server = createServer((req, res) => {
    if (options.stateFile) {
      const file = options.stateFile;
      res.once('finish', () => {
        try {
          saveSimState(state, file);
        } catch (error) {
          logger.warn({ err: error }, 'simulator state could not be saved');
        }
      });
    }
    pipeline(req, res).catch((error: unknown) => {
      logger.error({ err: error }, 'simulator route failed');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(failure(ErrorCode.service, 'simulator error')));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    port,
    requests,
    get streamsAbortedByClient() {
      return aborted;
    },
    inject: (fault) => faults.inject(fault),
    clearFaults: () => faults.clear(),
    setTaskDuration: (ms) => {
      state.clock.durationMs = ms;
    },
    setReportLinkValidity: (ms) => {
      state.reportLinkValidMs = ms;
    },
    setJobStreamShape: (shape) => {
      state.settings.jobStreamShape = shape;
    },
    expectedStreamText: (operation: StreamOperationId, body: unknown) => expectedStreamText(state, operation, body),
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
