/**
 * Files the bot serves for a moment so the platform can fetch them (an image a user uploaded to Slack, which
 * the platform cannot reach itself): each at an unguessable URL under PUBLIC_URL, only that file, until it is
 * withdrawn (the task has it, failed or was cancelled) or expires. The files live in an `UploadStore` (a private
 * folder beside STATE_FILE, or Redis with REDIS_URL), so any replica, or the bot after a restart, serves them;
 * the store is keyed by a hash of the token, so neither a folder listing nor a Redis key reveals a URL.
 * Each owner (a chat user) may keep `limits.files` files and `limits.bytes` bytes at once; more is refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FileShelf, OfferedFile, ShelfOptions, ShelfRefusal, StoredUpload, UploadLimits, UploadStore } from '../core/services.js';
import { silentLogger, type Logger } from '../log.js';
import { attachmentDisposition } from '../lib/content-disposition.js';
import { clustersOf } from '../core/text.js';

export const UPLOADS_PATH = '/uploads';
export const UPLOAD_TTL_MS = 30 * 60_000;
/** per owner: 5 images at once, 30 MB in all (an image is at most 10 MB) */
export const UPLOAD_LIMITS: UploadLimits = { files: 5, bytes: 30 * 1024 * 1024 };

/** The store key of a token: its SHA-256, hex. */
export const uploadKeyOf = (token: string): string => createHash('sha256').update(token).digest('hex');

const TOKEN_SHAPE = /^[\w-]{32}$/;

/**
 * A file name as a download is saved under, in any script (`新颖性检索报告.docx`): no path, control, bidi-override
 * or quoting characters, no leading dot; its last 100 characters, so the extension stays; '' when none is left.
 */
const downloadName = (filename: string): string =>
  clustersOf(
    filename
      .normalize('NFC')
      .replace(/[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069\\/:*?"<>|;]+/gu, '-')
      .replace(/^[-.\s]+/, '')
      .trim(),
  )
    .slice(-100)
    .join('');

/** The `file` and `name` parameters of an upload's URL; '' when the request target cannot be read. */
function paramsOf(req: IncomingMessage): { token: string; name: string } {
  try {
    const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
    return { token: params.get('file') ?? '', name: downloadName(params.get('name') ?? '') };
  } catch {
    return { token: '', name: '' };
  }
}

export interface UploadShelfOptions {
  ttlMs?: number;
  limits?: UploadLimits;
  logger?: Logger;
}

export class UploadShelf implements FileShelf {
  private readonly ttlMs: number;
  private readonly limits: UploadLimits;
  private readonly logger: Logger;

  constructor(
    private readonly publicUrl: string,
    private readonly store: UploadStore,
    options: UploadShelfOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? UPLOAD_TTL_MS;
    this.limits = options.limits ?? UPLOAD_LIMITS;
    this.logger = options.logger ?? silentLogger;
  }

  async offer(data: Buffer, mimeType: string, owner: string, options: ShelfOptions = {}): Promise<OfferedFile | ShelfRefusal> {
    const token = randomBytes(24).toString('base64url');
    const added = await this.store.add(uploadKeyOf(token), { data, mimeType, owner }, options.ttlMs ?? this.ttlMs, options.limits ?? this.limits);
    if ('refused' in added) return added;
    const name = options.filename ? downloadName(options.filename) : '';
    return { url: `${this.publicUrl.replace(/\/+$/, '')}${UPLOADS_PATH}?file=${token}${name ? `&name=${encodeURIComponent(name)}` : ''}`, token };
  }

  has(token: string): Promise<boolean> {
    return TOKEN_SHAPE.test(token) ? this.store.has(uploadKeyOf(token)) : Promise.resolve(false);
  }

  read(token: string): Promise<StoredUpload | undefined> {
    return TOKEN_SHAPE.test(token) ? this.store.get(uploadKeyOf(token)) : Promise.resolve(undefined);
  }

  async withdraw(token: string | undefined): Promise<void> {
    if (token && TOKEN_SHAPE.test(token)) await this.store.remove(uploadKeyOf(token));
  }

  close(): Promise<void> {
    return this.store.close();
  }

  readonly handler = (req: IncomingMessage, res: ServerResponse): void => {
    req.resume();
    void this.serve(req, res).catch((error: unknown) => {
      this.logger.error({ err: error }, 'uploads: a file could not be read from its store');
      if (!res.headersSent) res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end();
    });
  };

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { token, name } = paramsOf(req);
    const wanted = (req.method === 'GET' || req.method === 'HEAD') && TOKEN_SHAPE.test(token);
    const found = wanted ? await this.store.get(uploadKeyOf(token)) : undefined;
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': found.mimeType,
      'content-length': found.data.length,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // a document is saved under its name rather than shown; an image (no name) is served as it is
      ...(name ? { 'content-disposition': attachmentDisposition(name) } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : found.data);
  }
}
