/** The HTTP pipeline: files, routing, recording, auth, faults, validation, then the operation's route. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../log.js';
import type { OperationId } from '../operations.js';
import { checkAuth, type AuthCheck } from './auth.js';
import { codeForHttpStatus, ERROR_MESSAGES, ErrorCode, failure, type Reply } from './envelope.js';
import type { FaultBook } from './faults.js';
import { BodyTooLargeError, parseJson, readBody, sendJson, sleep } from './http.js';
import { dispatch } from './routes/index.js';
import type { BodyOf } from './records.js';
import type { Router } from './routing.js';
import { writeSse } from './sse.js';
import { writeOversizedJson } from './oversize.js';
import { attachmentDisposition } from '../../lib/content-disposition.js';
import type { SimState } from './state.js';
import type { RecordedRequest } from './types.js';
import { validateRequest } from './validate.js';

export interface PipelineDeps {
  router: Router;
  state: SimState;
  faults: FaultBook;
  requests: RecordedRequest[];
  logger: Logger;
  onStreamAbort: () => void;
  /** keys the gateway treats as disabled (67200003), by `simulatorKeyId` */
  revokedKeyIds: ReadonlySet<string>;
}

function serveFile(res: ServerResponse, state: SimState, name: string): void {
  const file = state.files.render(name);
  if (!file) return sendJson(res, 404, failure(0, 'file not found'));
  // a CDN's signed link past its end: 403, as object stores answer an expired signature
  if (file === 'expired') return sendJson(res, 403, failure(0, 'the link has expired'));
  res.writeHead(200, {
    'content-type': file.contentType,
    'content-length': file.body.length,
    'content-disposition': attachmentDisposition(name),
  });
  res.end(file.body);
}

async function send(res: ServerResponse, reply: Reply, operation: OperationId, deps: PipelineDeps): Promise<void> {
  const oversized = reply.type === 'json' ? deps.faults.take('oversized-body', operation) : undefined;
  if (oversized) return writeOversizedJson(res, oversized.bytes, oversized.declared);
  if (reply.type === 'json') return sendJson(res, reply.httpStatus ?? 200, reply.envelope, reply.headers);
  await writeSse(res, reply.events, {
    delayMs: deps.state.settings.streamChunkDelayMs,
    faults: deps.faults.takeStreamFaults(operation),
    onClientAbort: deps.onStreamAbort,
  });
}

/** What the gateway answers before the operation runs: auth errors and injected faults. */
async function gatekeep(auth: AuthCheck, operation: OperationId, deps: PipelineDeps): Promise<Reply | undefined> {
  const slow = deps.faults.take('slow-headers', operation);
  if (slow) await sleep(slow.delayMs);
  if (auth.mode === 'none')
    return { type: 'json', httpStatus: 401, envelope: failure(ErrorCode.missingKey, ERROR_MESSAGES[ErrorCode.missingKey] ?? '') };
  if (!auth.wellFormed || (auth.keyId && deps.revokedKeyIds.has(auth.keyId)))
    return { type: 'json', envelope: failure(ErrorCode.badKey, ERROR_MESSAGES[ErrorCode.badKey] ?? '') };
  const status = deps.faults.take('http-status', operation);
  if (status) {
    const headers = status.retryAfterSeconds !== undefined ? { 'retry-after': String(status.retryAfterSeconds) } : undefined;
    return {
      type: 'json',
      httpStatus: status.status,
      headers,
      envelope: failure(codeForHttpStatus(status.status), `HTTP ${status.status} (injected)`),
    };
  }
  const envelope = deps.faults.take('envelope-error', operation);
  if (envelope)
    return { type: 'json', envelope: failure(envelope.errorCode, envelope.message ?? ERROR_MESSAGES[envelope.errorCode] ?? 'injected error') };
  return undefined;
}

export function createPipeline(deps: PipelineDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://simulator.local');
    const method = (req.method ?? 'GET').toUpperCase();
    const resolution = deps.router.resolve(method, url.pathname);
    const operation = resolution.found ? resolution.operation : 'unknown';
    const incomingId = req.headers['x-request-id'];
    res.setHeader('x-request-id', typeof incomingId === 'string' && incomingId.length <= 128 ? incomingId : randomUUID());
    res.once('close', () =>
      deps.logger.info(
        {
          operation,
          method,
          path: url.pathname,
          status: res.statusCode,
          ms: Date.now() - started,
          ...(res.writableFinished ? {} : { cut: true }),
        },
        'request',
      ),
    );

    let text: string;
    try {
      text = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendJson(res, 413, failure(ErrorCode.badRequest, error.message));
      throw error;
    }
    const parsed = parseJson(text);
    const query = Object.fromEntries([...url.searchParams].filter(([key]) => key !== 'apikey'));
    const auth = checkAuth(req, url);
    deps.requests.push({
      operation,
      method,
      path: url.pathname,
      query,
      body: parsed.ok ? parsed.value : undefined,
      auth: auth.mode,
      keyId: auth.keyId,
      at: Date.now(),
    });

    if (method === 'GET' && url.pathname.startsWith('/files/')) return serveFile(res, deps.state, url.pathname.slice('/files/'.length));
    if (!resolution.found) {
      const headers: Record<string, string> = resolution.status === 405 ? { allow: resolution.allow } : {};
      return sendJson(res, resolution.status, failure(0, resolution.status === 404 ? `Not Found: ${url.pathname}` : 'Method Not Allowed'), headers);
    }
    const early = await gatekeep(auth, resolution.operation, deps);
    if (early) return send(res, early, resolution.operation, deps);
    if (!parsed.ok) return sendJson(res, 200, failure(ErrorCode.invalidParameter, 'Invalid parameter: the request body is not valid JSON'));
    const validation = validateRequest(resolution.operation, method === 'GET' ? query : parsed.value);
    if (!validation.ok) return sendJson(res, 200, failure(ErrorCode.invalidParameter, validation.message));
    const reply = dispatch(resolution.operation, validation.value as BodyOf<typeof resolution.operation>, deps.state, deps.faults);
    await send(res, reply, resolution.operation, deps);
  };
}
