/**
 * The reference list of step 4 as the user edits it: AI35-8's list (the platform preselects some) plus the
 * patents added through AI35-12, each included or left out. The record keeps only the edits; the list is
 * rebuilt from AI35-8. AI35-9 gets exactly the included references, each marked selected.
 */
import type { Choice } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import type { Translate } from '../../i18n/index.js';
import { toFinalEntry, type FinalEntry } from './payloads.js';
import { truncate } from '../../core/text.js';
import { publicationNumberIn } from '../shared/text.js';
import { withOverrides, type VerdictOverride } from './verdicts.js';

export type SearchResult = DataOf<'AI35-8'>;

export interface ReferenceEdits {
  /** keys (patent_id) of references left out */
  removed: string[];
  /** keys of references the platform did not preselect that the user included */
  included?: string[];
  /** the user's verdicts, by reference key and feature index (overrideKey) */
  overrides?: Record<string, VerdictOverride>;
  /** AI35-12 comparisons of patents the user added, as AI35-9 takes them */
  added: FinalEntry[];
}

export const NO_EDITS: ReferenceEdits = { removed: [], added: [] };
export const MAX_ADDED = 10;

export interface Listed {
  key: string;
  entry: FinalEntry;
  added: boolean;
  /** goes into the report: preselected by the platform or included by the user, and not left out */
  included: boolean;
}

/** A reference's key in the edits and the remove menu: its id when short enough for a menu value, else its position. */
export function keyOf(entry: FinalEntry, index: number): string {
  const id = entry.patent_id ?? publicationNumberIn(entry.document);
  return id && id.length <= 40 && !id.startsWith('ref-') ? id : `ref-${index + 1}`;
}

/** The list as it stands: the platform's entries (as AI35-9 takes them), then the added ones, each included or not. */
export function listed(result: SearchResult, edits: ReferenceEdits = NO_EDITS): Listed[] {
  const isIncluded = (key: string, entry: FinalEntry) =>
    !edits.removed.includes(key) && (entry.selected !== false || (edits.included ?? []).includes(key));
  const found = (result.final_result ?? []).map((raw, i) => {
    const entry = toFinalEntry(raw);
    const key = keyOf(entry, i);
    return { key, entry: withOverrides(entry, key, edits.overrides), added: false, included: isIncluded(key, entry) };
  });
  const added = edits.added.map((entry, i) => {
    const key = keyOf(entry, found.length + i);
    return { key, entry: withOverrides(entry, key, edits.overrides), added: true, included: isIncluded(key, entry) };
  });
  return [...found, ...added];
}

/** AI35-9's final_result: the included references, each marked selected (the report compares exactly these). */
export const finalResult = (result: SearchResult, edits: ReferenceEdits): FinalEntry[] =>
  listed(result, edits)
    .filter((item) => item.included)
    .map((item) => ({ ...item.entry, selected: true }));

/** A reference's publication number and title, from its document line or its id. */
export function describeEntry(entry: FinalEntry, t: Translate): { pn?: string; title: string } {
  const pn = publicationNumberIn(entry.document) ?? (entry.patent_id && /^[A-Z]{2}\d/.test(entry.patent_id) ? entry.patent_id : undefined);
  const title = (pn && entry.document?.startsWith(pn) ? entry.document.slice(pn.length) : (entry.document ?? '')).trim();
  return { pn, title: title || pn || entry.patent_id || t('novelty-review:untitled') };
}

/** The include / leave out menu: every reference, its choice saying what picking it does. */
export function inclusionChoices(result: SearchResult, edits: ReferenceEdits | undefined, t: Translate): Choice[] {
  return listed(result, edits)
    .slice(0, 100)
    .map((item, i) => {
      const { pn } = describeEntry(item.entry, t);
      const what = t(item.included ? (item.added ? 'novelty-review:menu.remove' : 'novelty-review:menu.leaveOut') : 'novelty-review:menu.include');
      return { value: item.key, label: truncate(`${i + 1}. ${what} ${pn ?? item.entry.patent_id ?? ''}`.trim(), 70) };
    });
}

/** Leaves an included reference out (an added one is dropped), or includes one that is left out. */
export function toggleReference(key: string, result: SearchResult, edits: ReferenceEdits = NO_EDITS): ReferenceEdits {
  const item = listed(result, edits).find((i) => i.key === key);
  if (!item) return edits;
  const included = edits.included ?? [];
  if (!item.included) {
    const removed = edits.removed.filter((k) => k !== key);
    return { ...edits, removed, included: item.entry.selected === false ? [...included, key] : included };
  }
  if (item.added) {
    const offset = (result.final_result ?? []).length;
    return { ...edits, added: edits.added.filter((entry, i) => keyOf(entry, offset + i) !== key) };
  }
  return { ...edits, removed: [...edits.removed, key], included: included.filter((k) => k !== key) };
}
