/**
 * Step 4's message: the feature comparison matrix (references x features), then each reference with its link,
 * title, score, whether it goes into the report, and per feature the platform's verdict (or the user's).
 */
import { quoteUserText, type Block } from '../../core/message.js';
import { describeEntry, listed, type Listed, type ReferenceEdits, type SearchResult } from './references-list.js';
import type { FinalEntry } from './payloads.js';
import { truncate } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';
import { PATENT_LINK, percent } from '../shared/text.js';
import { comparisonBlocks, verdictOf, verdictWord } from './comparison-matrix.js';
import { strategyText } from './strategy.js';

/** Beyond this many compared features a reference shows the first few and says how many more there are. */
const COLLAPSE_AFTER = 4;
const SHOWN_WHEN_COLLAPSED = 3;
const MAX_SHOWN_REFERENCES = 15;

function comparisonLines(entry: FinalEntry, t: Translate): string[] {
  const features = entry.features ?? [];
  const shown = features.length > COLLAPSE_AFTER ? features.slice(0, SHOWN_WHEN_COLLAPSED) : features;
  const lines = shown.map((f) => {
    const v = verdictOf(f);
    const score = v.score === undefined ? '' : ` (${v.score})`;
    const reason = v.reason ? `: ${quoteUserText(truncate(v.reason, 140))}` : '';
    // `differ` is the platform's code (NONE / DIFFER) for what the verdict's word already says: not shown
    const platformScore = f.original_score ?? f.score;
    const platform = `${verdictWord(f.original_type ?? f.type, t)}${platformScore === undefined ? '' : ` (${platformScore})`}`;
    const yours = v.overridden ? t('novelty-review:list.yours', { platform: quoteUserText(platform) }) : '';
    return `   - ${quoteUserText(truncate(f.tech_feature ?? '', 90))} → **${quoteUserText(verdictWord(v.type, t))}**${score}${yours}${reason}`;
  });
  if (features.length > shown.length) lines.push(t('novelty-review:list.moreFeatures', { count: features.length - shown.length }));
  return lines;
}

/** One reference as an item of a numbered markdown list, its comparison as the item's sub-list. */
function referenceText(item: Listed, n: number, t: Translate): string {
  const { entry, added, included } = item;
  const { pn, title } = describeEntry(entry, t);
  const link = pn ? `[${pn}](${PATENT_LINK(pn)})` : quoteUserText(entry.patent_id ?? t('novelty-review:list.reference'));
  const flags = [
    t('novelty-review:list.score', { score: percent(entry.public_score) }),
    entry.most_similar ? t('novelty-review:list.mostSimilar') : undefined,
    entry.comparative_literature_type ? t('novelty-review:list.category', { category: quoteUserText(entry.comparative_literature_type) }) : undefined,
    added ? t('novelty-review:list.addedByYou') : entry.selected === false ? t('novelty-review:list.notPreselected') : undefined,
    included ? t('novelty-review:list.inReport') : t('novelty-review:list.leftOut'),
  ]
    .filter(Boolean)
    .join(' · ');
  return [`${n}. ${link} ${quoteUserText(truncate(title, 160))} — ${flags}`, ...comparisonLines(entry, t)].join('\n');
}

export function renderReferences(result: SearchResult, edits: ReferenceEdits | undefined, t: Translate): Block[] {
  const items = listed(result, edits);
  const blocks: Block[] = [];
  blocks.push(
    ...comparisonBlocks(
      items.filter((i) => i.included).map((i) => i.entry),
      t,
    ),
  );
  blocks.push(...items.slice(0, MAX_SHOWN_REFERENCES).map((item, i): Block => ({ type: 'markdown', text: referenceText(item, i + 1, t) })));
  if (items.length > MAX_SHOWN_REFERENCES)
    blocks.push({ type: 'context', text: t('novelty-review:list.more', { count: items.length - MAX_SHOWN_REFERENCES }) });
  if (items.length === 0) blocks.push({ type: 'markdown', text: t('novelty-review:list.none') });
  const strategy = strategyText(result, t);
  if (strategy) blocks.push({ type: 'markdown', text: strategy });
  const included = items.filter((i) => i.included).length;
  const added = edits?.added.length ?? 0;
  const found = result.find_patent_num ?? (result.final_result ?? []).length;
  blocks.push({
    type: 'context',
    text: t('novelty-review:list.summary', {
      included,
      total: items.length,
      added: added ? t('novelty-review:list.added', { count: added }) : '',
      found,
    }),
  });
  return blocks;
}
