/**
 * Files in Slack: downloading one a user shared (files.info names its private URL, fetched with the bot token,
 * which needs the files:read scope) and posting a PNG into a thread (files.uploadV2: getUploadURLExternal,
 * the upload, completeUploadExternal).
 */
import type { webApi } from '@slack/bolt';
import type { FetchedFile } from '../../core/adapter.js';
import { FileTooLargeError } from '../../core/chat-errors.js';
import type { SharedFile } from '../../core/incoming.js';
import { readLimited } from '../../core/read-limited.js';
import { fileStem } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';
import { SlackApiError } from './errors.js';

const DOWNLOAD_TIMEOUT_MS = 30_000;

/** The bot token goes only to Slack's own file hosts (or the configured API's host, in tests and on GovSlack). */
export function isSlackFileUrl(url: string, apiUrl: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (apiUrl && parsed.origin === new URL(apiUrl).origin) return true;
  return (
    parsed.protocol === 'https:' &&
    (parsed.hostname === 'files.slack.com' || parsed.hostname.endsWith('.slack.com') || parsed.hostname.endsWith('.slack-edge.com'))
  );
}

export async function fetchSlackFile(
  client: webApi.WebClient,
  botToken: string,
  apiUrl: string | undefined,
  file: SharedFile,
  maxBytes: number,
): Promise<FetchedFile> {
  const info = (await client.files.info({ file: file.id })).file;
  const url = info?.url_private_download ?? info?.url_private;
  if (!info || !url) throw new SlackApiError('files.info', 'file_not_found');
  if (typeof info.size === 'number' && info.size > maxBytes) throw new FileTooLargeError(maxBytes, info.size, 'slack');
  if (!isSlackFileUrl(url, apiUrl)) throw new SlackApiError('files.info', 'file_url_not_on_slack');
  const response = await fetch(url, { headers: { authorization: `Bearer ${botToken}` }, signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok) {
    await response.body?.cancel();
    throw new SlackApiError('files.download', `http_${response.status}`);
  }
  const data = await readLimited(response, maxBytes, 'slack');
  const mimeType = info.mimetype ?? response.headers.get('content-type') ?? undefined;
  return { data, ...(mimeType ? { mimeType } : {}), ...(info.name ? { name: info.name } : {}) };
}

/** A PNG into the thread; `t` names the file (`image.png`) when its title gives no name. */
export async function uploadSlackImage(
  client: webApi.WebClient,
  channel: string,
  threadTs: string,
  png: Buffer,
  title: string,
  t: Translate,
): Promise<void> {
  // named in the title's own script (特征对比.png), as reports are
  const filename = `${fileStem(title, t('slack:imageFile'), 60)}.png`;
  await client.filesUploadV2({ channel_id: channel, thread_ts: threadTs, file: png, filename, title });
}

/** A document into the thread (a report), under its own file name. */
export async function uploadSlackFile(
  client: webApi.WebClient,
  channel: string,
  threadTs: string,
  file: { data: Buffer; filename: string; title: string },
): Promise<void> {
  await client.filesUploadV2({ channel_id: channel, thread_ts: threadTs, file: file.data, filename: file.filename, title: file.title });
}
