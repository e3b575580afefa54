/**
 * Documents into Teams threads (the adapter's `uploadFile`) and the user's answer to a file consent card. A bot
 * can send files only in the user's 1:1 chat, and only with consent: the document waits on the bot's file shelf
 * while a consent card asks; on Accept Teams gives an upload session URL in the user's OneDrive, the bytes go
 * there in order (fragments in multiples of 320 KiB, as OneDrive's upload sessions take them, no token: the URL
 * is pre-authorised), and a file info card shows the saved file. Channels and group chats take no files from a
 * bot, so there a card links the document on the shelf (PUBLIC_URL) for a week. Without a shelf nothing is sent.
 */
import type { Activity } from 'botbuilder';
import { z } from 'zod';
import type { FileDelivery, OutgoingFile } from '../../core/adapter.js';
import type { FileShelf } from '../../core/services.js';
import type { ThreadId } from '../../core/thread-id.js';
import type { Logger } from '../../log.js';
import { TeamsApiError } from './errors.js';
import { consentMessage, fileInfoMessage, linkMessage } from './file-cards.js';
import { teamsThread, type TeamsThread } from './ids.js';
import { placeOf, type TeamsActivity } from './incoming/payloads.js';
import type { TeamsMessage } from './render/limits.js';
import { defaultLanguage, languageOf, translatorFor, type Translate } from '../../i18n/index.js';

/** How long a document stays on the shelf for its link or its consent card, and what one conversation may keep. */
export const DOCUMENT_TTL_MS = 7 * 24 * 60 * 60_000;
export const DOCUMENT_LIMITS = { files: 20, bytes: 200 * 1024 * 1024 };
/** 32 × 320 KiB: OneDrive takes upload session fragments in multiples of 320 KiB, at most 60 MiB each. */
export const FRAGMENT_BYTES = 32 * 320 * 1024;
const FRAGMENT_TIMEOUT_MS = 60_000;

const TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  zip: 'application/zip',
  png: 'image/png',
};
const typeOf = (filename: string): string => TYPES[/\.(\w+)$/.exec(filename)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';

const ConsentAnswer = z.object({
  action: z.enum(['accept', 'decline']),
  context: z.object({
    iip: z.literal('file'),
    token: z.string().max(100),
    conversation: z.string(),
    lang: z.enum(['en', 'zh']).optional().catch(undefined),
  }),
  uploadInfo: z
    .object({
      uploadUrl: z.string(),
      contentUrl: z.string().optional(),
      name: z.string().max(300).optional(),
      uniqueId: z.string().optional(),
      fileType: z.string().max(20).optional(),
    })
    .optional(),
});

export interface FileDeliveryOptions {
  shelf: FileShelf | undefined;
  logger: Logger;
  /** whether the thread is in the user's 1:1 chat with the bot */
  isPersonal(place: TeamsThread): boolean;
  /** posts an Adaptive Card message into the thread */
  postCard(thread: ThreadId, message: TeamsMessage): Promise<void>;
  /** sends an activity into a chat */
  send(place: { tenant: string; conversation: string }, activity: Partial<Activity>): Promise<void>;
  /** whether the document's bytes may go to this upload URL */
  acceptsUploadUrl(url: string): boolean;
}

/** Puts the bytes into an upload session in fragments: 202 until the last, then 200 or 201 with the file. */
async function putInFragments(url: string, data: Buffer): Promise<void> {
  if (data.length === 0) throw new TeamsApiError('file upload', undefined, 'empty_file');
  for (let start = 0; start < data.length; start += FRAGMENT_BYTES) {
    const end = Math.min(start + FRAGMENT_BYTES, data.length) - 1;
    const response = await fetch(url, {
      method: 'PUT',
      headers: { 'content-range': `bytes ${start}-${end}/${data.length}` },
      body: data.subarray(start, end + 1),
      redirect: 'error',
      signal: AbortSignal.timeout(FRAGMENT_TIMEOUT_MS),
    });
    await response.body?.cancel();
    const last = end === data.length - 1;
    const ok = last ? response.status === 200 || response.status === 201 : response.status === 202;
    if (!ok) throw new TeamsApiError('file upload', response.status, 'error');
  }
}

const note = (text: string): Partial<Activity> => ({ type: 'message', text });

export function createFileDelivery(options: FileDeliveryOptions) {
  const { shelf, logger } = options;

  async function uploadFile(thread: ThreadId, file: OutgoingFile): Promise<FileDelivery> {
    if (!shelf) return 'unavailable';
    const place = teamsThread(thread);
    const shelved = await shelf.offer(file.data, typeOf(file.filename), `teams:${place.tenant}:${place.conversation}`, {
      ttlMs: DOCUMENT_TTL_MS,
      limits: DOCUMENT_LIMITS,
      filename: file.filename,
    });
    if ('refused' in shelved) throw new TeamsApiError('file upload', undefined, `shelf_full_${shelved.refused}`);
    const shown = { filename: file.filename, title: file.title, size: file.data.length };
    // the cards, and the notes that answer a consent card, speak the language the document is posted in
    const lang = file.lang ?? defaultLanguage();
    const t = translatorFor(lang);
    if (options.isPersonal(place)) {
      const context = { iip: 'file', token: shelved.token, conversation: place.conversation, lang } as const;
      await options.send(place, consentMessage(shown, context, t));
      return 'offered';
    }
    await options.postCard(thread, linkMessage(shown, shelved.url, new Date(Date.now() + DOCUMENT_TTL_MS), t));
    return 'linked';
  }

  /** The user's answer to a consent card (`fileConsent/invoke`); runs after the invoke is answered. */
  async function answer(activity: TeamsActivity): Promise<void> {
    const parsed = ConsentAnswer.safeParse(activity.value);
    const place = placeOf(activity);
    if (!parsed.success || parsed.data.context.conversation !== place.conversation || !shelf) {
      logger.warn({ kind: place.kind }, 'Teams: a file consent answer that is not for a file of this chat was ignored');
      return;
    }
    const { context } = parsed.data;
    // the notes answering the card speak the thread's language (a card from before it was kept: the client's)
    const lang = context.lang ?? languageOf(activity.locale) ?? defaultLanguage();
    return answered(parsed.data, { tenant: place.tenant, conversation: place.conversation }, translatorFor(lang));
  }

  async function answered(
    { action, context, uploadInfo }: z.infer<typeof ConsentAnswer>,
    chat: { tenant: string; conversation: string },
    t: Translate,
  ): Promise<void> {
    if (!shelf) return;
    if (action === 'decline') {
      await shelf.withdraw(context.token);
      return options.send(chat, note(t('teams:file.declined')));
    }
    const stored = await shelf.read(context.token);
    if (!stored) return options.send(chat, note(t('teams:file.gone')));
    if (!uploadInfo || !options.acceptsUploadUrl(uploadInfo.uploadUrl)) {
      logger.warn('Teams: a file consent answer without an https upload URL was ignored');
      return options.send(chat, note(t('teams:file.noPlace')));
    }
    try {
      await putInFragments(uploadInfo.uploadUrl, stored.data);
    } catch (error) {
      logger.warn({ err: error }, 'Teams: a document could not be saved to the user’s OneDrive');
      return options.send(chat, note(t('teams:file.failed')));
    }
    await shelf.withdraw(context.token);
    await options.send(chat, fileInfoMessage(uploadInfo, 'document', t));
  }

  return { uploadFile, answer };
}
