/** Step 5: Generate report asks for a title (default from the idea), AI35-10 creates it, AI35-11 until its link is ready. */
import { mention, quoteUserText, type OutgoingMessage } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import { defineStep, FormProblem } from '../workflow/index.js';
import { requireTaskId } from '../shared/platform-values.js';
import { taskIdOf, type NoveltyContext, type NoveltyData } from './data.js';
import { downloadDocument } from '../../platform/index.js';
import { truncate } from '../../core/text.js';

const MAX_TITLE_CHARS = 200;

export function defaultTitle(idea: string): string {
  const firstSentence = idea.split(/(?<=[.!?。！？])\s|\n/u)[0] ?? idea;
  return `Novelty search: ${truncate(firstSentence.replace(/[.。]$/u, ''), 80)}`;
}

/** How the report reached the thread: the adapter's delivery, or not at all (no link, no file support, a failure). */
export type Attached = 'attached' | 'offered' | 'linked' | 'unsupported' | 'failed';

export function reportMessage(url: string | null | undefined, title: string, startedBy: string, attached: Attached = 'unsupported'): OutgoingMessage {
  if (!url) throw new Error('the report is ready but its link is missing');
  const text = `📄 **Novelty search report ready**: [${quoteUserText(title.replace(/[[\]]/g, ''))}](${url})`;
  const file = {
    attached: 'the report is attached in this thread; the link expires',
    offered: 'accept the file card above to save the report to your OneDrive; the link expires',
    linked: 'download the report from the card above, which says how long it is kept; the link here expires sooner',
    unsupported: 'the link expires: download the report soon',
    failed: 'the report could not be attached here: download it from the link soon, it expires',
  }[attached];
  return {
    text,
    blocks: [
      { type: 'markdown', text },
      { type: 'context', text: `Requested by ${mention(startedBy)} · the search is done · ${file}.` },
    ],
  };
}

const MAX_REPORT_BYTES = 50_000_000;

/** Downloads the report and posts it into the thread as a file, so it outlives its link. */
async function attachReport(sc: NoveltyContext, url: string | null | undefined, title: string): Promise<Attached> {
  if (!url || !sc.ctx.messenger.canUploadFiles) return 'unsupported';
  try {
    const document = await downloadDocument(url, MAX_REPORT_BYTES);
    const extension = /\.(docx|pdf|xlsx|zip)$/i.exec(document.filename)?.[0] ?? '.docx';
    const filename = `${
      title
        .replace(/[^\w-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'novelty-report'
    }${extension}`;
    const delivery = await sc.ctx.messenger.uploadFile(sc.thread, { data: document.data, filename, title });
    return delivery === 'unavailable' ? 'unsupported' : delivery;
  } catch (error) {
    sc.ctx.logger.warn({ err: error, thread: sc.thread }, 'novelty: the report could not be attached');
    return 'failed';
  }
}

export const titleStep = defineStep<NoveltyData, undefined, { title: string }>({
  review: {
    title: 'Step 5 of 5 · Report',
    render: (_result, _draft, sc) => [
      {
        type: 'markdown',
        text: `The reference list is confirmed (${sc.data.confirmedReferences ?? 0} references). Generate the report; you can give it a title first.`,
      },
    ],
    confirm: {
      input: (_result, draft, sc) => draft ?? { title: defaultTitle(sc.data.idea) },
      send: {
        operation: 'AI35-10',
        label: 'Creating the report',
        async run(sc, input) {
          const created = await sc.ctx.platform.call('AI35-10', { task_id: taskIdOf(sc), title: input.title });
          return { next: 'report', ids: { report_id: requireTaskId('AI35-10', created.task_id) }, data: { title: input.title } };
        },
      },
    },
    forms: {
      title: {
        button: 'Generate report',
        title: 'Report title',
        submitLabel: 'Generate',
        submits: 'confirm',
        fields: (_result, draft, sc) => [
          {
            id: 'title',
            label: 'Title of the report',
            kind: 'text',
            initial: draft?.title ?? defaultTitle(sc.data.idea),
            maxLength: MAX_TITLE_CHARS,
          },
        ],
        apply(fields) {
          const title = String(fields.title ?? '').trim();
          if (!title) throw new FormProblem('The report needs a title; nothing was sent.');
          return { title: truncate(title, MAX_TITLE_CHARS) };
        },
      },
    },
  },
});

export const reportStep = defineStep<NoveltyData, DataOf<'AI35-11'>, never>({
  poll: {
    operation: 'AI35-11',
    label: 'Writing the report',
    read: (sc, signal) => sc.ctx.platform.call('AI35-11', { task_id: sc.ids.report_id ?? taskIdOf(sc) }, { signal }),
    deadlineMs: 20 * 60_000,
  },
  async proceed(result, sc) {
    const title = sc.data.title ?? defaultTitle(sc.data.idea);
    const attached = await attachReport(sc, result.report_url, title);
    return { done: reportMessage(result.report_url, title, sc.record.startedBy, attached) };
  },
});
