/**
 * The one list of every platform operation the bot uses: the 40 published ones (paths and schemas generated
 * from openapi.json) and the 5 that only the specification names. Paths can be overridden by configuration
 * (`IIP_PATHS`), never by editing code.
 */
import type { z } from 'zod';
import { PUBLISHED_OPERATIONS } from './schemas/generated/operations.js';
import { LenientDesignResponse } from './schemas/lenient-design.js';
import {
  AgentSseRequest,
  AgentSseResponse,
  AI32_4PatentDisclosureSseRequest,
  AI32_4PatentDisclosureSseResponse,
  AI34_3QuickSearchReportQueryParams,
  NoveltyDownloadRequest,
  NoveltyDownloadResponse,
  NoveltyQueryRequest,
  NoveltyQueryResponse,
  NoveltyReportRequest,
  NoveltyReportResponse,
} from './schemas/spec-only.js';

/**
 * stream: answers as text/event-stream. create: starts or advances a task, so never retried blindly.
 * read: safe to repeat (results, polls, counts).
 */
export type OperationKind = 'stream' | 'create' | 'read';
export type StreamFamily = 'ai07' | 'ai20' | 'ai68' | 'disclosure' | 'agent';

export interface OperationSpec {
  readonly id: string;
  readonly operationId: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly kind: OperationKind;
  readonly request: z.ZodType;
  readonly envelope: z.ZodType<{ data?: unknown; status: boolean; error_code: number; error_msg?: string | null }>;
  readonly streamFamily?: StreamFamily;
  /** false for the five operations that only the specification names */
  readonly published: boolean;
}

const P = PUBLISHED_OPERATIONS;
// `Kind` keeps each operation's kind a literal type, so StreamOperationId / CallOperationId can split on it
const published = <K extends keyof typeof P, Kind extends OperationKind>(id: K, kind: Kind, streamFamily?: StreamFamily) =>
  ({ ...P[id], kind, published: true, streamFamily }) as const;
const specOnly = <R extends z.ZodType, E extends z.ZodType, Kind extends OperationKind>(
  id: string,
  path: string,
  kind: Kind,
  request: R,
  envelope: E,
  streamFamily?: StreamFamily,
) => ({ id, operationId: id, method: 'POST', path, kind, published: false, request, envelope, streamFamily }) as const;

export const OPERATIONS = {
  // chats
  AI07: published('AI07', 'stream', 'ai07'),
  AI20: published('AI20', 'stream', 'ai20'),
  'AI68-1': published('AI68-1', 'create'),
  'AI68-2': published('AI68-2', 'stream', 'ai68'),
  // technical disclosure
  'AI32-1': published('AI32-1', 'create'),
  'AI32-2': published('AI32-2', 'create'),
  'AI32-3': published('AI32-3', 'read'),
  'AI32-4': specOnly(
    'AI32-4',
    '/search/patent/patent-disclosure/sse',
    'stream',
    AI32_4PatentDisclosureSseRequest,
    AI32_4PatentDisclosureSseResponse,
    'disclosure',
  ),
  // technical solution exploration (v3) and its agent stream
  'AI33-1': published('AI33-1', 'create'),
  'AI33-2': published('AI33-2', 'read'),
  'AI33-3': published('AI33-3', 'create'),
  'AI33-4': published('AI33-4', 'read'),
  'AI33-5': published('AI33-5', 'create'),
  'AI33-6': published('AI33-6', 'read'),
  'AGENT-SSE': specOnly('AGENT-SSE', '/ai/agent/sse', 'stream', AgentSseRequest, AgentSseResponse, 'agent'),
  // pre-research report (beta)
  'AI34-1': published('AI34-1', 'create'),
  'AI34-2': published('AI34-2', 'create'),
  'AI34-3': { ...published('AI34-3', 'read'), request: AI34_3QuickSearchReportQueryParams },
  // guided novelty search
  'AI35-1': published('AI35-1', 'create'),
  'AI35-2': published('AI35-2', 'read'),
  'AI35-3': published('AI35-3', 'create'),
  'AI35-4': published('AI35-4', 'read'),
  'AI35-5': published('AI35-5', 'create'),
  'AI35-6': published('AI35-6', 'read'),
  'AI35-7': published('AI35-7', 'create'),
  'AI35-8': published('AI35-8', 'read'),
  'AI35-9': published('AI35-9', 'create'),
  'AI35-10': published('AI35-10', 'create'),
  'AI35-11': published('AI35-11', 'read'),
  'AI35-12': published('AI35-12', 'create'),
  // the older one-shot novelty group
  'NOVELTY-REPORT': specOnly('NOVELTY-REPORT', '/ai/novelty-search/report', 'create', NoveltyReportRequest, NoveltyReportResponse),
  'NOVELTY-QUERY': specOnly('NOVELTY-QUERY', '/ai/novelty-search/query', 'read', NoveltyQueryRequest, NoveltyQueryResponse),
  'NOVELTY-DOWNLOAD': specOnly('NOVELTY-DOWNLOAD', '/ai/novelty-search/download', 'read', NoveltyDownloadRequest, NoveltyDownloadResponse),
  // design-patent image search
  'AI39-1': published('AI39-1', 'create'),
  // a hit missing a field the document requires is read as partial, not as a broken answer
  'AI39-2': { ...published('AI39-2', 'read'), envelope: LenientDesignResponse },
  // material solution finding
  'AI73-1': published('AI73-1', 'create'),
  'AI73-2': published('AI73-2', 'read'),
  'AI73-3': published('AI73-3', 'create'),
  'AI73-4': published('AI73-4', 'read'),
  'AI73-5': published('AI73-5', 'read'),
  'AI73-6': published('AI73-6', 'read'),
  'AI73-7': published('AI73-7', 'read'),
  'AI73-8': published('AI73-8', 'create'),
  'AI73-9': published('AI73-9', 'read'),
  // patent data
  P001: published('P001', 'read'),
} satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof OPERATIONS;
export type StreamOperationId = { [K in OperationId]: (typeof OPERATIONS)[K]['kind'] extends 'stream' ? K : never }[OperationId];
export type CallOperationId = Exclude<OperationId, StreamOperationId>;
/** What a caller passes: the request body (or, for a GET, its query parameters). */
export type RequestOf<K extends OperationId> = z.input<(typeof OPERATIONS)[K]['request']>;
/** The envelope's `data`, which the client returns once the envelope says success. */
export type DataOf<K extends OperationId> = NonNullable<z.output<(typeof OPERATIONS)[K]['envelope']>['data']>;

export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[];

export function operation(id: OperationId): OperationSpec {
  return OPERATIONS[id];
}

/** The path for an operation after configuration overrides (`{"AI35-1": "/custom/submit"}`). */
export function resolvePath(id: OperationId, overrides: Partial<Record<string, string>> = {}): string {
  return overrides[id] ?? OPERATIONS[id].path;
}
