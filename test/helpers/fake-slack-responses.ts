/**
 * Response URLs as Slack hands them to commands and clicks, for the fake Web API: each takes JSON, at most 5 posts
 * within 30 minutes of its command (404 `used_url` / `expired_url` then), and the fake records what was posted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asList, messageBlocksProblem } from './fake-slack-blocks.js';

type Json = Record<string, unknown>;

/** A POST to a command's or a click's response_url. */
export interface FakeResponsePost {
  url: string;
  body: Json;
}

export class FakeResponseUrls {
  /** what was posted to response URLs, in order */
  readonly posts: FakeResponsePost[] = [];
  private readonly issued = new Map<string, { issued: number; uses: number }>();

  constructor(private readonly origin: () => string) {}

  /** A fresh response_url pointing at the fake. */
  issue(): string {
    const url = `${this.origin()}/response/${this.issued.size + 1}`;
    this.issued.set(url, { issued: Date.now(), uses: 0 });
    return url;
  }

  /** Answers a POST to a response URL; false for any other request. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'POST' || !req.url?.startsWith('/response/')) return false;
    this.respond(req, res).catch(() => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: 'invalid_payload' }));
    });
    return true;
  }

  private async respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = `${this.origin()}${req.url ?? ''}`;
    const issued = this.issued.get(url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = (status: number, payload: Json) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (!issued) return answer(404, { ok: false, error: 'no_such_url' });
    if (Date.now() - issued.issued > 30 * 60_000) return answer(404, { ok: false, error: 'expired_url' });
    if (issued.uses >= 5) return answer(404, { ok: false, error: 'used_url' });
    if (!(req.headers['content-type'] ?? '').includes('application/json')) return answer(400, { ok: false, error: 'invalid_payload' });
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = (raw ? JSON.parse(raw) : {}) as Json;
    if (!body.text && asList(body.blocks).length === 0 && !body.delete_original) return answer(400, { ok: false, error: 'no_text' });
    if (messageBlocksProblem(body.blocks)) return answer(400, { ok: false, error: 'invalid_blocks' });
    issued.uses += 1;
    this.posts.push({ url, body });
    answer(200, { ok: true });
  }
}
