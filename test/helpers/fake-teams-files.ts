/**
 * The file side of Teams for tests. `fileCardProblem` is what the fake Bot Connector checks in the file cards a
 * bot sends (Microsoft's "Send and receive files using bot"): a consent card names the file and its size, a
 * file info card the saved file; both work only in 1:1 chats (the fake refuses them elsewhere with 400, its
 * own choice of answer for what the docs say does not work). `startFakeOneDrive` models the upload session
 * Teams opens in the user's OneDrive when they accept: PUTs of byte ranges in order, fragments in multiples of
 * 320 KiB up to 60 MiB except the last, no Authorization header (the URL is pre-authorised; OneDrive's docs
 * warn a token there fails with 401), 202 with the next expected range until the last byte, then 201 with
 * the file. `fileConsentInvoke` is the invoke Teams sends with the user's answer.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BOT, PERSONAL_CHAT, TENANT, USER } from './teams-activities.js';

type Json = Record<string, unknown>;

export const FILE_CONSENT_TYPE = 'application/vnd.microsoft.teams.card.file.consent';
export const FILE_INFO_TYPE = 'application/vnd.microsoft.teams.card.file.info';
const UNIT = 320 * 1024;
const MAX_FRAGMENT = 60 * 1024 * 1024;

/** Why the connector refuses an activity's file cards, or undefined when they are as Teams takes them. */
export function fileCardProblem(body: Json, conversation: string): string | undefined {
  const attachments = Array.isArray(body.attachments) ? (body.attachments as Json[]) : [];
  for (const a of attachments) {
    if (a.contentType !== FILE_CONSENT_TYPE && a.contentType !== FILE_INFO_TYPE) continue;
    if (!conversation.startsWith('a:')) return 'file cards work only in 1:1 chats';
    const content = (a.content ?? {}) as Json;
    if (typeof a.name !== 'string' || a.name.length === 0) return 'a file card needs the file name';
    if (a.contentType === FILE_CONSENT_TYPE && typeof content.sizeInBytes !== 'number') return 'a consent card needs sizeInBytes';
    if (a.contentType === FILE_INFO_TYPE && (typeof a.contentUrl !== 'string' || typeof content.uniqueId !== 'string'))
      return 'a file info card needs contentUrl and uniqueId';
  }
  return undefined;
}

export interface FakeUploadSession {
  id: string;
  name: string;
  uploadUrl: string;
  received: Buffer[];
  /** every PUT: its Content-Range, whether it carried a token, the answer */
  puts: { range: string; authorized: boolean; status: number }[];
  complete: boolean;
}

export interface FakeOneDrive {
  url: string;
  /** Opens an upload session for `name`, as Teams does when the user accepts; returns the invoke's `uploadInfo`. */
  open(name: string): { session: FakeUploadSession; uploadInfo: Json };
  sessions: FakeUploadSession[];
  close(): Promise<void>;
}

export async function startFakeOneDrive(): Promise<FakeOneDrive> {
  const sessions: FakeUploadSession[] = [];
  const reply = (res: ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    const session = sessions.find((s) => req.url === `/up/${s.id}`);
    if (!session || req.method !== 'PUT') return reply(res, 404, { error: { code: 'itemNotFound' } });
    const range = String(req.headers['content-range'] ?? '');
    const put = { range, authorized: req.headers.authorization !== undefined, status: 0 };
    session.puts.push(put);
    const answer = (status: number, body: Json) => {
      put.status = status;
      reply(res, status, body);
    };
    if (put.authorized) return answer(401, { error: { code: 'unauthenticated' } });
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!match || session.complete) return answer(400, { error: { code: 'invalidRange' } });
    const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const have = session.received.reduce((n, b) => n + b.length, 0);
    const length = end - start + 1;
    const last = end === total - 1;
    if (start !== have || length !== data.length || end >= total || length > MAX_FRAGMENT || (!last && length % UNIT !== 0))
      return answer(416, { error: { code: 'invalidRange' }, nextExpectedRanges: [`${have}-`] });
    session.received.push(data);
    if (!last) return answer(202, { nextExpectedRanges: [`${end + 1}-`] });
    session.complete = true;
    return answer(201, { id: session.id, name: session.name, size: total });
  }
  const server = createServer((req, res) => void handle(req, res).catch(() => reply(res, 500, {})));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sessions,
    open(name) {
      const id = randomUUID();
      const session: FakeUploadSession = { id, name, uploadUrl: `${url}/up/${id}`, received: [], puts: [], complete: false };
      sessions.push(session);
      const uploadInfo = {
        name,
        uploadUrl: session.uploadUrl,
        contentUrl: `https://contoso-my.sharepoint.com/personal/ann/Documents/Applications/${encodeURIComponent(name)}`,
        uniqueId: id,
        fileType: /\.(\w+)$/.exec(name)?.[1] ?? '',
      };
      return { session, uploadInfo };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The invoke Teams sends when the user answers a consent card in their 1:1 chat. */
export function fileConsentInvoke(
  serviceUrl: string,
  card: { id: string; context: Json },
  answer: { action: 'accept'; uploadInfo: Json } | { action: 'decline' },
): Json {
  return {
    type: 'invoke',
    name: 'fileConsent/invoke',
    id: `f:${randomUUID()}`,
    timestamp: new Date().toISOString(),
    channelId: 'msteams',
    serviceUrl,
    from: USER,
    recipient: BOT,
    conversation: { tenantId: TENANT, id: PERSONAL_CHAT, conversationType: 'personal' },
    channelData: { tenant: { id: TENANT } },
    replyToId: card.id,
    value: {
      type: 'fileUpload',
      action: answer.action,
      context: card.context,
      ...(answer.action === 'accept' ? { uploadInfo: answer.uploadInfo } : {}),
    },
  };
}
