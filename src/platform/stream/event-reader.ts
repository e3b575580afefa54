/**
 * One SSE event's data in, stream events out: the `[DONE]` terminator, heartbeats, error envelopes
 * (thrown as the PlatformError their error_code calls for) and, for a successful envelope, what the family's
 * normaliser makes of its `data`.
 */
import { PlatformError, StreamInterruptedError, UnexpectedResponseError } from '../errors.js';
import type { StreamEvent } from '../events.js';
import type { Normalizer, StreamContext } from './normalizer.js';
import type { SseData } from './sse-decoder.js';

const EXCERPT_CHARS = 60;

/**
 * null for an event that carries nothing (empty data: a heartbeat some servers send). `bare`: the family's event
 * format is not published (AI32-4, the agent stream), so data that is plain text, or JSON without the envelope,
 * goes to the normaliser as it is; JSON cut short is still a broken stream.
 */
export function readEvent(event: SseData, normalize: Normalizer, context: StreamContext, bare = false): StreamEvent[] | null {
  const data = event.data.trim();
  if (!data) return bare && event.data !== '' ? normalize(event.data) : null;
  if (data === '[DONE]') return [{ type: 'done', reason: 'done' }];
  const envelope = parseJson(data);
  if (bare && envelope === undefined && !/^[[{]/.test(data)) return normalize(event.data);
  if (bare && isBare(envelope)) return normalize(envelope);
  if (envelope === undefined) {
    throw new StreamInterruptedError(
      context,
      event.unterminated ? 'the stream ended in the middle of an event' : `malformed event: its data is not JSON (${excerpt(data)})`,
    );
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
    throw new StreamInterruptedError(context, `malformed event: its data is not an envelope (${excerpt(data)})`);
  }
  const { status, error_code: errorCode, error_msg: message, data: payload } = envelope as Record<string, unknown>;
  const code = typeof errorCode === 'number' ? errorCode : undefined;
  if (status === false || (code !== undefined && code !== 0)) {
    throw PlatformError.generate({ ...context, errorCode: code, platformMessage: typeof message === 'string' && message ? message : undefined });
  }
  if (status !== true || code === undefined) {
    throw new UnexpectedResponseError(context, "stream event without the envelope's status and error_code");
  }
  return payload === null || payload === undefined ? [] : normalize(payload);
}

/** JSON that is not an envelope: a string, or an object with neither the envelope's status nor its error_code. */
function isBare(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { status, error_code: errorCode } = value as Record<string, unknown>;
  return typeof status !== 'boolean' && errorCode === undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function excerpt(text: string): string {
  return JSON.stringify(text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text);
}
