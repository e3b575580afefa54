/** The terminal cannot show an image: an image posted to a thread (a design's line drawing) is saved as a file, and its path posted. */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { MessageRef } from '../../core/adapter.js';
import { markdown, type OutgoingMessage } from '../../core/message.js';
import type { ThreadId } from '../../core/thread-id.js';
import { fileStem } from '../../core/text.js';
import { t } from '../../i18n/index.js';

/** `uploadImage` for the console: writes the PNG under `dir` (readable by its owner only), then posts where it is. */
export function imageSaver(
  dir: string,
  post: (thread: ThreadId, message: OutgoingMessage) => Promise<MessageRef>,
): (thread: ThreadId, png: Buffer, title: string) => Promise<void> {
  return async (thread, png, title) => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const slug = fileStem(title.toLowerCase(), t('console:imageFile'), 40);
    const path = resolve(join(dir, `${slug}-${new Date().toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}.png`));
    await writeFile(path, png, { mode: 0o600 });
    await post(thread, markdown(t('console:imageSaved', { title, path })));
  };
}

/** `uploadFile` for the console: writes the document under `dir` (readable by its owner only), then posts where it is. */
export function fileSaver(
  dir: string,
  post: (thread: ThreadId, message: OutgoingMessage) => Promise<MessageRef>,
): (thread: ThreadId, file: { data: Buffer; filename: string; title: string }) => Promise<'attached'> {
  return async (thread, file) => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // the name as the thread's language wrote it (a Chinese title stays Chinese), its extension kept
    const extension = /\.[a-z0-9]{1,5}$/i.exec(file.filename)?.[0] ?? '';
    const safe = `${fileStem(file.filename.slice(0, file.filename.length - extension.length), t('console:documentFile'), 80)}${extension}`;
    const path = resolve(join(dir, `${randomUUID().slice(0, 8)}-${safe}`));
    await writeFile(path, file.data, { mode: 0o600 });
    await post(thread, markdown(t('console:fileSaved', { title: file.title, path })));
    return 'attached';
  };
}
