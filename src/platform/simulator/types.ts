/** How tests and local mode start, watch and break the platform simulator. */
import type { Logger } from '../../log.js';
import type { OperationId, StreamOperationId } from '../operations.js';
import type { JobStreamShape } from './job-stream.js';

export interface SimulatorOptions {
  /** 0 (default) picks a free port */
  port?: number;
  host?: string;
  /** how long each task stage stays running before it succeeds (default 0: ready at the first poll) */
  taskDurationMs?: number;
  /** delay between two stream events (default 0) */
  streamChunkDelayMs?: number;
  /** characters of answer text per stream event (default 24) */
  streamChunkChars?: number;
  /** AI07/AI20 send the whole text so far in every event instead of deltas */
  cumulativeContent?: boolean;
  /** the shape of AI32-4 and agent stream events (default `content`; see job-stream.ts) */
  jobStreamShape?: JobStreamShape;
  /** local mode: keep tasks, sessions and chats in this JSON file across restarts of the bot */
  stateFile?: string;
  /** well-formed keys the gateway nevertheless refuses as disabled (67200003) */
  revokedKeys?: string[];
  /** AI07 answers grow to at least this many characters with further sections (long-answer tests) */
  minAnswerChars?: number;
  /** log one line per request to stderr (the key is never printed) */
  verbose?: boolean;
  /** where the per-request lines go instead (e.g. the bot's logger in local mode); implies verbose */
  logger?: Logger;
  /** path overrides by operation id, as the client's `IIP_PATHS` (`{"AI35-1": "/custom/submit"}`) */
  paths?: Partial<Record<OperationId, string>>;
}

/** Which requests a fault applies to: one operation (default all), and how many times (default forever). */
interface FaultScope {
  operation?: OperationId;
  times?: number;
}

export type Fault = FaultScope &
  (
    | { kind: 'http-status'; status: number; retryAfterSeconds?: number }
    | { kind: 'envelope-error'; errorCode: number; message?: string }
    /** response headers are delayed by this much */
    | { kind: 'slow-headers'; delayMs: number }
    /** the stream's connection is destroyed after this many events */
    | { kind: 'stream-cut'; afterEvents: number }
    /** an event whose data is not JSON is sent after this many events */
    | { kind: 'malformed-event'; afterEvents: number }
    /** an error envelope is sent inside the stream after this many events, then the stream ends */
    | { kind: 'stream-error-envelope'; afterEvents: number; errorCode: number; message?: string }
    /** the task the operation polls (or creates) reports failure */
    | { kind: 'task-fails' }
    /** the successful answer's data lacks the fields at these dotted paths (`report.comparisons.1.country`) */
    | { kind: 'drop-fields'; paths: string[] }
    /** a JSON answer of this many bytes (a success envelope padded out), written as the client reads it; with `declared`, its Content-Length says so */
    | { kind: 'oversized-body'; bytes: number; declared?: boolean }
    /** after this many events the stream sends only `: ping` keep-alives, one per `pingEveryMs` (default 50), until the client leaves */
    | { kind: 'stream-stall'; afterEvents: number; pingEveryMs?: number }
    /** after this many events, one event whose text has this many characters (AI07/AI20 shape), then the rest */
    | { kind: 'huge-event'; afterEvents: number; chars: number }
    /** after this many events, distinct deltas of this many characters (AI07/AI20 shape) without end, until the client leaves */
    | { kind: 'runaway-stream'; afterEvents: number; deltaChars: number }
  );

export interface RecordedRequest {
  operation: OperationId | 'unknown';
  method: string;
  path: string;
  query: Record<string, string>;
  /** parsed JSON body (undefined when absent or not JSON) */
  body: unknown;
  /** `bearer`, `query` or `none`: how the key came, never the key itself */
  auth: 'bearer' | 'query' | 'none';
  /** a non-reversible id of the key (`simulatorKeyId`), to tell which key a request used */
  keyId?: string;
  at: number;
}

export interface RunningSimulator {
  readonly url: string;
  readonly port: number;
  /** every request received, in order */
  readonly requests: RecordedRequest[];
  /** streams whose client closed the connection before the stream ended */
  readonly streamsAbortedByClient: number;
  inject(fault: Fault): void;
  clearFaults(): void;
  /** changes the task timing at run time (local mode uses seconds, tests near zero) */
  setTaskDuration(ms: number): void;
  /** how long an AI34 report link works after AI34-3 hands it out (the platform says 3 hours) */
  setReportLinkValidity(ms: number): void;
  /** changes the shape of the AI32-4 and agent stream events at run time */
  setJobStreamShape(shape: JobStreamShape): void;
  /**
   * The whole text the next stream request with this body will produce (AI07, AI20, AI68-2, AI32-4,
   * AGENT-SSE), computed from the simulator's current state: call it before sending (an AI20 session's turn
   * number advances with each request).
   */
  expectedStreamText(operation: StreamOperationId, body: unknown): string;
  close(): Promise<void>;
}
