/**
 * `design <path>` in the terminal: an image file on this computer, read through the chat (only the terminal reads
 * local files), checked by its bytes and size, and put on the upload shelf, from where the platform fetches it.
 */
import { FileTooLargeError, LocalFileError } from '../../core/chat-errors.js';
import type { HandlerContext } from '../../core/handler.js';
import { quoteUserText } from '../../core/message.js';
import type { OfferedFile } from '../../core/services.js';
import { nothingSent } from '../workflow/index.js';
import { imageTypeOf, MAX_IMAGE_BYTES, megabytes, shelfRefusalText } from './image.js';

const EXTENSIONS = 'png|jpe?g|gif|webp|bmp|tiff?';
/**
 * A first word that names a local file: a path (`/`, `./`, `../`, `~/`, `C:\`) or a name with an image extension,
 * either also in quotes (a path with spaces: `"~/My Pictures/case.png"`).
 */
export const LOCAL_IMAGE_PATH = new RegExp(
  [
    `^(["'])(?:~?\\.{0,2}\\/|[A-Za-z]:\\\\)[^"']*\\1(?=\\s|$)`,
    `^(["'])[^"']*\\.(?:${EXTENSIONS})\\2(?=\\s|$)`,
    '^(?:~?\\.{0,2}\\/|[A-Za-z]:\\\\)\\S*',
    `^\\S+\\.(?:${EXTENSIONS})(?=\\s|$)`,
  ].join('|'),
  'i',
);

/** The image at `path` on the shelf for `owner`, or why not (nothing is sent then). */
export async function shelveLocalImage(ctx: HandlerContext, path: string, owner: string): Promise<{ offered: OfferedFile } | { problem: string }> {
  const { t } = ctx;
  const shown = quoteUserText(path);
  if (!ctx.messenger.canReadLocalFiles) return { problem: t('design:localPath', { path: shown }) };
  // no address the platform can fetch it from: not even read
  if (!ctx.uploads) return { problem: nothingSent(t('design:local.noPublicUrl', { path: shown }), t) };
  let file;
  try {
    file = await ctx.messenger.readLocalFile(path, MAX_IMAGE_BYTES);
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      const size = error.size === undefined ? '' : megabytes(error.size, t);
      return { problem: nothingSent(t('design:local.tooBig', { path: shown, size, max: megabytes(MAX_IMAGE_BYTES, t) }), t) };
    }
    if (error instanceof LocalFileError) return { problem: nothingSent(t(`design:local.${error.reason}`, { path: shown }), t) };
    throw error;
  }
  if (!file) return { problem: t('design:localPath', { path: shown }) };
  const type = imageTypeOf(file.data);
  if (!type) return { problem: nothingSent(t('design:local.notImage', { path: shown }), t) };
  const offered = await ctx.uploads.offer(file.data, type, owner);
  return 'refused' in offered ? { problem: shelfRefusalText(offered, t) } : { offered };
}
