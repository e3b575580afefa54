/** The AI39-2 report as a message: the risk summary, the top similar designs with Show more, and the line drawing as an image. */
import { mention, quoteUserText, type Block, type OutgoingMessage } from '../../core/message.js';
import type { HandlerContext } from '../../core/handler.js';
import type { ThreadId } from '../../core/thread-id.js';
import type { DataOf } from '../../platform/operations.js';
import type { Translate } from '../../i18n/index.js';
import { imageTypeOf } from './image.js';
import { hitBlocks, hitsOf } from './hits.js';

export type DesignReport = DataOf<'AI39-2'>;

/** How many similar designs the report shows unless `--top` says otherwise; Show more adds this many each time. */
export const TOP_COMPARISONS = 3;
/** The most `--top` may ask for at once (a Slack message holds 50 blocks; each design takes two). */
export const MAX_TOP = 10;
export const MORE_ACTION = 'design-more';
export type Drawing = 'shown' | 'missing' | 'unsupported' | 'failed';

const codes = (values: readonly unknown[] | null | undefined, t: Translate): string =>
  values && values.length > 0 ? values.map((v) => quoteUserText(String(v))).join(t('design:listSeparator')) : t('design:report.none');

/** The line drawing's PNG bytes (the platform sends Base64, the simulator a data URL); undefined when absent or not a PNG. */
export function lineDrawingPng(base64: string | null | undefined): Buffer | undefined {
  if (!base64) return undefined;
  const data = Buffer.from(base64.replace(/^data:[^,]*;base64,/, ''), 'base64');
  return imageTypeOf(data) === 'image/png' ? data : undefined;
}

/** "Show more" with how many are shown so far: a click on an older one is told they are already there. */
export const moreButton = (shown: number, left: number, t: Translate): Block => ({
  type: 'actions',
  buttons: [{ action: MORE_ACTION, label: t('design:report.showMore', { count: left }), value: String(shown) }],
});

/** Whose the Locarno classes are: the ones the user gave (`--loc`), or the product's class as the platform assigned it. */
function locarnoText(reported: readonly unknown[] | null | undefined, given: readonly string[] | undefined, t: Translate): string {
  if (given?.length) return t('design:report.locGiven', { codes: codes(given, t) });
  return reported?.length ? t('design:report.locAssigned', { codes: codes(reported, t) }) : '';
}

/**
 * AI39-2's high-risk countries have highly similar designs registered, its medium-risk ones moderately similar
 * designs: a country with both is in both lists, so the medium line names only the countries without a high risk.
 */
function riskText(high: readonly unknown[] | null | undefined, medium: readonly unknown[] | null | undefined, t: Translate): string {
  const highSet = new Set((high ?? []).map(String));
  const mediumOnly = (medium ?? []).map(String).filter((c) => !highSet.has(c));
  const mediumText =
    mediumOnly.length > 0
      ? codes(mediumOnly, t)
      : highSet.size > 0 && (medium ?? []).length > 0
        ? t('design:report.noneBesides')
        : t('design:report.none');
  return t('design:report.risk', { high: codes(high, t), medium: mediumText });
}

/** `asked`: what the user gave with the command (their Locarno classes, how many designs to show), told apart from what the platform returned. */
export function reportMessage(
  result: DesignReport,
  startedBy: string,
  drawing: Drawing,
  t: Translate,
  asked: { loc?: string[]; top?: number } = {},
): OutgoingMessage {
  const report = result.report;
  const blocks: Block[] = [];
  const total = result.patent_messages?.total_search_result_count;
  const hits = hitsOf(result);
  // one count model: the platform found `total`, returned the closest `hits`; ranges and Show more count those
  const found =
    typeof total !== 'number'
      ? ''
      : total > hits.length
        ? t('design:report.foundListed', { total, listed: hits.length })
        : t('design:report.found', { total });
  const summary = report
    ? [
        t('design:report.heading', { countries: codes(report.country, t), loc: locarnoText(report.loc, asked.loc, t) }),
        riskText(report.high_risk_country, report.middle_risk_country, t),
        t('design:report.suspected', {
          count: report.suspected_infringement_count ?? 0,
          found,
        }),
      ].join('\n')
    : t('design:report.noReport');
  blocks.push({ type: 'markdown', text: summary });
  const top = hits.slice(0, asked.top ?? TOP_COMPARISONS);
  if (top.length > 0) {
    blocks.push({ type: 'divider' });
    const analysed = top.filter((hit) => hit.comparison).length;
    const heading =
      analysed === top.length
        ? t('design:report.topComparisons', { count: top.length })
        : t('design:report.topSimilar', { count: top.length, analysed });
    blocks.push({ type: 'markdown', text: heading }, ...hitBlocks(top, 0, t));
  }
  const note = t(`design:report.${drawing}`);
  blocks.push({ type: 'context', text: t('design:report.requested', { user: mention(startedBy), note }) });
  if (hits.length > top.length) blocks.push(moreButton(top.length, hits.length - top.length, t));
  return { text: summary.split('\n')[0]!, blocks };
}

/** Posts the line drawing into the thread when the chat can take images; what the report should say about it. */
export async function postLineDrawing(ctx: HandlerContext, thread: ThreadId, result: DesignReport): Promise<Drawing> {
  const { t } = ctx;
  const png = lineDrawingPng(result.line_drawing_base64);
  if (!png) return 'missing';
  try {
    return (await ctx.messenger.uploadImage(thread, png, t('design:report.lineDrawing'))) ? 'shown' : 'unsupported';
  } catch (error) {
    ctx.logger.warn({ err: error, thread }, 'design: the line drawing could not be posted');
    return 'failed';
  }
}
