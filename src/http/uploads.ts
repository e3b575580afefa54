/**
 * Files the bot serves for a moment so the platform can fetch them (an image a user uploaded to Slack, which
 * the platform cannot reach itself): each at an unguessable URL under PUBLIC_URL, only that file, until it is
 * withdrawn (the task has it) or expires. Held in memory; one shelf per running bot, lent to its handlers as `ctx.uploads`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FileShelf, OfferedFile } from '../core/services.js';

export const UPLOADS_PATH = '/uploads';
export const UPLOAD_TTL_MS = 30 * 60_000;
const MAX_SHELVED = 20;

interface Shelved {
  data: Buffer;
  mimeType: string;
  expiresAt: number;
}

/** The `file` parameter of an upload's URL; '' when the request target cannot be read. */
function tokenOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://localhost').searchParams.get('file') ?? '';
  } catch {
    return '';
  }
}

export class UploadShelf implements FileShelf {
  private readonly files = new Map<string, Shelved>();

  constructor(private readonly publicUrl: string, private readonly ttlMs = UPLOAD_TTL_MS) {}

  offer(data: Buffer, mimeType: string): OfferedFile {
    this.sweep();
    while (this.files.size >= MAX_SHELVED) this.files.delete(this.files.keys().next().value as string);
    const token = randomBytes(24).toString('base64url');
    this.files.set(token, { data, mimeType, expiresAt: Date.now() + this.ttlMs });
    return { url: `${this.publicUrl.replace(/\/+$/, '')}${UPLOADS_PATH}?file=${token}`, token };
  }

  withdraw(token: string | undefined): void {
    if (token) this.files.delete(token);
  }

  has(token: string): boolean {
    this.sweep();
    return this.files.has(token);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [token, file] of this.files) if (file.expiresAt <= now) this.files.delete(token);
  }

  readonly handler = (req: IncomingMessage, res: ServerResponse): void => {
    const token = tokenOf(req);
    const found = (req.method === 'GET' || req.method === 'HEAD') && this.has(token) ? this.files.get(token) : undefined;
    req.resume();
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': found.mimeType, 'content-length': found.data.length, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : found.data);
  };
}
