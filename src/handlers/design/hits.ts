/**
 * The similar registered designs of an AI39-2 result, most telling first: the analysed comparisons (similarities,
 * differences, the `confusion` analysis, risk, suggestion) by score, then the other hits of the search by score.
 * Each is drawn with its thumbnail (`url_120`), assignee and dates, which the search's hit lists carry.
 */
import { quoteUserText, type Block } from '../../core/message.js';
import { truncate } from '../../core/text.js';
import type { DataOf } from '../../platform/operations.js';
import type { Translate } from '../../i18n/index.js';
import { DESIGN_COMPARISON_REQUIRED_FIELDS } from '../../platform/payloads.js';
import { PATENT_LINK, percent } from '../shared/text.js';

type DesignReport = DataOf<'AI39-2'>;
export type Comparison = NonNullable<DesignReport['report']>['comparisons'][number] & Record<string, unknown>;
type Listed = NonNullable<DesignReport['patent_messages']>['patent_messages'][number];

/** One similar design: its analysis when the report compared it, and what the hit lists say about it. */
export interface Hit {
  comparison?: Comparison;
  listed?: Partial<Listed>;
}

const FIELD_CHARS = 600;
const RISK_MARK: Record<string, string> = { high: '🔴', medium: '🟠', low: '🟢' };
const LEGAL_STATUS: Record<number, 'valid' | 'invalid' | 'pending'> = { 1: 'valid', 2: 'invalid', 3: 'pending' };

/** A risk level in the bot's words: the levels the platform uses, else as it came. */
function levelName(level: string, t: Translate): string {
  const key = level.trim().toLowerCase();
  if (key === 'high' || key === 'medium' || key === 'low') return t(`design:hit.levels.${key}`);
  return quoteUserText(level || t('design:hit.unknown'));
}

const keyOf = (d: { patent_id?: string | null; patent_pn?: string | null }): string => d.patent_id ?? d.patent_pn ?? '';

/** Comparisons first, then the hits the report did not analyse; one entry per design. */
export function hitsOf(result: DesignReport): Hit[] {
  const listed = new Map<string, Partial<Listed>>();
  for (const hit of [...(result.rrffusion_response?.patent_messages ?? []), ...(result.patent_messages?.patent_messages ?? [])]) {
    const key = keyOf(hit);
    if (key) listed.set(key, { ...listed.get(key), ...hit });
  }
  const comparisons = [...(result.report?.comparisons ?? [])].sort((a, b) => (b.score ?? 0) - (a.score ?? 0)) as Comparison[];
  const compared = new Set(comparisons.map(keyOf));
  const others = [...listed.entries()]
    .filter(([key]) => !compared.has(key))
    .map(([, hit]) => hit)
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  return [...comparisons.map((c): Hit => ({ comparison: c, listed: listed.get(keyOf(c)) })), ...others.map((l): Hit => ({ listed: l }))];
}

/** The required fields a comparison came without (it is shown with what it has). */
export function missingFields(c: Comparison): string[] {
  return DESIGN_COMPARISON_REQUIRED_FIELDS.filter((key) => c[key] === undefined || c[key] === null);
}

/** 20200115 → 2020-01-15. */
function dateOf(value: number | null | undefined): string | undefined {
  const digits = String(value ?? '');
  return /^\d{8}$/.test(digits) ? `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}` : undefined;
}

function ownerAndDates(listed: Partial<Listed> | undefined, t: Translate): string | undefined {
  if (!listed) return undefined;
  const current = listed.current_assignee?.trim();
  const original = listed.original_assignee?.trim();
  const owner = current
    ? `${t('design:hit.assignee', { name: quoteUserText(current) })}${original && original !== current ? t('design:hit.originally', { name: quoteUserText(original) }) : ''}`
    : original
      ? t('design:hit.originalAssignee', { name: quoteUserText(original) })
      : undefined;
  const filed = dateOf(listed.apdt);
  const published = dateOf(listed.pbdt);
  const parts = [
    owner,
    filed ? t('design:hit.filed', { date: filed }) : undefined,
    published ? t('design:hit.published', { date: published }) : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

function hitText(hit: Hit, rank: number, t: Translate): string {
  const c = hit.comparison;
  const l = hit.listed;
  const pn = c?.patent_pn ?? c?.patent_id ?? l?.patent_pn ?? l?.patent_id;
  const name = pn ? `[${quoteUserText(pn)}](${PATENT_LINK(pn)})` : t('design:hit.registered');
  const head = `**${rank}. ${name}** ${quoteUserText(truncate(c?.title ?? l?.title ?? '', 120))}`.trimEnd();
  // an analysed design is described by its comparison alone, so what the comparison lacks is not filled in from elsewhere
  const level = (c ? c.risk_level : l?.risk_level) ?? '';
  const country = c ? c.country : l?.authority;
  const legal = c?.status === undefined || c.status === null ? undefined : LEGAL_STATUS[c.status];
  const status = legal ? t(`design:hit.${legal}`) : undefined;
  const facts = [
    t('design:hit.similar', { score: percent(c ? c.score : l?.score) }),
    t('design:hit.risk', { mark: RISK_MARK[level.toLowerCase()] ?? '⚪', level: levelName(level, t) }),
    country ? quoteUserText(country) : undefined,
    status,
  ]
    .filter(Boolean)
    .join(' · ');
  const owner = ownerAndDates(l, t);
  const part = (label: string, text: string | null | undefined) =>
    text?.trim() ? `\n${t('design:hit.part', { label, text: quoteUserText(truncate(text.trim(), FIELD_CHARS)) })}` : '';
  if (!c) return `${head}\n${facts}${owner ? `\n${owner}` : ''}\n${t('design:hit.notAnalysed')}`;
  // the platform's field names, as code: they are its words, not the bot's
  const missing = missingFields(c);
  const gap =
    missing.length > 0 ? `\n${t('design:hit.without', { fields: missing.map((field) => `\`${field}\``).join(t('design:listSeparator')) })}` : '';
  return (
    `${head}\n${facts}${owner ? `\n${owner}` : ''}${part(t('design:hit.similarities'), c.similar)}${part(t('design:hit.differences'), c.difference)}` +
    `${part(t('design:hit.confusion'), c.confusion)}${part(t('design:hit.riskLabel'), c.risk_desc)}${part(t('design:hit.suggestion'), c.suggestion)}${gap}`
  );
}

/** The hits from `first` (0-based), each as its thumbnail and its text, numbered by rank. */
export function hitBlocks(hits: readonly Hit[], first: number, t: Translate): Block[] {
  return hits.flatMap((hit, i): Block[] => {
    const rank = first + i + 1;
    const thumbnail = hit.listed?.url_120;
    const pn = hit.comparison?.patent_pn ?? hit.listed?.patent_pn ?? t('design:hit.theDesign');
    const image: Block[] = thumbnail ? [{ type: 'image', url: thumbnail, alt: t('design:hit.thumbnail', { pn }) }] : [];
    return [...image, { type: 'markdown', text: hitText(hit, rank, t) }];
  });
}
