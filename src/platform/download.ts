/** Downloads a document the platform links to (a report): http(s) only, at most `maxBytes`, its name from the URL. */
import { request } from 'undici';

export interface DownloadedDocument {
  data: Buffer;
  contentType: string;
  /** the last segment of the URL's path, e.g. `report.docx` */
  filename: string;
}

export async function downloadDocument(url: string, maxBytes: number, signal?: AbortSignal): Promise<DownloadedDocument> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('the document link is not an http(s) link');
  const response = await request(parsed, { method: 'GET', signal, headersTimeout: 30_000, bodyTimeout: 60_000 });
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new Error(`the document could not be downloaded (HTTP ${response.statusCode})`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.body.destroy();
      throw new Error(`the document is larger than ${Math.round(maxBytes / 1_000_000)} MB`);
    }
    chunks.push(chunk as Buffer);
  }
  const type = response.headers['content-type'];
  const filename = decodeURIComponent(parsed.pathname.split('/').pop() ?? '') || 'document';
  return { data: Buffer.concat(chunks), contentType: (Array.isArray(type) ? type[0] : type) ?? 'application/octet-stream', filename };
}
