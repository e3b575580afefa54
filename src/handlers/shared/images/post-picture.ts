/** Posts a drawn picture into a thread where the chat can show images; drawing is skipped where it cannot. */
import type { HandlerContext } from '../../../core/handler.js';
import type { ThreadId } from '../../../core/thread-id.js';

export type PictureOutcome = 'shown' | 'unsupported' | 'failed';

/** Draws (only when the chat takes images) and uploads; a failure is logged, never thrown: the text says it all too. */
export async function postPicture(ctx: HandlerContext, thread: ThreadId, title: string, draw: () => Promise<Buffer>): Promise<PictureOutcome> {
  if (!ctx.messenger.canUploadImages) return 'unsupported';
  try {
    return (await ctx.messenger.uploadImage(thread, await draw(), title)) ? 'shown' : 'unsupported';
  } catch (error) {
    ctx.logger.warn({ err: error, thread }, `the picture "${title}" could not be posted`);
    return 'failed';
  }
}
