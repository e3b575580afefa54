/**
 * The typed client for every platform operation: `call` for JSON operations (validated request, unwrapped
 * envelope, typed `data`), `stream` for event-stream operations. Retries follow retry.ts; every failure is a
 * PlatformError (or the caller's AbortError) that names the operation and request id and never the key.
 */
import { randomUUID } from 'node:crypto';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { Agent, type Dispatcher } from 'undici';
import { silentLogger, type Logger } from '../log.js';
import { PlatformError, UnexpectedResponseError } from './errors.js';
import { envelopeFailure, parseJson, unwrapEnvelope } from './envelope.js';
import { exchange, headerValue, readText, retryAfterMs, transportError, type ExchangeContext, type HttpResponse } from './http.js';
import {
  OPERATIONS,
  type CallOperationId,
  type DataOf,
  type OperationId,
  type OperationSpec,
  type RequestOf,
  type StreamOperationId,
} from './operations.js';
import { buildRequest, validateRequest, type AuthMode } from './request-builder.js';
import { retryPolicy, withRetry, type RetryOptions, type RetryPolicy } from './retry.js';
import { createPlatformStream, type PlatformStream } from './stream/index.js';
import { guardStreamBody } from './stream-body.js';
import { readLimits, type ReadLimits } from './read-limits.js';

export interface PlatformClientOptions {
  baseUrl: string;
  apiKey: string;
  /** bearer (default): `Authorization: Bearer <key>`; query: `?apikey=<key>` */
  authMode?: AuthMode;
  /** by operation id, e.g. `{"AI35-1": "/v2/novelty/submit"}` */
  pathOverrides?: Partial<Record<string, string>>;
  /** default: a pooled keep-alive undici Agent owned (and closed) by this client */
  dispatcher?: Dispatcher;
  /**
   * streamSilenceMs: the longest time a stream may go without an event that carries something (keep-alives,
   * comments and empty events do not count); streamDeadlineMs: the longest a whole stream may take, from its request
   */
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number; streamSilenceMs?: number; streamDeadlineMs?: number };
  /** what the client reads at most (read-limits.ts); past it reading stops with ResponseTooLargeError */
  limits?: Partial<ReadLimits>;
  retry?: RetryOptions;
  logger?: Logger;
  /**
   * told how every call (and every stream's start) ended: `ok`, an error's kind, or `aborted`; and for whom, when
   * the call says (`CallOptions.caller`); for metrics and each workspace's usage
   */
  onCall?: (operation: OperationId, outcome: string, seconds: number, caller?: Caller) => void;
}

/** Whom a call is made for: the chat and workspace of the event being handled. */
export interface Caller {
  chat: string;
  workspaceId: string;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** a workspace's own key instead of the client's */
  apiKey?: string;
  /** told to `onCall` with the call's outcome */
  caller?: Caller;
}

/** No-op until an OpenTelemetry SDK is registered. */

export const DEFAULT_TIMEOUTS = { connectMs: 10_000, headersMs: 60_000, bodyMs: 60_000, streamSilenceMs: 120_000, streamDeadlineMs: 600_000 };

/** What handlers call: the client's two operations, so a wrapper can scope them (a workspace's own key). */
export interface Platform {
  call<K extends CallOperationId>(id: K, request: RequestOf<K>, options?: CallOptions): Promise<DataOf<K>>;
  stream<K extends StreamOperationId>(id: K, request: RequestOf<K>, options?: CallOptions): Promise<PlatformStream>;
}

/** `platform` with every call made for `caller` (its outcome counted for the caller's workspace). */
export function callingFor(platform: Platform, caller: Caller): Platform {
  return {
    call: (id, request, options) => platform.call(id, request, { ...options, caller }),
    stream: (id, request, options) => platform.stream(id, request, { ...options, caller }),
  };
}

export class PlatformClient implements Platform {
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #authMode: AuthMode;
  readonly #pathOverrides: Partial<Record<string, string>>;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #timeouts: typeof DEFAULT_TIMEOUTS;
  readonly #limits: ReadLimits;
  readonly #retry: RetryPolicy;
  readonly #logger: Logger;
  readonly #onCall: PlatformClientOptions['onCall'];
  #closed = false;

  constructor(options: PlatformClientOptions) {
    this.#baseUrl = new URL(options.baseUrl).toString();
    this.#apiKey = options.apiKey;
    this.#authMode = options.authMode ?? 'bearer';
    this.#pathOverrides = options.pathOverrides ?? {};
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.#limits = readLimits(options.limits);
    this.#retry = retryPolicy(options.retry);
    this.#logger = options.logger ?? silentLogger;
    this.#onCall = options.onCall;
    this.#ownsDispatcher = options.dispatcher === undefined;
    this.#dispatcher =
      options.dispatcher ??
      new Agent({
        keepAliveTimeout: 30_000,
        connectTimeout: this.#timeouts.connectMs,
        headersTimeout: this.#timeouts.headersMs,
        bodyTimeout: this.#timeouts.bodyMs,
      });
  }

  /** Runs a JSON operation and returns the envelope's `data`. */
  call<K extends CallOperationId>(id: K, request: RequestOf<K>, options: CallOptions = {}): Promise<DataOf<K>> {
    return this.#observed(id, options.caller, () => this.#call(id, request, options));
  }

  async #call<K extends CallOperationId>(id: K, request: RequestOf<K>, options: CallOptions): Promise<DataOf<K>> {
    const spec: OperationSpec = OPERATIONS[id];
    const context: ExchangeContext = { operation: id, requestId: randomUUID() };
    const body = validateRequest(spec, request, context.requestId);
    const data = await this.#withRetry(spec, context, options.signal, async () => {
      const response = await this.#send(id, spec, body, context, options, 'application/json', this.#timeouts.bodyMs);
      const text = await readText(response, context, options.signal, this.#limits.maxJsonBytes);
      const facts = { operation: id, statusCode: response.statusCode, requestId: response.requestId, retryAfterMs: retryAfterMs(response.headers) };
      return unwrapEnvelope(spec, facts, text);
    });
    return data as DataOf<K>;
  }

  /**
   * Starts a streaming operation. The returned stream yields typed events; breaking out of it aborts the
   * request. Only a rate-limited start is retried, never a stream that has begun.
   */
  stream<K extends StreamOperationId>(id: K, request: RequestOf<K>, options: CallOptions = {}): Promise<PlatformStream> {
    return this.#observed(id, options.caller, () => this.#stream(id, request, options));
  }

  async #stream<K extends StreamOperationId>(id: K, request: RequestOf<K>, options: CallOptions): Promise<PlatformStream> {
    const spec: OperationSpec = OPERATIONS[id];
    const context: ExchangeContext = { operation: id, requestId: randomUUID() };
    const body = validateRequest(spec, request, context.requestId);
    const family = spec.streamFamily;
    if (!family) throw new Error(`${id} is registered as a stream without a stream family`);
    const deadlineAt = Date.now() + this.#timeouts.streamDeadlineMs;
    return this.#withRetry(spec, context, options.signal, async () => {
      const connection = new AbortController();
      const signal = options.signal ? AbortSignal.any([options.signal, connection.signal]) : connection.signal;
      const response = await this.#send(id, spec, body, context, { ...options, signal }, 'text/event-stream', this.#timeouts.streamSilenceMs);
      const contentType = headerValue(response.headers, 'content-type') ?? '';
      if (response.statusCode < 200 || response.statusCode >= 300 || !contentType.includes('text/event-stream')) {
        const text = await readText(response, context, options.signal, this.#limits.maxJsonBytes);
        const facts = { operation: id, statusCode: response.statusCode, requestId: response.requestId, retryAfterMs: retryAfterMs(response.headers) };
        throw (
          envelopeFailure(facts, parseJson(text)) ??
          new UnexpectedResponseError(
            { operation: id, status: response.statusCode, requestId: response.requestId },
            `expected an event stream, got ${contentType || 'no content type'}`,
          )
        );
      }
      return createPlatformStream({
        operation: id,
        family,
        body: guardStreamBody(response.body, { operation: id, requestId: response.requestId }, options.signal),
        abort: () => connection.abort(),
        requestId: response.requestId,
        limits: { ...this.#limits, silenceMs: this.#timeouts.streamSilenceMs, deadlineAt },
      });
    });
  }

  /** Closes the connection pool this client created (an injected dispatcher is left to its owner). */
  async close(): Promise<void> {
    if (!this.#ownsDispatcher || this.#closed) return;
    this.#closed = true;
    await this.#dispatcher.close();
  }

  /** Runs a call in its own span (a child of the event's) and tells `onCall` how it ended. */
  #observed<T>(id: OperationId, caller: Caller | undefined, run: () => Promise<T>): Promise<T> {
    return trace
      .getTracer('iip-bot')
      .startActiveSpan(`platform ${id}`, { kind: SpanKind.CLIENT, attributes: { 'iip.operation': id } }, async (span) => {
        const started = performance.now();
        const seconds = () => (performance.now() - started) / 1000;
        try {
          const result = await run();
          this.#onCall?.(id, 'ok', seconds(), caller);
          return result;
        } catch (error) {
          const kind =
            error instanceof PlatformError ? error.kind : error instanceof DOMException && error.name === 'AbortError' ? 'aborted' : 'error';
          this.#onCall?.(id, kind, seconds(), caller);
          span.setAttribute('iip.outcome', kind);
          span.setStatus({ code: SpanStatusCode.ERROR, message: kind });
          throw error;
        } finally {
          span.end();
        }
      });
  }

  async #withRetry<T>(spec: OperationSpec, context: ExchangeContext, signal: AbortSignal | undefined, attempt: () => Promise<T>): Promise<T> {
    try {
      return await withRetry({ operation: spec.id, kind: spec.kind, policy: this.#retry, logger: this.#logger, signal }, attempt);
    } catch (error) {
      throw transportError(error, context, signal);
    }
  }

  async #send(
    id: OperationId,
    spec: OperationSpec,
    body: unknown,
    context: ExchangeContext,
    options: CallOptions,
    accept: string,
    bodyTimeoutMs: number,
  ): Promise<HttpResponse> {
    const built = buildRequest({
      baseUrl: this.#baseUrl,
      id,
      spec,
      request: body,
      apiKey: options.apiKey ?? this.#apiKey,
      authMode: this.#authMode,
      pathOverrides: this.#pathOverrides,
      requestId: context.requestId,
      accept,
    });
    const started = Date.now();
    const response = await exchange(
      {
        dispatcher: this.#dispatcher,
        url: built.url,
        method: built.method,
        headers: built.headers,
        body: built.body,
        signal: options.signal,
        headersTimeoutMs: this.#timeouts.headersMs,
        bodyTimeoutMs,
      },
      context,
    );
    this.#logger.debug(
      { operation: id, method: built.method, path: built.path, status: response.statusCode, requestId: response.requestId, ms: Date.now() - started },
      'platform response',
    );
    return response;
  }
}
