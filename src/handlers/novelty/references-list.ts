/**
 * The reference list of step 4 as the user edits it: AI35-8's filtered list minus the removed references plus
 * the patents added through AI35-12. The record keeps only the edits; the list is rebuilt from AI35-8.
 */
import type { Choice } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import { toFinalEntry, type FinalEntry } from './payloads.js';
import { truncate } from '../../core/text.js';
import { publicationNumberIn } from '../shared/text.js';

export type SearchResult = DataOf<'AI35-8'>;

export interface ReferenceEdits {
  /** keys (patent_id) of references taken off the list */
  removed: string[];
  /** AI35-12 comparisons of patents the user added, as AI35-9 takes them */
  added: FinalEntry[];
}

export const NO_EDITS: ReferenceEdits = { removed: [], added: [] };
export const MAX_ADDED = 10;

export interface Listed {
  key: string;
  entry: FinalEntry;
  added: boolean;
}

/** A reference's key in the edits and the remove menu: its id when short enough for a menu value, else its position. */
export function keyOf(entry: FinalEntry, index: number): string {
  const id = entry.patent_id ?? publicationNumberIn(entry.document);
  return id && id.length <= 40 && !id.startsWith('ref-') ? id : `ref-${index + 1}`;
}

/** The list as it stands: the platform's entries (as AI35-9 takes them) not removed, then the added ones. */
export function listed(result: SearchResult, edits: ReferenceEdits = NO_EDITS): Listed[] {
  const found = (result.final_result ?? []).map((raw, i) => {
    const entry = toFinalEntry(raw);
    return { key: keyOf(entry, i), entry, added: false };
  });
  const added = edits.added.map((entry, i) => ({ key: keyOf(entry, found.length + i), entry, added: true }));
  return [...found, ...added].filter((item) => !edits.removed.includes(item.key));
}

/** AI35-9's final_result: the list as edited. */
export const finalResult = (result: SearchResult, edits: ReferenceEdits): FinalEntry[] => listed(result, edits).map((item) => item.entry);

/** A reference's publication number and title, from its document line or its id. */
export function describeEntry(entry: FinalEntry): { pn?: string; title: string } {
  const pn = publicationNumberIn(entry.document) ?? (entry.patent_id && /^[A-Z]{2}\d/.test(entry.patent_id) ? entry.patent_id : undefined);
  const title = (pn && entry.document?.startsWith(pn) ? entry.document.slice(pn.length) : (entry.document ?? '')).trim();
  return { pn, title: title || pn || entry.patent_id || 'Untitled reference' };
}

export function removalChoices(result: SearchResult, edits: ReferenceEdits | undefined): Choice[] {
  return listed(result, edits)
    .slice(0, 100)
    .map((item, i) => {
      const { pn, title } = describeEntry(item.entry);
      return { value: item.key, label: truncate(`${i + 1}. ${pn ?? ''} ${title}`.trim(), 70) };
    });
}

export function removeReference(key: string, result: SearchResult, edits: ReferenceEdits = NO_EDITS): ReferenceEdits {
  if (!listed(result, edits).some((item) => item.key === key)) return edits;
  const added = edits.added.filter((entry, i) => keyOf(entry, (result.final_result ?? []).length + i) !== key);
  return added.length !== edits.added.length ? { ...edits, added } : { ...edits, removed: [...edits.removed, key] };
}
