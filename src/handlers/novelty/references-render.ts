/** Step 4's message: each reference with its link, title, score and flags, and its feature-by-feature comparison. */
import { quoteUserText, type Block } from '../../core/message.js';
import { describeEntry, listed, type ReferenceEdits, type SearchResult } from './references-list.js';
import type { FinalEntry } from './payloads.js';
import { truncate } from '../../core/text.js';
import { PATENT_LINK, percent } from '../shared/text.js';

/** Beyond this many compared features a reference shows the first few and says how many more there are. */
const COLLAPSE_AFTER = 4;
const SHOWN_WHEN_COLLAPSED = 3;
const MAX_SHOWN_REFERENCES = 15;

function comparisonLines(entry: FinalEntry): string[] {
  const features = entry.features ?? [];
  const shown = features.length > COLLAPSE_AFTER ? features.slice(0, SHOWN_WHEN_COLLAPSED) : features;
  const lines = shown.map((f) => {
    const verdict = f.type_for_user ?? f.type ?? '?';
    const score = f.score_for_user ?? f.score;
    return `   - ${quoteUserText(truncate(f.tech_feature ?? '', 90))} → **${quoteUserText(verdict)}**${score === undefined ? '' : ` (${score})`}`;
  });
  if (features.length > shown.length) lines.push(`   - … ${features.length - shown.length} more features compared (all of them go into the report)`);
  return lines;
}

/** One reference as an item of a numbered markdown list, its comparison as the item's sub-list. */
function referenceText(entry: FinalEntry, n: number, added: boolean): string {
  const { pn, title } = describeEntry(entry);
  const link = pn ? `[${pn}](${PATENT_LINK(pn)})` : quoteUserText(entry.patent_id ?? 'reference');
  const flags = [
    `score ${percent(entry.public_score)}`,
    entry.most_similar ? '★ most similar' : undefined,
    entry.comparative_literature_type ? `category ${quoteUserText(entry.comparative_literature_type)}` : undefined,
    added ? 'added by you' : entry.selected === false ? 'not preselected' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  return [`${n}. ${link} ${quoteUserText(truncate(title, 160))} — ${flags}`, ...comparisonLines(entry)].join('\n');
}

export function renderReferences(result: SearchResult, edits: ReferenceEdits | undefined): Block[] {
  const items = listed(result, edits);
  const blocks: Block[] = items
    .slice(0, MAX_SHOWN_REFERENCES)
    .map((item, i) => ({ type: 'markdown', text: referenceText(item.entry, i + 1, item.added) }));
  if (items.length > MAX_SHOWN_REFERENCES) blocks.push({ type: 'context', text: `… and ${items.length - MAX_SHOWN_REFERENCES} more references.` });
  if (items.length === 0) blocks.push({ type: 'markdown', text: 'No references are on the list.' });
  const removed = edits?.removed.length ?? 0;
  const added = edits?.added.length ?? 0;
  const changes = removed || added ? ` (${removed} removed, ${added} added)` : '';
  const found = result.find_patent_num ?? (result.final_result ?? []).length;
  blocks.push({
    type: 'context',
    text: `${items.length} references on the list${changes}; the search found ${found}. Confirm sends this list to the platform.`,
  });
  return blocks;
}
