/** Generated documents the download and report links point at (`<url>/files/<id>.<ext>`). */
import { randomBytes } from 'node:crypto';
import { docxDocument } from './content/docx.js';
import { pdfDocument } from './content/pdf.js';

export type FileKind = 'docx' | 'pdf';

interface StoredFile {
  kind: FileKind;
  title: string;
  /** built at download time, so the file reflects the latest confirmed data */
  lines: () => string[];
  /** a signed link's end (epoch ms); absent: it works as long as the simulator runs */
  expiresAt?: number;
}

const CONTENT_TYPES: Record<FileKind, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

export class FileStore {
  private readonly files = new Map<string, StoredFile>();

  constructor(private readonly baseUrl: () => string) {}

  /** Registers a document and returns its download URL, which stops working after `validMs` when given. */
  add(kind: FileKind, title: string, lines: () => string[], validMs?: number): string {
    const id = randomBytes(16).toString('hex');
    this.files.set(`${id}.${kind}`, { kind, title, lines, ...(validMs === undefined ? {} : { expiresAt: Date.now() + validMs }) });
    return `${this.baseUrl()}/files/${id}.${kind}`;
  }

  /** The bytes and content type for `/files/<name>`, 'expired' past its link's end, or undefined. */
  render(name: string): { contentType: string; body: Buffer } | 'expired' | undefined {
    const file = this.files.get(name);
    if (!file) return undefined;
    if (file.expiresAt !== undefined && Date.now() >= file.expiresAt) return 'expired';
    const lines = file.lines();
    const body = file.kind === 'pdf' ? pdfDocument(file.title, lines) : docxDocument(file.title, lines);
    return { contentType: CONTENT_TYPES[file.kind], body };
  }
}
