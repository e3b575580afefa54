/**
 * The files of the message a Teams message action was used on, for design: images attached or pasted into it (an
 * `image/*` attachment, or hosted content named in its HTML body) are files the bot downloads with its own token, as
 * for a mention (./files.ts); a file from SharePoint or OneDrive (a `reference` attachment) is one the bot cannot
 * read. design takes the first image; a message with files but no image it can read is refused with why.
 */
import type { Activity } from 'botbuilder';
import type { SharedFile } from '../../core/incoming.js';
import type { Translate } from '../../i18n/index.js';
import { sharedFilesOf } from './files.js';

export interface PayloadAttachment {
  contentType?: string;
  contentUrl?: string;
  content?: unknown;
  name?: string;
}

export interface MessageFiles {
  /** images the bot can download, in the message's order */
  images: SharedFile[];
  /** every file's name, for the dialog */
  names: string[];
  /** files the bot cannot read (SharePoint/OneDrive references), by name */
  unreadable: string[];
}

const IMAGE_NAME = /\.(png|jpe?g|gif|webp)$/i;

/** `t`: the dialog's language, for the name of an image that has none. */
export function messageFiles(attachments: PayloadAttachment[], html: string | undefined, t: Translate): MessageFiles {
  const withBody = [...attachments, ...(html ? [{ contentType: 'text/html', content: html }] : [])];
  const images = sharedFilesOf({ attachments: withBody as Activity['attachments'] });
  const references = attachments.filter((a) => a.contentType === 'reference');
  const others = attachments.filter((a) => a.contentType !== 'reference' && a.contentType !== 'text/html' && !a.contentType?.startsWith('image/'));
  const named = (a: PayloadAttachment): string => a.name ?? a.contentType ?? '?';
  return {
    images,
    names: [...images.map((f) => f.name ?? t('design:image.file')), ...references.map(named), ...others.filter((a) => a.name).map(named)],
    unreadable: references.map(named),
  };
}

/** design's image among the message's files, why there is none, or undefined (no files: a link in the text, or an upload). */
export function designFile(files: MessageFiles, t: Translate): { file: SharedFile } | { refusal: string } | undefined {
  const [first] = files.images;
  if (first) return { file: first };
  if (files.names.length === 0) return undefined;
  const unreadableImage = files.unreadable.find((name) => IMAGE_NAME.test(name));
  if (unreadableImage) return { refusal: t('teams:action.cannotOpen', { name: unreadableImage }) };
  return { refusal: t('teams:action.notImage', { names: files.names.join(', ') }) };
}
