/**
 * Files in the fake Slack Web API: files a user shared (registered by a test, described by `files.info`,
 * downloaded from their private URL with the bot token) and files the bot uploads the way the Slack SDK's
 * `files.uploadV2` does it: `files.getUploadURLExternal` → POST of the bytes (multipart) to the upload URL →
 * `files.completeUploadExternal` with the channel and thread.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

type Json = Record<string, unknown>;

const BY_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

export interface FakeSlackFile {
  id: string;
  name: string;
  mimetype: string;
  data: Buffer;
  /** what files.info reports (the real size unless a test says otherwise) */
  size: number;
  title?: string;
  channel?: string;
  threadTs?: string;
  /** bot uploads: the bytes arrived and completeUploadExternal shared them */
  completed: boolean;
  /** false: shared where the bot's token cannot see it (a conversation it is not in): files.info and downloads refuse it */
  readable?: boolean;
  downloads: number;
}

export type FilesAnswer = { ok: true; body: Json } | { ok: false; error: string };

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class FakeSlackFiles {
  readonly byId = new Map<string, FakeSlackFile>();
  private sequence = 0;

  constructor(private readonly origin: () => string) {}

  /** A file a user shared; `size` overrides what files.info declares (an oversize file without sending its bytes). */
  share(file: { name: string; mimetype: string; data: Buffer; size?: number; readable?: boolean }): FakeSlackFile {
    const shared: FakeSlackFile = { id: `F${++this.sequence}`, size: file.data.length, completed: true, downloads: 0, ...file };
    this.byId.set(shared.id, shared);
    return shared;
  }

  /** The files the bot uploaded and shared into a channel. */
  uploads(): FakeSlackFile[] {
    return [...this.byId.values()].filter((f) => f.completed && f.channel !== undefined);
  }

  /** The Web API methods about files; undefined for any other method. */
  handle(method: string, args: Json): FilesAnswer | undefined {
    switch (method) {
      case 'files.info': {
        const file = this.byId.get(String(args.file ?? ''));
        // Slack answers a token that may not see a file as if there were none
        if (!file || file.readable === false) return { ok: false, error: 'file_not_found' };
        const url = `${this.origin()}/files-pri/${file.id}/${encodeURIComponent(file.name)}`;
        return {
          ok: true,
          body: {
            file: {
              id: file.id,
              name: file.name,
              mimetype: file.mimetype,
              size: file.size,
              url_private: url,
              url_private_download: `${url}?download=1`,
            },
          },
        };
      }
      case 'files.getUploadURLExternal': {
        const length = Number(args.length);
        if (!args.filename || !Number.isInteger(length) || length <= 0) return { ok: false, error: 'invalid_arguments' };
        const file: FakeSlackFile = {
          id: `F${++this.sequence}`,
          name: String(args.filename),
          mimetype: '',
          data: Buffer.alloc(0),
          size: length,
          completed: false,
          downloads: 0,
        };
        this.byId.set(file.id, file);
        return { ok: true, body: { upload_url: `${this.origin()}/upload/v1/${file.id}`, file_id: file.id } };
      }
      case 'files.completeUploadExternal': {
        const listed = (typeof args.files === 'string' ? JSON.parse(args.files) : args.files) as { id: string; title?: string }[];
        const files = listed.map((f) => ({ entry: f, file: this.byId.get(f.id) }));
        if (files.some(({ file }) => !file || file.data.length === 0)) return { ok: false, error: 'file_not_found' };
        for (const { entry, file } of files) {
          Object.assign(file!, {
            completed: true,
            title: entry.title,
            ...(args.channel_id ? { channel: String(args.channel_id) } : {}),
            ...(args.thread_ts ? { threadTs: String(args.thread_ts) } : {}),
          });
        }
        return { ok: true, body: { files: files.map(({ file }) => ({ id: file!.id, title: file!.title, name: file!.name })) } };
      }
      default:
        return undefined;
    }
  }

  /** Serves downloads and receives uploads; false when the request is not about files. */
  serve(req: IncomingMessage, res: ServerResponse, authorized: boolean): boolean {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const download = /^\/files-pri\/(F\d+)\//.exec(path);
    const upload = /^\/upload\/v1\/(F\d+)$/.exec(path);
    if (!download && !upload) return false;
    void (async () => {
      const raw = await readRaw(req);
      const file = this.byId.get((download ?? upload)![1]!);
      if (download) {
        // Slack answers a download without the token with its HTML sign-in page
        if (!file || !authorized || file.readable === false)
          return this.send(res, authorized ? 404 : 200, 'text/html', Buffer.from('<html>sign in</html>'));
        file.downloads += 1;
        return this.send(res, 200, file.mimetype, file.data);
      }
      if (!file || file.completed) return this.send(res, 404, 'text/plain', Buffer.from('unknown upload'));
      const form = await new Response(raw, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData().catch(() => undefined);
      const part = [...(form?.values() ?? [])].find((v): v is File => typeof v !== 'string');
      const data = part ? Buffer.from(await part.arrayBuffer()) : raw;
      // like Slack, the type comes from the file name when the upload does not say it
      const declared = part?.type && part.type !== 'application/octet-stream' ? part.type : undefined;
      Object.assign(file, {
        data,
        size: data.length,
        mimetype: declared ?? BY_EXTENSION[file.name.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream',
      });
      return this.send(res, 200, 'text/plain', Buffer.from(`OK - ${data.length}`));
    })().catch(() => this.send(res, 500, 'text/plain', Buffer.from('error')));
    return true;
  }

  private send(res: ServerResponse, status: number, type: string, body: Buffer): void {
    res.writeHead(status, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  }
}
