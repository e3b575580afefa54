/** `/iip novelty quick`: the older one-shot group (report → query → download), no review steps, the link at the end. */
import { mention, quoteUserText, type OutgoingMessage } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import type { Translate } from '../../i18n/index.js';
import { defineSend, defineStep } from '../workflow/index.js';
import { requireTaskId } from '../shared/platform-values.js';
import { submitRequest, taskIdOf, type NoveltyData, type QuickReference } from './data.js';
import type { NoveltyStep } from './stored.js';
import { truncate } from '../../core/text.js';
import { PATENT_LINK, percent } from '../shared/text.js';

const TOP_REFERENCES = 5;

export const quickStart = defineSend<NoveltyData, NoveltyStep>({
  operation: 'NOVELTY-REPORT',
  label: (t) => t('novelty:quick.starting'),
  async run(sc) {
    const created = await sc.ctx.platform.call('NOVELTY-REPORT', submitRequest(sc.data));
    return { next: 'quick-results', ids: { task_id: requireTaskId('NOVELTY-REPORT', created.task_id) } };
  },
});

export const quickResultsStep = defineStep<NoveltyData, DataOf<'NOVELTY-QUERY'>, never, NoveltyStep>({
  poll: {
    operation: 'NOVELTY-QUERY',
    label: (t) => t('novelty:quick.searching'),
    read: (sc, signal) => sc.ctx.platform.call('NOVELTY-QUERY', { task_id: taskIdOf(sc) }, { signal }),
  },
  proceed: (result) => ({
    next: 'quick-report',
    data: {
      quickReferences: (result.references ?? []).slice(0, TOP_REFERENCES).map(
        (r): QuickReference => ({
          pn: r.pn ?? '',
          title: truncate(r.title ?? '', 150),
          ...(typeof r.score === 'number' ? { score: r.score } : {}),
        }),
      ),
    },
  }),
});

function quickMessage(url: string | null | undefined, references: QuickReference[], startedBy: string, t: Translate): OutgoingMessage {
  if (!url) throw new Error('the report is ready but its link is missing');
  const text = t('novelty:quick.ready', { url });
  const lines = references.map(
    (r, i) =>
      `${i + 1}. ${r.pn ? `[${r.pn}](${PATENT_LINK(r.pn)}) ` : ''}${quoteUserText(r.title)}${t('novelty:quick.score', { score: percent(r.score) })}`,
  );
  return {
    text,
    blocks: [
      { type: 'markdown', text },
      ...(lines.length ? [{ type: 'markdown' as const, text: `${t('novelty:quick.closest')}\n${lines.join('\n')}` }] : []),
      { type: 'context', text: t('novelty:quick.requested', { user: mention(startedBy) }) },
    ],
  };
}

export const quickReportStep = defineStep<NoveltyData, DataOf<'NOVELTY-DOWNLOAD'>, never, NoveltyStep>({
  poll: {
    operation: 'NOVELTY-DOWNLOAD',
    label: (t) => t('novelty:quick.preparing'),
    read: (sc, signal) => sc.ctx.platform.call('NOVELTY-DOWNLOAD', { task_id: taskIdOf(sc) }, { signal }),
  },
  proceed: (result, sc) => ({ done: quickMessage(result.report_url, sc.data.quickReferences ?? [], sc.record.startedBy, sc.ctx.t) }),
});
