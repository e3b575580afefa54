/**
 * design from a message shortcut: the image among the message's files that the design search takes, checked
 * before anything starts. A message without an image-typed file, or one whose file the bot's token cannot read
 * (files.info: deleted since, hidden by the workspace's plan, shared from where the bot is not), is refused in the
 * modal with why, and nothing is sent; the bytes are checked again when the design handler downloads them.
 */
import type { SharedFile } from '../../core/incoming.js';
import type { Translate } from '../../i18n/index.js';
import { SlackApiError } from './errors.js';
import { sharedFile, type ShortcutSubmission } from './incoming/shortcuts.js';
import type { ApiCall } from './reach.js';
import { fileName, isImageType, type ModalFile } from './render/shortcut-modal.js';

/** Slack's answers to files.info for a file the bot's token may not read. */
const UNREADABLE = new Set(['file_not_found', 'file_deleted', 'access_denied', 'not_visible', 'missing_scope', 'not_in_channel']);

export type ImageVerdict = { file: SharedFile } | { refusal: string } | undefined;

interface FileInfo {
  mimetype?: unknown;
  name?: unknown;
  size?: unknown;
  mode?: unknown;
}

/** The image design starts with, why none can be, or undefined when the verb takes none or the message has no files. */
export async function designImage(api: ApiCall, submission: ShortcutSubmission, t: Translate): Promise<ImageVerdict> {
  const { verb, files, chosenImage, team } = submission;
  if (!verb.image || files.length === 0) return undefined;
  const images = files.filter((f) => isImageType(f.mimetype));
  if (images.length === 0) return { refusal: t('slack:shortcut.notImage', { names: files.map(fileName).join(', ') }) };
  const chosen: ModalFile = images.find((f) => f.id === chosenImage) ?? (images[0] as ModalFile);
  let info: FileInfo | undefined;
  try {
    info = (await api(team, 'files.info', { file: chosen.id })).file as FileInfo | undefined;
  } catch (error) {
    if (error instanceof SlackApiError && UNREADABLE.has(error.code)) return { refusal: t('slack:shortcut.cannotOpen', { name: fileName(chosen) }) };
    throw error;
  }
  // a file Slack keeps only as a placeholder: deleted (tombstone) or beyond the plan's history (hidden_by_limit)
  if (!info || info.mode === 'tombstone' || info.mode === 'hidden_by_limit')
    return { refusal: t('slack:shortcut.cannotOpen', { name: fileName(chosen) }) };
  const mimetype = typeof info.mimetype === 'string' ? info.mimetype : chosen.mimetype;
  if (!isImageType(mimetype)) return { refusal: t('slack:shortcut.notImage', { names: fileName(chosen) }) };
  return {
    file: sharedFile({
      ...chosen,
      ...(mimetype ? { mimetype } : {}),
      ...(typeof info.name === 'string' ? { name: info.name } : {}),
      ...(typeof info.size === 'number' ? { size: info.size } : {}),
    }),
  };
}
