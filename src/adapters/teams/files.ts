/**
 * Images users share with the bot in Teams: read from a message's attachments and downloaded with the bot's
 * own Bot Framework token. Teams delivers an image attached to, or pasted into, a message as an `image/*`
 * attachment whose `contentUrl` is on the connector (`…/v3/attachments/<id>/views/original`), next to a
 * `text/html` copy of the message whose `<img src>` names the same bytes as hosted content (`…/$value`); a
 * file from the compose box's attach button arrives (1:1 chats) as a `file.download.info` attachment with a
 * pre-authenticated `downloadUrl`. The token goes only to URLs under the service URL prefixes activities
 * may name (./service-urls.ts), never anywhere else; no download follows a redirect.
 */
import type { Activity, CloudAdapter } from 'botbuilder';
import type { FetchedFile } from '../../core/adapter.js';
import type { SharedFile } from '../../core/incoming.js';
import { readLimited } from '../../core/read-limited.js';
import { TeamsApiError } from './errors.js';
import type { ReferenceBook } from './references.js';

export const FILE_DOWNLOAD_INFO = 'application/vnd.microsoft.teams.file.download.info';
/** A shared file whose URL is pre-authenticated: fetched without the bot's token. */
const DIRECT_PREFIX = 'direct:';
const DOWNLOAD_TIMEOUT_MS = 30_000;
const MAX_FILES = 10;
const TYPES_BY_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

type Json = Record<string, unknown>;
const asRecord = (value: unknown): Json | undefined => (typeof value === 'object' && value !== null ? (value as Json) : undefined);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** Hosted content in the HTML copy of a message: `<img src="…/v3/attachments/…">` or `<img src="…/$value">`. */
function hostedImages(html: string): string[] {
  const sources = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)].map((match) => (match[1] as string).replace(/&amp;/g, '&'));
  return sources.filter((src) => /\/v3\/attachments\/[^/]+\/views\//.test(src) || /\/\$value(?:$|\?)/.test(src));
}

/** The files a message shares, as the core sees them; the id is the URL the bytes come from. */
export function sharedFilesOf(activity: Pick<Activity, 'attachments'>): SharedFile[] {
  const files: SharedFile[] = [];
  const seen = new Set<string>();
  const add = (file: SharedFile) => {
    if (seen.has(file.id) || files.length >= MAX_FILES) return;
    seen.add(file.id);
    files.push(file);
  };
  const attachments = (activity.attachments ?? []).map(asRecord).filter((a): a is Json => a !== undefined);
  for (const attachment of attachments) {
    const type = text(attachment.contentType)?.toLowerCase() ?? '';
    const name = text(attachment.name);
    const url = text(attachment.contentUrl);
    if (type.startsWith('image/') && url) add({ id: url, mimeType: type, ...(name ? { name } : {}) });
    if (type === FILE_DOWNLOAD_INFO) {
      const content = asRecord(attachment.content);
      const download = text(content?.downloadUrl);
      const extension = text(content?.fileType)?.toLowerCase() ?? '';
      if (download)
        add({ id: `${DIRECT_PREFIX}${download}`, mimeType: TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream', ...(name ? { name } : {}) });
    }
  }
  // the HTML copy names pasted images only when no image attachment carries them (the attachment is the canonical source);
  // such an image has no file name: whoever mentions it names it in the user's language, which is not known yet here
  if (files.length === 0) {
    for (const attachment of attachments) {
      const html = text(attachment.contentType) === 'text/html' ? text(attachment.content) : undefined;
      for (const src of html ? hostedImages(html) : []) add({ id: src });
    }
  }
  return files;
}

export interface TeamsFileAccess {
  /** whether the bot's token may go to `url` (a service URL prefix) */
  trusted(url: string): boolean;
  /** the Authorization header of the bot's token for the thread's conversation; undefined without an app id */
  authorization(): Promise<string | undefined>;
}

/** The part of botframework-connector's ConnectorClient that signs a request with the bot's token. */
interface SigningClient {
  credentials?: { signRequest?(request: { headers: { set(name: string, value: string): void } }): Promise<unknown> };
}

/**
 * File access for one conversation: the bot's token comes from the credentials of the connector client that a
 * proactive turn on the conversation's reference gets (the same token every send carries); no app id, no token.
 */
export function teamsFileAccess(
  options: { cloud: CloudAdapter; book: ReferenceBook; appId: string | undefined; audience: string; trusted: (url: string) => boolean },
  place: { tenant: string; conversation: string },
): TeamsFileAccess {
  const { cloud, book, appId, audience, trusted } = options;
  return {
    trusted,
    async authorization() {
      if (!appId) return undefined;
      const reference = book.referenceFor(place.tenant, place.conversation, place.conversation);
      let header: string | undefined;
      await cloud.continueConversationAsync(appId, reference, audience, async (context) => {
        const client = context.turnState.get(cloud.ConnectorClientKey) as SigningClient | undefined;
        await client?.credentials?.signRequest?.({
          headers: { set: (name, value) => void (name.toLowerCase() === 'authorization' && (header = value)) },
        });
      });
      return header;
    },
  };
}

/** Downloads a shared file: hosted content with the bot's token, a pre-authenticated download link over https without it. */
export async function fetchTeamsFile(access: TeamsFileAccess, file: SharedFile, maxBytes: number): Promise<FetchedFile> {
  const direct = file.id.startsWith(DIRECT_PREFIX);
  const url = direct ? file.id.slice(DIRECT_PREFIX.length) : file.id;
  const headers: Record<string, string> = {};
  if (direct) {
    if (!url.startsWith('https://')) throw new TeamsApiError('file download', undefined, 'download_url_not_https');
  } else {
    if (!access.trusted(url)) throw new TeamsApiError('file download', undefined, 'file_url_not_on_teams');
    const authorization = await access.authorization();
    if (authorization) headers.authorization = authorization;
  }
  // no redirect is followed: one could carry the token elsewhere, or lead a pre-authenticated link to an internal address
  const response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new TeamsApiError('file download', response.status, 'redirect_refused');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new TeamsApiError('file download', response.status, response.status === 401 || response.status === 403 ? 'Unauthorized' : 'error');
  }
  const data = await readLimited(response, maxBytes, 'teams');
  const mimeType = file.mimeType ?? response.headers.get('content-type') ?? undefined;
  return { data, ...(mimeType ? { mimeType } : {}), ...(file.name ? { name: file.name } : {}) };
}
