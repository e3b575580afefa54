/** The AI39-2 report as a message: the risk summary, the top comparisons, and the line drawing as an image. */
import { mention, quoteUserText, type Block, type OutgoingMessage } from '../../core/message.js';
import type { HandlerContext } from '../../core/handler.js';
import type { ThreadId } from '../../core/thread-id.js';
import type { DataOf } from '../../platform/operations.js';
import { truncate } from '../../core/text.js';
import { PATENT_LINK, percent } from '../shared/text.js';
import { imageTypeOf } from './image.js';
import { DESIGN_COMPARISON_REQUIRED_FIELDS } from '../../platform/payloads.js';

export type DesignReport = DataOf<'AI39-2'>;
type Comparison = NonNullable<DesignReport['report']>['comparisons'][number] & Record<string, unknown>;

export const TOP_COMPARISONS = 3;
export type Drawing = 'shown' | 'missing' | 'unsupported' | 'failed';
const FIELD_CHARS = 600;
const RISK_MARK: Record<string, string> = { high: '🔴', medium: '🟠', low: '🟢' };
const LEGAL_STATUS: Record<number, string> = { 1: 'valid', 2: 'invalid', 3: 'pending' };

const codes = (values: readonly unknown[] | null | undefined): string =>
  values && values.length > 0 ? values.map((v) => quoteUserText(String(v))).join(', ') : 'none';

/** The line drawing's PNG bytes (the platform sends Base64, the simulator a data URL); undefined when absent or not a PNG. */
export function lineDrawingPng(base64: string | null | undefined): Buffer | undefined {
  if (!base64) return undefined;
  const data = Buffer.from(base64.replace(/^data:[^,]*;base64,/, ''), 'base64');
  return imageTypeOf(data) === 'image/png' ? data : undefined;
}

/** The required fields a comparison came without (it is shown with what it has). */
export function missingFields(c: Comparison): string[] {
  return DESIGN_COMPARISON_REQUIRED_FIELDS.filter((key) => c[key] === undefined || c[key] === null);
}

function comparisonText(c: Comparison, rank: number): string {
  const level = c.risk_level ?? '';
  const status = c.status === undefined ? undefined : LEGAL_STATUS[c.status];
  const pn = c.patent_pn ?? c.patent_id;
  const name = pn ? `[${quoteUserText(pn)}](${PATENT_LINK(pn)})` : 'A registered design';
  const head = `**${rank}. ${name}** ${quoteUserText(truncate(c.title ?? '', 120))}`.trimEnd();
  const facts = [
    `${percent(c.score)} similar`,
    `${RISK_MARK[level.toLowerCase()] ?? '⚪'} ${quoteUserText(level || 'unknown')} risk`,
    c.country ? quoteUserText(c.country) : undefined,
    status,
  ]
    .filter(Boolean)
    .join(' · ');
  const part = (label: string, text: string | undefined) =>
    text?.trim() ? `\n• _${label}:_ ${quoteUserText(truncate(text.trim(), FIELD_CHARS))}` : '';
  const missing = missingFields(c);
  const gap = missing.length > 0 ? `\n• _The platform sent this comparison without: ${missing.join(', ')}._` : '';
  return `${head}\n${facts}${part('Similarities', c.similar)}${part('Differences', c.difference)}${part('Risk', c.risk_desc)}${part('Suggestion', c.suggestion)}${gap}`;
}

/** Whose the Locarno classes are: the ones the user gave (`--loc`), or the product's class as the platform assigned it. */
function locarnoText(reported: readonly unknown[] | null | undefined, given: readonly string[] | undefined): string {
  if (given?.length) return ` · Locarno classes you gave: ${codes(given)}`;
  return reported?.length ? ` · Locarno class the platform assigned to your product: ${codes(reported)}` : '';
}

/**
 * AI39-2's high-risk countries have highly similar designs registered, its medium-risk ones moderately similar
 * designs: a country with both is in both lists, so the medium line names only the countries without a high risk.
 */
function riskText(high: readonly unknown[] | null | undefined, medium: readonly unknown[] | null | undefined): string {
  const highSet = new Set((high ?? []).map(String));
  const mediumOnly = (medium ?? []).map(String).filter((c) => !highSet.has(c));
  const mediumText =
    mediumOnly.length > 0 ? codes(mediumOnly) : highSet.size > 0 && (medium ?? []).length > 0 ? 'none besides the high-risk ones' : 'none';
  return `🔴 **High risk** (highly similar designs registered): ${codes(high)} · 🟠 **medium risk** (only moderately similar ones): ${mediumText}`;
}

/** `asked`: what the user gave with the command (their Locarno classes), told apart from what the platform returned. */
export function reportMessage(result: DesignReport, startedBy: string, drawing: Drawing, asked: { loc?: string[] } = {}): OutgoingMessage {
  const report = result.report;
  const blocks: Block[] = [];
  const total = result.patent_messages?.total_search_result_count;
  const summary = report
    ? [
        `**Design search report**: similar registered designs in ${codes(report.country)}${locarnoText(report.loc, asked.loc)}`,
        riskText(report.high_risk_country, report.middle_risk_country),
        `Suspected infringements: ${report.suspected_infringement_count ?? 0}${typeof total === 'number' ? ` · ${total.toLocaleString('en-US')} similar designs found` : ''}`,
      ].join('\n')
    : '**Design search report**: the platform returned no risk report for this image.';
  blocks.push({ type: 'markdown', text: summary });
  const comparisons = [...(report?.comparisons ?? [])].sort((a, b) => (b.score ?? 0) - (a.score ?? 0)).slice(0, TOP_COMPARISONS);
  if (comparisons.length > 0) {
    blocks.push({ type: 'divider' });
    blocks.push({
      type: 'markdown',
      text: [`**Top ${comparisons.length} comparisons**`, ...comparisons.map((c, i) => comparisonText(c, i + 1))].join('\n\n'),
    });
  }
  const note = {
    shown: 'the line drawing is posted in this thread',
    missing: 'the platform sent no line drawing',
    unsupported: 'this chat cannot show images, so the line drawing is not shown',
    failed: 'the line drawing could not be posted',
  }[drawing];
  blocks.push({ type: 'context', text: `Requested by ${mention(startedBy)} · ${note}` });
  return { text: summary.split('\n')[0]!, blocks };
}

/** Posts the line drawing into the thread when the chat can take images; what the report should say about it. */
export async function postLineDrawing(ctx: HandlerContext, thread: ThreadId, result: DesignReport): Promise<Drawing> {
  const png = lineDrawingPng(result.line_drawing_base64);
  if (!png) return 'missing';
  try {
    return (await ctx.messenger.uploadImage(thread, png, 'Line drawing of your design')) ? 'shown' : 'unsupported';
  } catch (error) {
    ctx.logger.warn({ err: error, thread }, 'design: the line drawing could not be posted');
    return 'failed';
  }
}
