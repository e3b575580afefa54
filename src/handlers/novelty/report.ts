/** Step 5: Generate report asks for a title (default from the idea), AI35-10 creates it, AI35-11 until its link is ready. */
import { mention, quoteUserText, type OutgoingMessage } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import type { Translate } from '../../i18n/index.js';
import { defineStep, FormProblem } from '../workflow/index.js';
import { requireTaskId } from '../shared/platform-values.js';
import { taskIdOf, type NoveltyContext, type NoveltyData } from './data.js';
import { titleInput, type NoveltyStep } from './stored.js';
import { downloadDocument } from '../../platform/index.js';
import { fileStem, truncate } from '../../core/text.js';

const MAX_TITLE_CHARS = 200;

export function defaultTitle(idea: string, t: Translate): string {
  // Chinese full stops end a sentence without a space after them
  const firstSentence = idea.split(/(?<=[.!?])\s|(?<=[。！？])|\n/u)[0] ?? idea;
  return t('novelty-review:report.defaultTitle', { idea: truncate(firstSentence.replace(/[.。]$/u, ''), 80) });
}

/** How the report reached the thread: the adapter's delivery, or not at all (no link, no file support, a failure). */
export type Attached = 'attached' | 'offered' | 'linked' | 'unsupported' | 'failed';

export function reportMessage(
  url: string | null | undefined,
  title: string,
  startedBy: string,
  t: Translate,
  attached: Attached = 'unsupported',
): OutgoingMessage {
  if (!url) throw new Error('the report is ready but its link is missing');
  const text = t('novelty-review:report.ready', { title: quoteUserText(title.replace(/[[\]]/g, '')), url });
  const file = t(`novelty-review:report.${attached}`);
  return {
    text,
    blocks: [
      { type: 'markdown', text },
      { type: 'context', text: t('novelty-review:report.requested', { user: mention(startedBy), file }) },
    ],
  };
}

const MAX_REPORT_BYTES = 50_000_000;

/** Downloads the report and posts it into the thread as a file, so it outlives its link. */
async function attachReport(sc: NoveltyContext, url: string | null | undefined, title: string): Promise<Attached> {
  const { t } = sc.ctx;
  if (!url || !sc.ctx.messenger.canUploadFiles) return 'unsupported';
  try {
    const document = await downloadDocument(url, MAX_REPORT_BYTES);
    const extension = /\.(docx|pdf|xlsx|zip)$/i.exec(document.filename)?.[0] ?? '.docx';
    const filename = `${fileStem(title, t('novelty-review:report.fileName'), 60)}${extension}`;
    const delivery = await sc.ctx.messenger.uploadFile(sc.thread, { data: document.data, filename, title });
    return delivery === 'unavailable' ? 'unsupported' : delivery;
  } catch (error) {
    sc.ctx.logger.warn({ err: error, thread: sc.thread }, 'novelty: the report could not be attached');
    return 'failed';
  }
}

export const titleStep = defineStep<NoveltyData, undefined, { title: string }, NoveltyStep>({
  stores: titleInput,
  review: {
    title: (t) => t('novelty-review:report.stepTitle'),
    render: (_result, _draft, sc) => {
      const { t } = sc.ctx;
      return [
        {
          type: 'markdown',
          text: t('novelty-review:report.confirmed', { count: sc.data.confirmedReferences ?? 0 }),
        },
      ];
    },
    confirm: {
      input: (_result, draft, sc) => draft ?? { title: defaultTitle(sc.data.idea, sc.ctx.t) },
      send: {
        operation: 'AI35-10',
        label: (t) => t('novelty-review:report.creating'),
        async run(sc, input) {
          const created = await sc.ctx.platform.call('AI35-10', { task_id: taskIdOf(sc), title: input.title });
          return { next: 'report', ids: { report_id: requireTaskId('AI35-10', created.task_id) }, data: { title: input.title } };
        },
      },
    },
    forms: {
      title: {
        button: (t) => t('novelty-review:report.generateReport'),
        title: (t) => t('novelty-review:report.formTitle'),
        submitLabel: (t) => t('novelty-review:report.generate'),
        submits: 'confirm',
        fields: (_result, draft, sc) => {
          const { t } = sc.ctx;
          return [
            {
              id: 'title',
              label: t('novelty-review:report.field'),
              kind: 'text',
              initial: draft?.title ?? defaultTitle(sc.data.idea, t),
              maxLength: MAX_TITLE_CHARS,
            },
          ];
        },
        apply(fields, _result, _draft, sc) {
          const { t } = sc.ctx;
          const title = String(fields.title ?? '').trim();
          if (!title) throw new FormProblem(t('novelty-review:report.noTitle'));
          return { title: truncate(title, MAX_TITLE_CHARS) };
        },
      },
    },
  },
});

export const reportStep = defineStep<NoveltyData, DataOf<'AI35-11'>, never, NoveltyStep>({
  poll: {
    operation: 'AI35-11',
    label: (t) => t('novelty-review:report.writing'),
    read: (sc, signal) => sc.ctx.platform.call('AI35-11', { task_id: sc.ids.report_id ?? taskIdOf(sc) }, { signal }),
    deadlineMs: 20 * 60_000,
  },
  async proceed(result, sc) {
    const { t } = sc.ctx;
    const title = sc.data.title ?? defaultTitle(sc.data.idea, t);
    const attached = await attachReport(sc, result.report_url, title);
    return { done: reportMessage(result.report_url, title, sc.record.startedBy, t, attached) };
  },
});
