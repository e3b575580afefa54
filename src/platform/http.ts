/**
 * One HTTP exchange with the gateway through undici, and the translation of transport failures (refused
 * connections, undici timeouts, aborts) into the platform's error classes. Nothing that leaves this file
 * carries the request URL, the headers or the key: undici errors are replaced by sanitized copies.
 */
import { request, type Dispatcher } from 'undici';
import { parseRetryAfter } from '../lib/retry-after.js';
import { redactSecrets } from '../log.js';
import { NetworkError, PlatformError, ResponseTooLargeError, TimeoutError } from './errors.js';
import { tooLarge } from './read-limits.js';

export interface ExchangeContext {
  operation: string;
  /** the id this client generated; replaced by the server's x-request-id once a response arrives */
  requestId: string;
}

export interface HttpExchange {
  dispatcher: Dispatcher;
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

export interface HttpResponse {
  statusCode: number;
  headers: Dispatcher.ResponseData['headers'];
  body: Dispatcher.ResponseData['body'];
  requestId: string;
}

/** A transport failure stripped down to its name, code and redacted message (never the URL or headers). */
export class TransportFailure extends Error {
  readonly code?: string;
  constructor(source: unknown) {
    const from = source instanceof Error ? source : new Error(String(source));
    super(redactSecrets(from.message || from.name));
    this.name = from.name;
    const code = (from as { code?: unknown }).code;
    if (typeof code === 'string') this.code = code;
  }
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

export function headerValue(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The DOMException a caller expects when their own signal stopped the call. */
export function abortErrorFor(signal: AbortSignal): DOMException {
  const reason: unknown = signal.reason;
  if (reason instanceof DOMException && reason.name === 'AbortError') return reason;
  return new DOMException('The operation was aborted', 'AbortError');
}

/** A signal that aborted because a deadline passed (AbortSignal.timeout) rather than by a caller's choice. */
export function abortedByDeadline(signal: AbortSignal | undefined): boolean {
  const reason: unknown = signal?.reason;
  return signal?.aborted === true && reason instanceof DOMException && reason.name === 'TimeoutError';
}

/**
 * Maps anything thrown while sending or reading to what callers handle: platform errors as they are, the
 * caller's abort as an AbortError, a deadline as TimeoutError, undici timeouts as TimeoutError, the rest as
 * NetworkError.
 */
export function transportError(error: unknown, context: ExchangeContext, callerSignal?: AbortSignal): Error {
  if (error instanceof PlatformError) return error;
  const base = { operation: context.operation, requestId: context.requestId };
  if (callerSignal?.aborted) {
    if (abortedByDeadline(callerSignal)) return new TimeoutError({ ...base, platformMessage: 'the deadline passed' });
    return abortErrorFor(callerSignal);
  }
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  const cause = new TransportFailure(error);
  if (cause.code === 'UND_ERR_ABORTED') return new DOMException('The operation was aborted', 'AbortError');
  if (cause.code && TIMEOUT_CODES.has(cause.code)) return new TimeoutError({ ...base, cause });
  return new NetworkError({ ...base, cause });
}

/**
 * Sends one request. The headers deadline is kept here as well as by undici, whose own timer has about a
 * second of granularity (short deadlines would otherwise fire late).
 */
export async function exchange(init: HttpExchange, context: ExchangeContext): Promise<HttpResponse> {
  const headersDeadline = new AbortController();
  const timer = setTimeout(() => headersDeadline.abort(new DOMException('no response headers in time', 'TimeoutError')), init.headersTimeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, headersDeadline.signal]) : headersDeadline.signal;
  try {
    const response = await request(init.url, {
      dispatcher: init.dispatcher,
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal,
      headersTimeout: init.headersTimeoutMs,
      bodyTimeout: init.bodyTimeoutMs,
    });
    const requestId = headerValue(response.headers, 'x-request-id') ?? context.requestId;
    return { statusCode: response.statusCode, headers: response.headers, body: response.body, requestId };
  } catch (error) {
    if (headersDeadline.signal.aborted && !init.signal?.aborted) {
      throw new TimeoutError({ ...context, platformMessage: `no response headers within ${init.headersTimeoutMs} ms` });
    }
    throw transportError(error, context, init.signal);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads a whole response body as text, with read failures mapped like send failures. Past `maxBytes` (or when
 * Content-Length already says so) it stops reading, aborts the request and throws ResponseTooLargeError: what was
 * read is dropped, nothing more is buffered.
 */
export async function readText(response: HttpResponse, context: ExchangeContext, callerSignal?: AbortSignal, maxBytes?: number): Promise<string> {
  const init = { ...context, status: response.statusCode, requestId: response.requestId };
  try {
    if (maxBytes === undefined) return await response.body.text();
    if (Number(headerValue(response.headers, 'content-length')) > maxBytes) throw tooLarge(init, 'the body', maxBytes, 'bytes');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      const bytes = chunk as Buffer;
      size += bytes.byteLength;
      if (size > maxBytes) throw tooLarge(init, 'the body', maxBytes, 'bytes');
      chunks.push(bytes);
    }
    return Buffer.concat(chunks, size).toString('utf8');
  } catch (error) {
    // leaving the loop destroyed the body, which aborts the request; a body never read is destroyed here
    if (error instanceof ResponseTooLargeError) {
      response.body.destroy();
      throw error;
    }
    throw transportError(error, { ...context, requestId: response.requestId }, callerSignal);
  }
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date; src/lib/retry-after.ts). */
export function retryAfterMs(headers: Dispatcher.ResponseData['headers']): number | undefined {
  return parseRetryAfter(headerValue(headers, 'retry-after'));
}
