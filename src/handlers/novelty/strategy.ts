/** The search strategy the agent used (AI35-8): each search block's element, query and hit count, and the keywords. */
import { quoteUserText } from '../../core/message.js';
import { truncate } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';
import type { SearchResult } from './references-list.js';

const MAX_BLOCKS = 10;
type Json = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** Markdown for the strategy, or undefined when the platform sent none. */
export function strategyText(result: SearchResult, t: Translate): string | undefined {
  const blocks = Object.entries((result.feature_analysis_result?.block_query ?? {}) as Json).filter(([, b]) => typeof b === 'object' && b !== null);
  const lines = blocks.slice(0, MAX_BLOCKS).map(([name, raw]) => {
    const b = raw as Json;
    const element = str(b.feature_text_original);
    const count = typeof b.count === 'number' ? t('novelty:strategy.hits', { count: b.count }) : '';
    const query = str(b.query);
    return `- **${quoteUserText(name)}**${element ? ` ${quoteUserText(truncate(element, 100))}` : ''}${count}${query ? `\n  \`${truncate(query, 300).replace(/`/g, "'")}\`` : ''}`;
  });
  if (blocks.length > MAX_BLOCKS) lines.push(t('novelty:strategy.more', { count: blocks.length - MAX_BLOCKS }));
  const keywords = (result.feature_keywords ?? [])
    .map((k) => {
      const expansions = (k.keywords ?? []).map(str).filter(Boolean).join(', ');
      return [str(k.feature), expansions].filter(Boolean).join(': ');
    })
    .filter(Boolean)
    .slice(0, MAX_BLOCKS);
  if (keywords.length > 0) lines.push(t('novelty:strategy.keywords', { keywords: keywords.map((k) => quoteUserText(truncate(k, 120))).join(' · ') }));
  return lines.length > 0 ? `${t('novelty:strategy.heading')}\n${lines.join('\n')}` : undefined;
}
