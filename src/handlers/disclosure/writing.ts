/**
 * The disclosure is written: its text streams into the thread as the platform writes it (AI32-4, through the
 * stream relay), and AI32-3 is polled until the document is exported (job_status 0..3); then its download link.
 */
import { mention, type OutgoingMessage } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import { defineStep } from '../workflow/index.js';
import { jobIdOf, type DisclosureData } from './data.js';

type Download = DataOf<'AI32-3'>;

const PROGRESS: Record<number, string> = { 0: 'Waiting to be exported', 1: 'Exporting the document' };

export function downloadMessage(result: Download, startedBy: string): OutgoingMessage {
  const url = result.download_url;
  if (!url) throw new Error('the document is ready but its download link is missing');
  const text = `📄 **Technical disclosure ready**: [download the document](${url})`;
  return {
    text,
    blocks: [
      { type: 'markdown', text },
      { type: 'context', text: `Requested by ${mention(startedBy)} · the text above is the same draft.` },
    ],
  };
}

export const writingStep = defineStep<DisclosureData, Download, never>({
  poll: {
    operation: 'AI32-3',
    label: 'Preparing the disclosure document',
    read: (sc, signal) => sc.ctx.platform.call('AI32-3', { job_id: jobIdOf(sc) }, { signal }),
    progress: (r) => (typeof r.job_status === 'number' ? PROGRESS[r.job_status] : undefined),
    relay: {
      open: (sc, signal) => sc.ctx.platform.stream('AI32-4', { job_id: jobIdOf(sc) }, { signal }),
      heading: '✍️ **The technical disclosure, as it is written:**',
    },
    deadlineMs: 30 * 60_000,
  },
  proceed: (result, sc) => ({ done: downloadMessage(result, sc.record.startedBy) }),
});
