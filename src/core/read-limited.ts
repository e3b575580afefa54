/** A shared file's bytes read from a download, refused with `FileTooLargeError` past `maxBytes` (declared or counted). */
import { FileTooLargeError } from './chat-errors.js';
import type { ChatKind } from './thread-id.js';

export async function readLimited(response: Response, maxBytes: number, chat: ChatKind): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new FileTooLargeError(maxBytes, declared, chat);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    // a server may send more than it declared, or declare nothing: the bytes themselves are counted
    if (total > maxBytes) {
      await reader.cancel();
      throw new FileTooLargeError(maxBytes, total, chat);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
