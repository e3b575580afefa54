/** A chat adapter whose calls are counted by method and outcome, and whose first visible text of an event is timed. */
import type { ChatAdapter, NativeStream } from '../core/adapter.js';
import { ChatError } from '../core/chat-errors.js';
import { currentEvent, inSpan, type BotMetrics, type ChatCallOutcome } from '../core/metrics.js';

/**
 * Calls that put an answer's text in front of a user: the first one of an event ends its first-text delay. A new
 * thread's parent (the question repeated) is not the answer yet.
 */
const SHOWS_TEXT = new Set(['post', 'edit', 'postEphemeral', 'stream.append', 'stream.stop']);
const COUNTED = [
  'startThread',
  'post',
  'edit',
  'postEphemeral',
  'openForm',
  'isAdmin',
  'permalink',
  'publishHome',
  'fetchFile',
  'uploadImage',
  'uploadFile',
];

/** The outcome family of a failed chat call, from the ChatError the adapter threw (Slack `http_503`, Teams `status`). */
export function chatOutcome(error: unknown): ChatCallOutcome {
  if (!(error instanceof ChatError)) return 'error';
  if (error.kind === 'rate-limited') return '429';
  if (error.kind === 'message-gone') return 'gone';
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (typeof status === 'number' && status >= 500) return '5xx';
  if (typeof code === 'string' && /^(http_5\d\d|internal_error|fatal_error|service_unavailable)$/.test(code)) return '5xx';
  return 'error';
}

export function measuredAdapter(adapter: ChatAdapter, metrics: BotMetrics): ChatAdapter {
  const { chat } = adapter;
  const measure = <T>(method: string, run: () => Promise<T>): Promise<T> =>
    inSpan(`chat ${method}`, { 'iip.chat': chat }, () => counted(method, run));
  const counted = async <T>(method: string, run: () => Promise<T>): Promise<T> => {
    try {
      const result = await run();
      metrics.chatCall(chat, method, 'ok');
      const event = currentEvent();
      if (event && !event.firstTextShown && SHOWS_TEXT.has(method)) {
        event.firstTextShown = true;
        metrics.answerDelay(chat, event.verb ?? 'other', 'first', (Date.now() - event.receivedAt) / 1000);
      }
      return result;
    } catch (error) {
      metrics.chatCall(chat, method, chatOutcome(error));
      throw error;
    }
  };
  const measuredStream = (stream: NativeStream): NativeStream => ({
    append: (delta) => measure('stream.append', () => stream.append(delta)),
    stop: (final) => measure('stream.stop', () => stream.stop(final)),
  });
  return new Proxy(adapter, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      if (property === 'nativeStream') {
        return async (...args: unknown[]) => {
          const stream = (await measure('stream.start', () => method.apply(target, args))) as NativeStream | undefined;
          return stream && measuredStream(stream);
        };
      }
      if (typeof property === 'string' && COUNTED.includes(property))
        return (...args: unknown[]) => measure(property, () => method.apply(target, args));
      return method.bind(target);
    },
  });
}
