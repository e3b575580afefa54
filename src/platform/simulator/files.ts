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
}

const CONTENT_TYPES: Record<FileKind, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

export class FileStore {
  private readonly files = new Map<string, StoredFile>();

  constructor(private readonly baseUrl: () => string) {}

  /** Registers a document and returns its download URL. */
  add(kind: FileKind, title: string, lines: () => string[]): string {
    const id = randomBytes(16).toString('hex');
    this.files.set(`${id}.${kind}`, { kind, title, lines });
    return `${this.baseUrl()}/files/${id}.${kind}`;
  }

  /** The bytes and content type for `/files/<name>`, or undefined. */
  render(name: string): { contentType: string; body: Buffer } | undefined {
    const file = this.files.get(name);
    if (!file) return undefined;
    const lines = file.lines();
    const body = file.kind === 'pdf' ? pdfDocument(file.title, lines) : docxDocument(file.title, lines);
    return { contentType: CONTENT_TYPES[file.kind], body };
  }
}
