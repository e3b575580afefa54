/** `GET /metrics` in the Prometheus text format, behind a bearer token when METRICS_TOKEN is set. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Registry } from 'prom-client';
import type { RequestHandler } from '../http/server.js';
import type { Logger } from '../log.js';

export const METRICS_PATH = '/metrics';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`; compared in constant time. */
function authorized(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

export function metricsHandler(registry: Registry, options: { token?: string; logger: Logger }): RequestHandler {
  return (req, res) => {
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('method not allowed\n');
      return;
    }
    if (options.token !== undefined && !authorized(req.headers.authorization, options.token)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"', 'content-type': 'text/plain; charset=utf-8' });
      res.end('a bearer token is required (METRICS_TOKEN)\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'content-length': Buffer.byteLength(text) });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('metrics could not be collected\n');
      },
    );
  };
}
