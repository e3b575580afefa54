/** AI34-3 (GET by report_id) until the report is written, then its link (valid 3 hours, then a fresh one) and the analyses. */
import { mention, quoteUserText, type Block, type OutgoingMessage } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import { defineStep } from '../workflow/index.js';
import { reportIdOf, type ReportData } from './data.js';
import { expiryNote, freshLinkButton, reportLink } from './link.js';
import { describeAnalysis } from './summary.js';

type Queried = DataOf<'AI34-3'>;

export function reportReadyMessage(result: Queried, data: ReportData, startedBy: string): OutgoingMessage {
  const url = result.report_url;
  if (!url) throw new Error('the report is ready but its link is missing');
  const text = `📄 **Pre-research report ready**: ${reportLink(data.question, url)}`;
  const blocks: Block[] = [
    { type: 'markdown', text },
    { type: 'context', text: expiryNote(Date.now()) },
  ];
  if (data.autoOutline && data.generatedOutline?.length) {
    const sections = data.generatedOutline.map((s, i) => `${i + 1}. ${quoteUserText(s.name)}`).join('\n');
    blocks.push({ type: 'markdown', text: `**Outline the platform chose**\n${sections}` });
  }
  const players = describeAnalysis(result.head_player_analysis);
  if (players) blocks.push({ type: 'markdown', text: `**Head players**\n${players}` });
  const patents = describeAnalysis(result.key_patent_interpretation);
  if (patents) blocks.push({ type: 'markdown', text: `**Key patents**\n${patents}` });
  blocks.push({ type: 'context', text: `Requested by ${mention(startedBy)}` }, freshLinkButton());
  return { text, blocks };
}

/** Changes once a minute, so the waiting message shows the report is still being worked on. */
export function runningNote(since: number | undefined, now = Date.now()): string {
  const minutes = since === undefined ? 0 : Math.floor((now - since) / 60_000);
  const elapsed = minutes < 1 ? 'started less than a minute ago' : `running for ${minutes} min`;
  return `Writing · ${elapsed} · reports usually take a few minutes`;
}

export const reportStep = defineStep<ReportData, Queried, never>({
  poll: {
    operation: 'AI34-3',
    label: 'Writing the pre-research report (usually a few minutes)',
    read: (sc, signal) => sc.ctx.platform.call('AI34-3', { report_id: reportIdOf(sc) }, { signal }),
    progress: (r, sc) => (r.report_status === 'RUNNING' ? runningNote(sc.data.generatedAt ?? sc.record.wait?.since) : undefined),
    // AI34-3 tells only whether the whole report is written: one task
    plan: (r, sc) =>
      r.report_status === 'RUNNING'
        ? [{ id: 'report', title: 'Writing the report', status: 'in_progress', details: runningNote(sc.data.generatedAt ?? sc.record.wait?.since) }]
        : undefined,
    status: 'is writing the report…',
    deadlineMs: 30 * 60_000,
  },
  proceed: (result, sc) => ({ done: reportReadyMessage(result, sc.data, sc.record.startedBy) }),
});
