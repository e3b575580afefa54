/** AI32 technical disclosure: extract key elements, generate the document (a job), download it, stream it. */
import { randomUUID } from 'node:crypto';
import { splitText } from '../chunk.js';
import { disclosureMarkdown, extractTechMeans } from '../content/disclosure.js';
import type { SimState } from '../state.js';
import { encodeStatus } from '../tasks.js';
import type { Routes } from './types.js';
import { jobStream } from '../job-stream.js';
import type { DisclosureJob } from '../records.js';

export const disclosureText = (job: DisclosureJob): string => disclosureMarkdown(job.fields);

function downloadUrl(state: SimState, job: DisclosureJob): string {
  job.downloadUrl ??= state.files.add('docx', 'Technical disclosure', () => disclosureText(job).split('\n').filter(Boolean));
  return job.downloadUrl;
}

export const disclosureRoutes: Routes<'AI32-1' | 'AI32-2' | 'AI32-3' | 'AI32-4'> = {
  'AI32-1': ({ body, ok }) => ok({ status: '1', ...extractTechMeans(body.tech_solution) }),

  'AI32-2': ({ body, state, ok, taskFails }) => {
    const id = randomUUID();
    const job = state.disclosures.add(id, { id, fields: body, stage: state.clock.start(2) });
    if (taskFails()) job.stage.failed = true;
    return ok({ job_id: job.id, status: encodeStatus.number(state.clock.stateOf(job.stage)) });
  },

  'AI32-3': ({ body, state, ok, invalid, taskFails }) => {
    const job = state.disclosures.get(body.job_id);
    if (!job) return invalid(`job_id: unknown job ${body.job_id}`);
    if (taskFails()) job.stage.failed = true;
    const jobStatus = encodeStatus.job(state.clock.stateOf(job.stage));
    return ok({ job_id: job.id, job_status: jobStatus, ...(jobStatus === 2 ? { download_url: downloadUrl(state, job) } : {}) });
  },

  'AI32-4': ({ body, state, invalid }) => {
    const job = state.disclosures.get(body.job_id);
    if (!job) return invalid(`job_id: unknown job ${body.job_id}`);
    const pieces = splitText(disclosureText(job), state.settings.streamChunkChars);
    return jobStream(state.settings.jobStreamShape, [
      ...pieces.map((content) => ({ job_id: job.id, status: 'running' as const, content })),
      { job_id: job.id, status: 'finished', content: '' },
    ]);
  },
};
