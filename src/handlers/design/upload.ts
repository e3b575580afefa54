/**
 * The image uploaded to a design search's thread: a reply with a file, while the thread waits at step `image`,
 * is checked, shelved at the bot's unguessable URL, and confirms the step (recorded, then sent as AI39-1).
 */
import type { HandlerContext } from '../../core/handler.js';
import type { ReplyIncoming } from '../../core/incoming.js';
import { markdown } from '../../core/message.js';
import type { ThreadRecord } from '../../core/state.js';
import { confirmOutside, flowOf, mayAct, notAllowedNote, seqOf } from '../workflow/index.js';
import { threadControlsHint } from '../shared/text.js';
import { DESIGN, uploadInstruction } from './definition.js';
import { shelveSharedImage, uploadOwner } from './image.js';

const isAwaitingImage = (record: ThreadRecord): boolean => record.step === 'image' && flowOf(record).phase === 'review' && record.status === 'active';

export async function onDesignReply(ctx: HandlerContext, incoming: ReplyIncoming, record: ThreadRecord): Promise<void> {
  const { t } = ctx;
  const files = incoming.files ?? [];
  const note = (text: string) => ctx.messenger.notify({ thread: incoming.thread }, incoming.user.id, markdown(text));
  if (!isAwaitingImage(record)) {
    if (incoming.mentioned || files.length > 0) {
      await note(t('design:upload.hasImage', { hint: threadControlsHint(ctx.messenger.chat, t) }));
    }
    return;
  }
  if (files.length === 0) {
    if (incoming.mentioned) await note(t('design:upload.toStart', { instruction: uploadInstruction(ctx.messenger.invocation, t) }));
    return;
  }
  if (!mayAct(ctx.settings, record, incoming.user.id)) return note(notAllowedNote(record, DESIGN.noun(t), t));
  if (files.length > 1) return note(t('design:upload.oneImage'));
  const shelved = await shelveSharedImage(ctx, incoming.thread, files[0]!, uploadOwner(ctx, incoming.workspaceId, incoming.user.id));
  if ('problem' in shelved) return note(`⚠️ ${shelved.problem}`);
  const { offered } = shelved;
  // the same step still waiting (its sequence: the id of the message asking for the image, saved a moment after the
  // message was shown, moves the version but not the step)
  const stillAwaiting = (current: ThreadRecord) => seqOf(current) === seqOf(record) && isAwaitingImage(current);
  if (await confirmOutside(ctx, DESIGN, incoming.thread, incoming.user.id, offered, stillAwaiting)) return;
  await ctx.uploads?.withdraw(offered.token);
  return note(t('design:upload.movedOn'));
}
