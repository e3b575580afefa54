/**
 * The head-player analysis and key-patent interpretation AI34-3 returns as free-form objects: shown as lists,
 * a publication number linked, other fields as short text labelled in the user's language (a field the bot does
 * not know by its own name). Unknown shapes still read sensibly.
 */
import { quoteUserText } from '../../core/message.js';
import { truncate } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';
import { PATENT_LINK, isPublicationNumber } from '../shared/text.js';

const MAX_ITEMS = 8;
const MAX_FIELD_CHARS = 300;
const MAX_SECTION_CHARS = 2_800;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const scalar = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.trim() || undefined : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

/** The fields the bot has labels for: the contract's two analyses (their objects are free-form) and what they hold. */
const FIELDS = [
  'head_player_analysis',
  'key_patent_interpretation',
  'players',
  'patents',
  'country',
  'patent_count',
  'assignee',
  'interpretation',
] as const;
type Field = (typeof FIELDS)[number];
const isField = (key: string): key is Field => (FIELDS as readonly string[]).includes(key);
const words = (key: string, t: Translate): string => (isField(key) ? t(`report:field.${key}`) : key.replace(/_/g, ' '));
const labelled = (key: string, value: string, t: Translate): string => t('report:result.labelled', { label: words(key, t), value });

function itemLine(item: unknown, t: Translate): string | undefined {
  const plain = scalar(item);
  if (plain) return quoteUserText(truncate(plain, MAX_FIELD_CHARS));
  if (!isRecord(item)) return undefined;
  const pn = typeof item.pn === 'string' && isPublicationNumber(item.pn) ? item.pn : undefined;
  const name = scalar(item.name) ?? scalar(item.title);
  const head = [pn ? `[${pn}](${PATENT_LINK(pn)})` : undefined, name ? `**${quoteUserText(truncate(name, 160))}**` : undefined]
    .filter(Boolean)
    .join(' ');
  const rest = Object.entries(item)
    .filter(([key]) => key !== 'pn' && key !== 'name' && key !== 'title')
    .flatMap(([key, value]) => {
      const text = scalar(value);
      return text ? [labelled(key, quoteUserText(truncate(text, MAX_FIELD_CHARS)), t)] : [];
    });
  const line = [head, rest.join(' · ')].filter(Boolean).join(' — ');
  return line || undefined;
}

/** The object as markdown lines, or undefined when it holds nothing to show. */
export function describeAnalysis(value: unknown, t: Translate): string | undefined {
  if (!isRecord(value)) return undefined;
  const lines: string[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (Array.isArray(entry)) {
      const items = entry
        .slice(0, MAX_ITEMS)
        .map((item) => itemLine(item, t))
        .filter((l): l is string => Boolean(l));
      lines.push(...items.map((l) => `• ${l}`));
      if (entry.length > MAX_ITEMS) lines.push(t('report:result.more', { count: entry.length - MAX_ITEMS }));
    } else {
      const line = itemLine(entry, t);
      if (line) lines.push(labelled(key, line, t));
    }
  }
  return lines.length ? truncate(lines.join('\n'), MAX_SECTION_CHARS) : undefined;
}
