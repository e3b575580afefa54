/** Small text helpers of the novelty messages. */
import { quoteUserText } from '../../core/message.js';

export const PATENT_LINK = (pn: string): string => `https://patents.google.com/patent/${encodeURIComponent(pn)}`;

export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** Platform text shown as a quote: its own formatting characters are shown as typed. */
export const quoted = (text: string, max = 2_800): string =>
  clip(text.trim() || '(empty)', max).split('\n').map((line) => `> ${quoteUserText(line)}`).join('\n');

/** A publication number at the start of a document line (`CN118289111A Method for ...`), if there is one. */
export function publicationNumberIn(text: string | null | undefined): string | undefined {
  const first = (text ?? '').trim().split(/\s+/)[0] ?? '';
  return /^[A-Z]{2}\d[\dA-Z]{3,20}$/.test(first) ? first : undefined;
}

export const isPublicationNumber = (text: string): boolean => /^[A-Z]{2}\d[\dA-Z]{3,20}$/.test(text);

/** Scores come as 0..1 (AI35-8) or 0..100 (AI35-12): shown as a percentage either way. */
export function percent(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return '–';
  return `${Math.round(score <= 1 ? score * 100 : score)}%`;
}
