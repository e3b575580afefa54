/** Text helpers the capabilities' messages share: quoting user and platform text, patent links and numbers, scores. */
import { quoteUserText } from '../../core/message.js';
import { truncate } from '../../core/text.js';
import type { ChatKind } from '../../core/thread-id.js';
import type { Translate } from '../../i18n/index.js';
import { isPublicationNumber } from '../../lib/publication-number.js';

export const PATENT_LINK = (pn: string): string => `https://patents.google.com/patent/${encodeURIComponent(pn)}`;

/** Text shown as a markdown quote, line by line, as typed (its formatting characters are not formatting). */
export const quoteBlock = (text: string): string =>
  text
    .split('\n')
    .map((line) => `> ${quoteUserText(line)}`)
    .join('\n');

/** Platform text shown as a quote, clipped to `max`: its own formatting characters are shown as typed. */
export const quoted = (text: string, t: Translate, max = 2_800): string => quoteBlock(truncate(text.trim() || t('shared:empty'), max));

/** How a person in a workflow's thread moves it on or asks about it, in the words of their chat. */
export const threadControlsHint = (chat: ChatKind, t: Translate): string =>
  chat === 'console' ? t('shared:threadControls.console') : t('shared:threadControls.chat');

export { isPublicationNumber };

/** A publication number at the start of a document line (`CN118289111A Method for ...`), if there is one. */
export function publicationNumberIn(text: string | null | undefined): string | undefined {
  const first = (text ?? '').trim().split(/\s+/)[0] ?? '';
  return isPublicationNumber(first) ? first : undefined;
}

/** Scores come as 0..1 (AI35-8) or 0..100 (AI35-12): shown as a percentage either way. */
export function percent(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return '–';
  return `${Math.round(score <= 1 ? score * 100 : score)}%`;
}
