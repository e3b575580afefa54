/**
 * The disclosure is written: its text streams into the thread as the platform writes it (AI32-4, through the
 * stream relay), and AI32-3 is polled until the document is exported (job_status 0..3); then its download link.
 */
import { mention, type OutgoingMessage } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import type { Text, Translate } from '../../i18n/index.js';
import { defineStep } from '../workflow/index.js';
import { jobIdOf, type DisclosureData, type DisclosureStep } from './data.js';

type Download = DataOf<'AI32-3'>;

const PROGRESS: Record<number, Text> = { 0: (t) => t('disclosure:writing.waiting'), 1: (t) => t('disclosure:writing.exporting') };

export function downloadMessage(result: Download, startedBy: string, t: Translate): OutgoingMessage {
  const url = result.download_url;
  if (!url) throw new Error('the document is ready but its download link is missing');
  const text = t('disclosure:writing.ready', { url });
  return {
    text,
    blocks: [
      { type: 'markdown', text },
      { type: 'context', text: t('disclosure:writing.requested', { user: mention(startedBy) }) },
    ],
  };
}

export const writingStep = defineStep<DisclosureData, Download, never, DisclosureStep>({
  poll: {
    operation: 'AI32-3',
    label: (t) => t('disclosure:writing.label'),
    read: (sc, signal) => sc.ctx.platform.call('AI32-3', { job_id: jobIdOf(sc) }, { signal }),
    progress: (r, sc) => (typeof r.job_status === 'number' ? PROGRESS[r.job_status]?.(sc.ctx.t) : undefined),
    relay: {
      open: (sc, signal) => sc.ctx.platform.stream('AI32-4', { job_id: jobIdOf(sc) }, { signal }),
      heading: (t) => t('disclosure:writing.heading'),
    },
    deadlineMs: 30 * 60_000,
  },
  proceed: (result, sc) => ({ done: downloadMessage(result, sc.record.startedBy, sc.ctx.t) }),
});
