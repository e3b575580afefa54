/** The platform's public surface: the client, its errors and events, streams, polling and task states. */
export { PlatformClient, DEFAULT_TIMEOUTS, type Platform, type PlatformClientOptions, type CallOptions } from './client.js';
export type { AuthMode } from './request-builder.js';
export {
  PlatformError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  QuotaError,
  RateLimitedError,
  InvalidRequestError,
  ServiceError,
  NetworkError,
  TimeoutError,
  StreamInterruptedError,
  TaskFailedError,
  UnexpectedResponseError,
  type PlatformErrorKind,
  type PlatformErrorInit,
} from './errors.js';
export type { StreamEvent, PlatformReference, Usage } from './events.js';
export { collectEvents, textDeltas, type PlatformStream, type StreamResult, type StreamSession } from './stream/index.js';
export { pollTask, type PollOptions } from './poll.js';
export { downloadDocument, type DownloadedDocument } from './download.js';
export { taskState, hasTaskStatus, type TaskState } from './task-state.js';
export { DEFAULT_RETRY, type RetryOptions } from './retry.js';
export {
  OPERATIONS,
  OPERATION_IDS,
  operation,
  resolvePath,
  type OperationId,
  type CallOperationId,
  type StreamOperationId,
  type OperationKind,
  type OperationSpec,
  type StreamFamily,
  type RequestOf,
  type DataOf,
} from './operations.js';
