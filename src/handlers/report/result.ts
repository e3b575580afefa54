/** AI34-3 (GET by report_id) until the report is written, then its link (valid 3 hours, then a fresh one) and the analyses. */
import { mention, quoteUserText, type Block, type OutgoingMessage } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import { formatDuration } from '../../i18n/format.js';
import type { Translate } from '../../i18n/index.js';
import { defineStep } from '../workflow/index.js';
import { reportIdOf, type ReportData, type ReportStep } from './data.js';
import { expiryNote, freshLinkButton, reportLink } from './link.js';
import { describeAnalysis } from './summary.js';

type Queried = DataOf<'AI34-3'>;

export function reportReadyMessage(result: Queried, data: ReportData, startedBy: string, t: Translate): OutgoingMessage {
  const url = result.report_url;
  if (!url) throw new Error('the report is ready but its link is missing');
  const text = t('report:result.ready', { link: reportLink(data.question, url) });
  const blocks: Block[] = [
    { type: 'markdown', text },
    { type: 'context', text: expiryNote(Date.now(), t) },
  ];
  if (data.autoOutline && data.generatedOutline?.length) {
    const sections = data.generatedOutline.map((s, i) => `${i + 1}. ${quoteUserText(s.name)}`).join('\n');
    blocks.push({ type: 'markdown', text: `${t('report:result.chosenOutline')}\n${sections}` });
  }
  const players = describeAnalysis(result.head_player_analysis, t);
  if (players) blocks.push({ type: 'markdown', text: `${t('report:result.players')}\n${players}` });
  const patents = describeAnalysis(result.key_patent_interpretation, t);
  if (patents) blocks.push({ type: 'markdown', text: `${t('report:result.patents')}\n${patents}` });
  blocks.push({ type: 'context', text: t('report:result.requested', { user: mention(startedBy) }) }, freshLinkButton(t));
  return { text, blocks };
}

/** Changes once a minute, so the waiting message shows the report is still being worked on. */
export function runningNote(since: number | undefined, t: Translate, now = Date.now()): string {
  const minutes = since === undefined ? 0 : Math.floor((now - since) / 60_000);
  const elapsed =
    minutes < 1 ? t('report:result.lessThanMinute') : t('report:result.runningFor', { duration: formatDuration(minutes * 60_000, t.lang) });
  return t('report:result.running', { elapsed });
}

export const reportStep = defineStep<ReportData, Queried, never, ReportStep>({
  poll: {
    operation: 'AI34-3',
    label: (t) => t('report:result.label'),
    read: (sc, signal) => sc.ctx.platform.call('AI34-3', { report_id: reportIdOf(sc) }, { signal }),
    progress: (r, sc) => (r.report_status === 'RUNNING' ? runningNote(sc.data.generatedAt ?? sc.record.wait?.since, sc.ctx.t) : undefined),
    // AI34-3 tells only whether the whole report is written: one task
    plan: (r, sc) => {
      const { t } = sc.ctx;
      return r.report_status === 'RUNNING'
        ? [
            {
              id: 'report',
              title: t('report:result.task'),
              status: 'in_progress',
              details: runningNote(sc.data.generatedAt ?? sc.record.wait?.since, t),
            },
          ]
        : undefined;
    },
    status: (t) => t('report:result.status'),
    deadlineMs: 30 * 60_000,
  },
  proceed: (result, sc) => ({ done: reportReadyMessage(result, sc.data, sc.record.startedBy, sc.ctx.t) }),
});
