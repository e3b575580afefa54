/** The terminal cannot show an image: an image posted to a thread (a design's line drawing) is saved as a file, and its path posted. */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { MessageRef, OutgoingFile } from '../../core/adapter.js';
import { markdown, type OutgoingMessage } from '../../core/message.js';
import type { ThreadId } from '../../core/thread-id.js';
import { fileStem } from '../../core/text.js';
import { translatorFor, type Lang } from '../../i18n/index.js';

/** The note saying where a file went, in the language it was posted in. */
const savedNote = (text: string, lang: Lang | undefined): OutgoingMessage => (lang ? { ...markdown(text), lang } : markdown(text));

/**
 * `uploadImage` for the console: writes the PNG under `dir` (readable by its owner only), then posts where it is,
 * in `lang` (the thread's).
 */
export function imageSaver(
  dir: string,
  post: (thread: ThreadId, message: OutgoingMessage) => Promise<MessageRef>,
): (thread: ThreadId, png: Buffer, title: string, lang?: Lang) => Promise<void> {
  return async (thread, png, title, lang) => {
    const t = translatorFor(lang);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const slug = fileStem(title.toLowerCase(), t('console:imageFile'), 40);
    const path = resolve(join(dir, `${slug}-${new Date().toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}.png`));
    await writeFile(path, png, { mode: 0o600 });
    await post(thread, savedNote(t('console:imageSaved', { title, path }), lang));
  };
}

/**
 * `uploadFile` for the console: writes the document under `dir` (readable by its owner only), then posts where it
 * is, in the file's language (the thread's).
 */
export function fileSaver(
  dir: string,
  post: (thread: ThreadId, message: OutgoingMessage) => Promise<MessageRef>,
): (thread: ThreadId, file: OutgoingFile) => Promise<'attached'> {
  return async (thread, file) => {
    const t = translatorFor(file.lang);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // the name as the thread's language wrote it (a Chinese title stays Chinese), its extension kept
    const extension = /\.[a-z0-9]{1,5}$/i.exec(file.filename)?.[0] ?? '';
    const safe = `${fileStem(file.filename.slice(0, file.filename.length - extension.length), t('console:documentFile'), 80)}${extension}`;
    const path = resolve(join(dir, `${randomUUID().slice(0, 8)}-${safe}`));
    await writeFile(path, file.data, { mode: 0o600 });
    await post(thread, savedNote(t('console:fileSaved', { title: file.title, path }), file.lang));
    return 'attached';
  };
}
