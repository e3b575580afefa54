/**
 * The bot's one HTTP server: `/slack/events`, `/api/messages` and `/healthz` share a port.
 *
 * Body limit: a request whose declared `Content-Length` exceeds the route's limit (default 1 MiB,
 * `DEFAULT_BODY_LIMIT_BYTES`) is refused with 413 before its handler runs. Bodies without a declared
 * length (chunked) reach the handler, which must read them with a limit: `readBody` (./body.ts) does,
 * and so does Bolt's receiver (its own `bodyLimit`).
 *
 * Hostile traffic: a request target that is no valid path (`GET //[`) gets 400, never an exception; a client
 * that sends its headers or body too slowly is cut off (`headersTimeoutMs`, `requestTimeoutMs`); at most
 * `maxConnections` sockets are open at once. Slack and the Bot Connector send small requests at once and
 * wait a few seconds for the answer, so the defaults are far from their needs and from Node's 300 s.
 * A connection that sends nothing (from its accept, or after an answer) is closed after `idleTimeoutMs`, and at
 * most `maxIdleConnections` wait for a request at once (./idle-sockets.ts): silent sockets never fill the server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log.js';
import { guardIdleSockets } from './idle-sockets.js';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface RouteOptions {
  /** largest declared Content-Length this route accepts; default `DEFAULT_BODY_LIMIT_BYTES` */
  bodyLimitBytes?: number;
}

export interface HttpServerOptions {
  port: number;
  host?: string;
  logger: Logger;
  /** time a client has to send its request headers (default 10 s) */
  headersTimeoutMs?: number;
  /** time a client has to send its whole request (default 30 s) */
  requestTimeoutMs?: number;
  /** open sockets at once; more are closed as they arrive (default 1,000) */
  maxConnections?: number;
  /** time a connection may stay silent, from its accept or its last answer, before it is closed (default 5 s) */
  idleTimeoutMs?: number;
  /** connections waiting for a request at once; the oldest is closed for a new one (default 200, at most half of `maxConnections`) */
  maxIdleConnections?: number;
}

export const HTTP_DEFAULTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 1_000,
  idleTimeoutMs: 5_000,
  maxIdleConnections: 200,
} as const;
/** How long an idle keep-alive socket stays open: longer than a load balancer's wish to reuse it is not needed. */
const KEEP_ALIVE_MS = 5_000;

export interface HttpServer {
  /** Mounts a handler on an exact path (any method). A path can be mounted once. */
  route(path: string, handler: RequestHandler, options?: RouteOptions): void;
  listen(): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
const CLOSE_GRACE_MS = 2_000;

interface Route {
  handler: RequestHandler;
  bodyLimitBytes: number;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The request target's path, or undefined when it is no valid request target (`//[`, `http://[x`). */
export function pathOf(req: IncomingMessage): string | undefined {
  try {
    return new URL(req.url ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isFinite(length) ? length : undefined;
}

export function createHttpServer(options: HttpServerOptions): HttpServer {
  const { port, host = '0.0.0.0', logger } = options;
  const headersTimeout = options.headersTimeoutMs ?? HTTP_DEFAULTS.headersTimeoutMs;
  const requestTimeout = Math.max(headersTimeout, options.requestTimeoutMs ?? HTTP_DEFAULTS.requestTimeoutMs);
  const routes = new Map<string, Route>();
  routes.set('/healthz', { handler: (_req, res) => sendJson(res, 200, { ok: true }), bodyLimitBytes: 0 });

  const server = createServer(
    {
      headersTimeout,
      requestTimeout,
      // announced in the Keep-Alive header: a client never reuses a socket the idle timeout is about to close
      keepAliveTimeout: Math.min(KEEP_ALIVE_MS, options.idleTimeoutMs ?? HTTP_DEFAULTS.idleTimeoutMs),
      // how often Node looks for connections past those timeouts (its default, 30 s, lets them linger)
      connectionsCheckingInterval: Math.min(1_000, headersTimeout),
    },
    (req, res) => {
      const path = pathOf(req);
      if (path === undefined) {
        res.setHeader('connection', 'close');
        sendJson(res, 400, { ok: false, error: 'bad_request_target' });
        req.resume();
        return;
      }
      const route = routes.get(path);
      if (route === undefined) {
        sendJson(res, 404, { ok: false, error: 'not_found' });
        return;
      }
      const length = declaredLength(req);
      if (length !== undefined && length > route.bodyLimitBytes && path !== '/healthz') {
        logger.warn({ path, length, limit: route.bodyLimitBytes }, 'request body over the limit: refused');
        res.setHeader('connection', 'close');
        sendJson(res, 413, { ok: false, error: 'payload_too_large' });
        req.resume();
        return;
      }
      try {
        route.handler(req, res);
      } catch (error) {
        logger.error({ path, err: error }, 'request handler threw');
        if (!res.headersSent) sendJson(res, 500, { ok: false, error: 'internal_error' });
        else res.end();
      }
    },
  );

  server.maxConnections = options.maxConnections ?? HTTP_DEFAULTS.maxConnections;
  const idle = guardIdleSockets(server, {
    idleTimeoutMs: options.idleTimeoutMs ?? HTTP_DEFAULTS.idleTimeoutMs,
    // half the connections stay free for requests whatever waits
    maxWaiting: Math.max(1, Math.min(options.maxIdleConnections ?? HTTP_DEFAULTS.maxIdleConnections, Math.floor(server.maxConnections / 2))),
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // malformed HTTP (Node's parser refused it) or a timeout: answer 400/408 when the socket can still take it
    if (!socket.writable) return socket.destroy();
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });

  return {
    route(path, handler, routeOptions = {}) {
      if (routes.has(path)) throw new Error(`a handler is already mounted on ${path}`);
      routes.set(path, { handler, bodyLimitBytes: routeOptions.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES });
    },
    listen() {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
          const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`;
          logger.info({ url }, 'http server listening');
          resolve({ port: address.port, url });
        });
      });
    },
    /** Stops accepting, lets requests in flight finish for up to `CLOSE_GRACE_MS`, then drops what is left. */
    close() {
      idle.stop();
      return new Promise((resolve, reject) => {
        if (!server.listening) return resolve();
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        force.unref();
        server.close((error) => {
          clearTimeout(force);
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
