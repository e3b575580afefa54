/**
 * Reads a request body with a byte limit, for routes that parse their own body (chunked bodies included).
 * Answer a `BodyTooLargeError` with 413 and `Connection: close`: the client may still be sending.
 */
import type { IncomingMessage } from 'node:http';
import { DEFAULT_BODY_LIMIT_BYTES } from './server.js';

export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor(readonly limitBytes: number) {
    super(`request body over the limit of ${limitBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

export function readBody(req: IncomingMessage, limitBytes = DEFAULT_BODY_LIMIT_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limitBytes) {
        req.off('data', onData);
        req.resume();
        reject(new BodyTooLargeError(limitBytes));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => {
      if (size <= limitBytes) resolve(Buffer.concat(chunks));
    });
    req.once('error', reject);
  });
}
