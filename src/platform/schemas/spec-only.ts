/**
 * The five operations the specification names but the published openapi.json does not describe.
 * Designed by analogy with their neighbours (see the contract README); every path is overridable by
 * configuration, and these schemas are the project's own contract for them.
 */
import { z } from 'zod';

const envelope = <T extends z.ZodType>(data: T) =>
  z.looseObject({ data: data.nullish(), status: z.boolean(), error_msg: z.string().nullish(), error_code: z.number() });

/** AI32-4: the disclosure text of an AI32-2 job, streamed; neighbours AI32-3 (job_id) and AI07 (output.content). */
export const AI32_4PatentDisclosureSseRequest = z.looseObject({ job_id: z.string() });
export const AI32_4PatentDisclosureSseEvent = z.looseObject({
  job_id: z.string().nullish(),
  /** running | finished */
  status: z.string().nullish(),
  content: z.string().nullish(),
});
export const AI32_4PatentDisclosureSseResponse = envelope(AI32_4PatentDisclosureSseEvent);

/** /ai/agent/sse: an agent job's progress and text, streamed by job_id. */
export const AgentSseRequest = z.looseObject({ job_id: z.string() });
export const AgentSseEvent = z.looseObject({
  job_id: z.string().nullish(),
  /** running | finished | failed */
  status: z.string().nullish(),
  /** the step the agent is on, e.g. "literature search" */
  step: z.string().nullish(),
  content: z.string().nullish(),
});
export const AgentSseResponse = envelope(AgentSseEvent);

/** The older one-shot novelty group; its request mirrors AI35-1 submit. */
export const NoveltyReportRequest = z.looseObject({
  input: z.string(),
  lang: z.string(),
  pbd_start: z.string().optional(),
  pbd_end: z.string().optional(),
});
export const NoveltyReportResponse = envelope(z.looseObject({ task_id: z.string().nullish() }));

export const NoveltyQueryRequest = z.looseObject({ task_id: z.string() });
export const NoveltyQueryResult = z.looseObject({
  task_id: z.string().nullish(),
  /** 1 running, 2 success, 3 failed (as AI35-2) */
  status: z.number().nullish(),
  tech_solution: z.string().nullish(),
  references: z
    .array(
      z.looseObject({
        pn: z.string().nullish(),
        title: z.string().nullish(),
        score: z.number().nullish(),
        summary: z.string().nullish(),
      }),
    )
    .nullish(),
});
export const NoveltyQueryResponse = envelope(NoveltyQueryResult);

export const NoveltyDownloadRequest = z.looseObject({ task_id: z.string() });
export const NoveltyDownloadResponse = envelope(
  z.looseObject({
    task_id: z.string().nullish(),
    /** 1 exporting, 2 success, 3 failed (as AI35-11) */
    status: z.number().nullish(),
    report_url: z.string().nullish(),
  }),
);

/** AI34-3 is a GET whose only input is the report_id query parameter. */
export const AI34_3QuickSearchReportQueryParams = z.looseObject({ report_id: z.string() });
