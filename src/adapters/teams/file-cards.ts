/**
 * The attachments a Teams bot sends a document with (Microsoft's "Send and receive files using bot"): in a 1:1
 * chat a file consent card (`…card.file.consent`: name, description, size, the context Teams returns with the
 * user's answer), then, once the bytes are in the user's OneDrive, a file info card (`…card.file.info`) the user
 * opens or downloads. Channels and group chats take no files from a bot: there an Adaptive Card links the
 * document the bot serves itself.
 */
import type { Activity } from 'botbuilder';
import { CARD_SCHEMA, type AdaptiveCard, type TeamsMessage } from './render/limits.js';
import { clean } from './render/text.js';
import { formatDateTime, formatFileSize } from '../../i18n/format.js';
import type { Lang, Translate } from '../../i18n/index.js';

export const FILE_CONSENT_CONTENT_TYPE = 'application/vnd.microsoft.teams.card.file.consent';
export const FILE_INFO_CONTENT_TYPE = 'application/vnd.microsoft.teams.card.file.info';
export const FILE_CONSENT_INVOKE = 'fileConsent/invoke';

/** What Teams hands back with the user's answer: the shelved document and the chat it was offered in. */
export interface ConsentContext {
  iip: 'file';
  token: string;
  conversation: string;
  /** the thread's language, for the notes that answer the card (Teams hands the context back as it was given) */
  lang?: Lang;
}

/** What `fileConsent/invoke` carries once the user accepted: where to put the bytes, and the file it becomes. */
export interface UploadInfo {
  uploadUrl: string;
  contentUrl?: string;
  name?: string;
  uniqueId?: string;
  fileType?: string;
}

export function consentMessage(file: { filename: string; title: string; size: number }, context: ConsentContext, t: Translate): Partial<Activity> {
  return {
    type: 'message',
    summary: clean(t('teams:file.summary', { title: file.title }), 300),
    attachments: [
      {
        contentType: FILE_CONSENT_CONTENT_TYPE,
        name: file.filename,
        content: {
          description: clean(t('teams:file.consent', { title: file.title, size: formatFileSize(file.size, t.lang) }), 1_000),
          sizeInBytes: file.size,
          acceptContext: context,
          declineContext: context,
        },
      },
    ],
  };
}

export function fileInfoMessage(info: UploadInfo, fallbackName: string, t: Translate): Partial<Activity> {
  const name = info.name ?? fallbackName;
  const fileType = info.fileType ?? /\.(\w+)$/.exec(name)?.[1] ?? '';
  return {
    type: 'message',
    summary: clean(t('teams:file.saved', { name }), 300),
    attachments: [{ contentType: FILE_INFO_CONTENT_TYPE, contentUrl: info.contentUrl, name, content: { uniqueId: info.uniqueId, fileType } }],
  };
}

/** A card with the document's download link (the bot's own URL) and until when it works. */
export function linkMessage(file: { filename: string; title: string; size: number }, url: string, until: Date, t: Translate): TeamsMessage {
  const title = clean(file.title, 200) || clean(file.filename, 200);
  const card: AdaptiveCard = {
    type: 'AdaptiveCard',
    $schema: CARD_SCHEMA,
    version: '1.5',
    body: [
      { type: 'TextBlock', text: `📎 ${title}`, weight: 'Bolder', wrap: true },
      {
        type: 'TextBlock',
        text: t('teams:file.linkLine', {
          name: clean(file.filename, 200),
          size: formatFileSize(file.size, t.lang),
          until: formatDateTime(until.getTime(), t.lang),
        }),
        isSubtle: true,
        wrap: true,
      },
      { type: 'ActionSet', actions: [{ type: 'Action.OpenUrl', title: t('teams:file.download'), url }] },
    ],
    msteams: { width: 'Full' },
  };
  return { summary: clean(t('teams:file.summary', { title }), 300), card };
}
