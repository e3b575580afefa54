/** The gateway's envelope and the replies a route can give. */

export const ErrorCode = {
  qps: 67200002,
  badKey: 67200003,
  noPermission: 67200004,
  balance: 67200005,
  missingKey: 67200008,
  invalidParameter: 68300004,
  badRequest: 68300007,
  service: 68300008,
} as const;

export interface Envelope {
  status: boolean;
  error_code: number;
  error_msg?: string;
  data?: unknown;
}

/** A `data:` line: an envelope, or raw text such as `[DONE]` (or a deliberately malformed line). */
export type SseEvent = { envelope: Envelope } | { raw: string };

export type Reply =
  | { type: 'json'; envelope: Envelope; httpStatus?: number; headers?: Record<string, string> }
  | { type: 'stream'; events: SseEvent[] };

export const success = (data: unknown): Envelope => ({ status: true, error_code: 0, data });

export const failure = (errorCode: number, message: string): Envelope => ({ status: false, error_code: errorCode, error_msg: message });

export const jsonReply = (envelope: Envelope, httpStatus = 200, headers?: Record<string, string>): Reply => ({
  type: 'json',
  envelope,
  httpStatus,
  headers,
});

/** The envelope code an injected HTTP status comes with (0 where the status alone says it all). */
export function codeForHttpStatus(status: number): number {
  if (status === 429) return ErrorCode.qps;
  if (status === 401) return ErrorCode.missingKey;
  if (status === 403) return ErrorCode.noPermission;
  if (status === 400) return ErrorCode.badRequest;
  if (status >= 500) return ErrorCode.service;
  return 0;
}

/** The platform's wording for its documented error codes (used when a fault gives no message). */
export const ERROR_MESSAGES: Record<number, string> = {
  67200000: 'Total call limit exceeded',
  67200001: 'Total call limit exceeded',
  67200002: 'QPS too high, please retry later',
  67200003: 'The apikey is invalid or the client is disabled',
  67200004: 'No permission to access this API',
  67200005: 'Insufficient balance',
  67200008: 'Missing apikey',
  67200009: 'The apikey does not match the token',
  68300004: 'The request parameter format is incorrect',
  68300005: 'Search failed',
  68300006: 'Analytic access error',
  68300007: 'Bad request',
  68300008: 'Service error, please retry later',
  68300010: 'The file was rejected',
};
