/**
 * An image a user shared in the thread, made fetchable for the platform: checked (declared type and size
 * first, then the bytes), downloaded through the adapter, and put on the bot's upload shelf.
 */
import { FileTooLargeError } from '../../core/chat-errors.js';
import type { HandlerContext } from '../../core/handler.js';
import type { SharedFile } from '../../core/incoming.js';
import { truncate } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';
import { formatDuration } from '../../i18n/format.js';
import type { ChatKind, ThreadId } from '../../core/thread-id.js';
import type { OfferedFile, ShelfRefusal } from '../../core/services.js';
import { nothingSent } from '../workflow/index.js';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const megabytes = (bytes: number, t: Translate): string => t('design:image.megabytes', { n: bytes / (1024 * 1024) });

/** The image type the bytes begin with, or undefined for anything else. */
export function imageTypeOf(data: Buffer): string | undefined {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

const nameOf = (file: SharedFile, t: Translate): string => truncate((file.name ?? t('design:image.file')).replace(/[`<>*_~|]/g, ''), 80);

/** Why a shared file is refused from what Slack declares about it, before any download. */
export function declaredRefusal(file: SharedFile, t: Translate): string | undefined {
  if (file.mimeType && !IMAGE_TYPES.includes(file.mimeType.toLowerCase())) {
    return t('design:image.notImage', { name: nameOf(file, t) });
  }
  if (file.size !== undefined && file.size > MAX_IMAGE_BYTES) {
    return nothingSent(t('design:image.tooBig', { name: nameOf(file, t), size: megabytes(file.size, t), max: megabytes(MAX_IMAGE_BYTES, t) }), t);
  }
  return undefined;
}

export const noPublicUrl = (t: Translate): string => t('design:image.noPublicUrl');

/** Who holds a shelved image (the shelf's cap is per owner): the chat, the workspace and the user. */
export const uploadOwner = (ctx: HandlerContext, workspaceId: string, userId: string): string => `${ctx.messenger.chat}:${workspaceId}:${userId}`;

/** How long an image stays on the shelf at most (the shelf's TTL, http/uploads.ts UPLOAD_TTL_MS), for the refusal. */
const UPLOAD_TTL_NOTE_MS = 30 * 60_000;

/** What a user is told when the shelf refuses their image (they hold too many, or too many bytes, already). */
export function shelfRefusalText(refusal: ShelfRefusal, t: Translate): string {
  const held =
    refusal.refused === 'files'
      ? t('design:image.heldFiles', { held: refusal.held, limit: refusal.limit })
      : t('design:image.heldBytes', { held: megabytes(refusal.held, t), limit: megabytes(refusal.limit, t) });
  return nothingSent(t('design:image.shelfFull', { held, duration: formatDuration(UPLOAD_TTL_NOTE_MS, t.lang) }), t);
}

/** Why a download from the chat fails, as far as the bot can tell the user. */
const downloadHint = (chat: ChatKind, t: Translate): string => t(`design:image.hint.${chat}`);

/** Downloads the shared image and offers it at an unguessable URL for `owner` (see `uploadOwner`); or says why not. */
export async function shelveSharedImage(
  ctx: HandlerContext,
  thread: ThreadId,
  file: SharedFile,
  owner: string,
): Promise<{ offered: OfferedFile } | { problem: string }> {
  const { t } = ctx;
  const declared = declaredRefusal(file, t);
  if (declared) return { problem: declared };
  const shelf = ctx.uploads;
  if (!shelf) return { problem: noPublicUrl(t) };
  let fetched;
  try {
    fetched = await ctx.messenger.fetchFile(thread, file, MAX_IMAGE_BYTES);
  } catch (error) {
    if (error instanceof FileTooLargeError)
      return { problem: nothingSent(t('design:image.overLimit', { name: nameOf(file, t), max: megabytes(MAX_IMAGE_BYTES, t) }), t) };
    ctx.logger.warn({ err: error, thread }, 'design: a shared file could not be downloaded');
    return { problem: nothingSent(t('design:image.notDownloaded', { name: nameOf(file, t), hint: downloadHint(ctx.messenger.chat, t) }), t) };
  }
  if (!fetched) return { problem: t('design:image.noFiles') };
  const type = imageTypeOf(fetched.data);
  if (!type) return { problem: t('design:image.notImage', { name: nameOf(file, t) }) };
  const offered = await shelf.offer(fetched.data, type, owner);
  return 'refused' in offered ? { problem: shelfRefusalText(offered, t) } : { offered };
}
