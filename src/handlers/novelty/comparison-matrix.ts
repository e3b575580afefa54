/** The feature comparison of step 4 as a table (features x references) with its aligned text, and each cell's verdict. */
import type { FinalEntry } from './payloads.js';
import type { Block, TableAlign } from '../../core/message.js';
import { clustersOf, truncate } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';
import { describeEntry } from './references-list.js';

type ComparedFeature = NonNullable<FinalEntry['features']>[number];

export interface Verdict {
  type?: string;
  score?: number;
  differ?: string;
  reason?: string;
  /** the user changed the platform's verdict (a `*_for_user` field differs from the platform's own) */
  overridden: boolean;
}

/** The verdict that counts: the user's where they gave one, else the platform's. */
export function verdictOf(f: ComparedFeature): Verdict {
  const type = f.type_for_user ?? f.type;
  const score = f.score_for_user ?? f.score;
  const differ = f.differ_for_user ?? f.differ;
  const reason = f.reason_for_user ?? f.reason;
  const original = { type: f.original_type ?? f.type, score: f.original_score ?? f.score, reason: f.original_reason ?? f.reason };
  const overridden = type !== original.type || score !== original.score || reason !== original.reason;
  return { type, score, differ, reason, overridden };
}

const VERDICT_TYPES = ['public', 'obvious', 'different'] as const;

/** A verdict in the legend's words (`public` is "disclosed"); a type the platform adds later is shown as sent. */
export function verdictWord(type: string | undefined, t: Translate): string {
  const known = VERDICT_TYPES.find((v) => v === type);
  return known ? t(`novelty-review:matrix.verdict.${known}`) : (type ?? '?');
}

/** ● disclosed, ◐ obvious, ○ not disclosed, · not compared. */
export function cellOf(f: ComparedFeature | undefined): string {
  if (!f) return '·';
  const type = verdictOf(f).type;
  return type === 'public' ? '●' : type === 'obvious' ? '◐' : '○';
}

const MAX_COLUMNS = 12;
const FEATURE_WIDTH = 34;
const plain = (text: string): string => text.replace(/`/g, "'").replace(/\s+/g, ' ').trim();

/** Columns a character takes in a monospaced table: CJK and full-width forms, astral characters and emoji sequences take two. */
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const EMOJI_OR_ASTRAL = /[\u{10000}-\u{10ffff}]|\u200d|\ufe0f/u;
const columnsOf = (text: string): number => clustersOf(text).reduce((sum, ch) => sum + (WIDE.test(ch) || EMOJI_OR_ASTRAL.test(ch) ? 2 : 1), 0);

/** The text cut (with …) and padded to exactly `width` columns, so Chinese features keep the text table aligned. */
function fitColumns(text: string, width: number): string {
  let shown = text;
  if (columnsOf(text) > width) {
    let kept = '';
    // whole clusters: an emoji ZWJ sequence is kept or dropped, never cut in the middle
    for (const ch of clustersOf(text)) {
      if (columnsOf(kept + ch) > width - 1) break;
      kept += ch;
    }
    shown = `${kept.trimEnd()}…`;
  }
  return shown + ' '.repeat(Math.max(0, width - columnsOf(shown)));
}

/** The comparison as a table (features x references) and as the same table in aligned text, with its heading and key. */
export interface ComparisonTable {
  heading: string;
  header: string[];
  rows: string[][];
  /** the aligned text in a code block, for chats without tables */
  text: string;
  /** what the symbols and the D1… columns stand for */
  legend: string;
}

/** A table's feature labels may be longer than the aligned text's: the table wraps them. */
const TABLE_LABEL_CHARS = 120;

export function comparisonTable(entries: FinalEntry[], t: Translate): ComparisonTable | undefined {
  const shown = entries.slice(0, MAX_COLUMNS);
  const features: string[] = [];
  for (const entry of shown)
    for (const f of entry.features ?? []) if (f.tech_feature && !features.includes(f.tech_feature)) features.push(f.tech_feature);
  if (features.length === 0 || shown.length === 0) return undefined;
  const columns = shown.map((_, i) => `D${i + 1}`);
  const cells = features.map((feature) => shown.map((entry) => cellOf((entry.features ?? []).find((f) => f.tech_feature === feature))));
  const labels = features.map((text, i) => fitColumns(`${i + 1}. ${plain(text)}`, FEATURE_WIDTH));
  const aligned = [
    `${fitColumns(t('novelty-review:matrix.feature'), FEATURE_WIDTH)} ${columns.map((c) => c.padStart(3)).join(' ')}`,
    ...features.map((_, r) => `${labels[r]} ${cells[r]!.map((c) => c.padStart(3)).join(' ')}`),
  ];
  const key = shown.map((entry, i) => `D${i + 1} ${plain(describeEntry(entry, t).pn ?? entry.patent_id ?? '')}`).join(' · ');
  const more = entries.length > shown.length ? t('novelty-review:matrix.more', { shown: shown.length, total: entries.length }) : '';
  return {
    heading: t('novelty-review:matrix.heading', { more }),
    header: [t('novelty-review:matrix.feature'), ...columns],
    rows: features.map((feature, r) => [truncate(`${r + 1}. ${plain(feature)}`, TABLE_LABEL_CHARS), ...cells[r]!]),
    text: ['```', ...aligned, '```'].join('\n'),
    legend: t('novelty-review:matrix.legend', { key }),
  };
}

/** The comparison as blocks: its heading, the table (aligned text where the chat has no tables), the key. */
export function comparisonBlocks(entries: FinalEntry[], t: Translate): Block[] {
  const table = comparisonTable(entries, t);
  if (!table) return [];
  const align: TableAlign[] = table.header.map((_, i) => (i === 0 ? 'left' : 'center'));
  return [
    { type: 'markdown', text: table.heading },
    { type: 'table', header: table.header, rows: table.rows, align, text: table.text },
    { type: 'markdown', text: table.legend },
  ];
}
