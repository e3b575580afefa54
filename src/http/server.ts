/**
 * The bot's one HTTP server: `/slack/events`, `/api/messages` and `/healthz` share a port.
 *
 * Body limit: a request whose declared `Content-Length` exceeds the route's limit (default 1 MiB,
 * `DEFAULT_BODY_LIMIT_BYTES`) is refused with 413 before its handler runs. Bodies without a declared
 * length (chunked) reach the handler, which must read them with a limit: `readBody` (./body.ts) does,
 * and so does Bolt's receiver (its own `bodyLimit`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log.js';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface RouteOptions {
  /** largest declared Content-Length this route accepts; default `DEFAULT_BODY_LIMIT_BYTES` */
  bodyLimitBytes?: number;
}

export interface HttpServerOptions {
  port: number;
  host?: string;
  logger: Logger;
}

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

function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isFinite(length) ? length : undefined;
}

export function createHttpServer({ port, host = '0.0.0.0', logger }: HttpServerOptions): HttpServer {
  const routes = new Map<string, Route>();
  routes.set('/healthz', { handler: (_req, res) => sendJson(res, 200, { ok: true }), bodyLimitBytes: 0 });

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
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
  });

  return {
    route(path, handler, options = {}) {
      if (routes.has(path)) throw new Error(`a handler is already mounted on ${path}`);
      routes.set(path, { handler, bodyLimitBytes: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES });
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
