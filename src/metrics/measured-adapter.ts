/** A chat adapter whose calls are counted by method and outcome, each in a span of its own. */
import type { ChatAdapter, NativeStream } from '../core/adapter.js';
import { ChatError } from '../core/chat-errors.js';
import { inSpan, type BotMetrics, type ChatCallOutcome } from '../core/metrics.js';

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

type Method = (...args: never[]) => Promise<unknown>;

/**
 * Every member of the adapter, each written out: the type lists every key of ChatAdapter, optional ones included,
 * so a capability added to the interface cannot be dropped here unnoticed (an absent one stays absent: the core
 * falls back where an adapter lacks it). Counted calls are timed and counted; the rest are the adapter's own.
 */
export function measuredAdapter(adapter: ChatAdapter, metrics: BotMetrics): ChatAdapter {
  const { chat } = adapter;
  const counted = async <T>(method: string, run: () => Promise<T>): Promise<T> => {
    try {
      const result = await run();
      metrics.chatCall(chat, method, 'ok');
      return result;
    } catch (error) {
      metrics.chatCall(chat, method, chatOutcome(error));
      throw error;
    }
  };
  const measure = <T>(method: string, run: () => Promise<T>): Promise<T> =>
    inSpan(`chat ${method}`, { 'iip.chat': chat }, () => counted(method, run));
  /** `adapter[name]`, counted as `name`; undefined where the adapter lacks it */
  const measured = <M extends Method>(name: string, method: M | undefined): M | undefined =>
    method && (((...args: Parameters<M>) => measure(name, () => method.apply(adapter, args))) as M);
  const own = <M extends Method>(method: M | undefined): M | undefined => method?.bind(adapter) as M | undefined;
  const measuredStream = (stream: NativeStream): NativeStream => ({
    append: (delta) => measure('stream.append', () => stream.append(delta)),
    stop: (final) => measure('stream.stop', () => stream.stop(final)),
  });
  const nativeStream = adapter.nativeStream;

  const members: { [K in keyof Required<ChatAdapter>]: ChatAdapter[K] } = {
    chat,
    invocation: adapter.invocation,
    // read through: an adapter may learn its limits after it started
    get limits() {
      return adapter.limits;
    },
    get dedupesPosts() {
      return adapter.dedupesPosts;
    },
    get formsNeedTrigger() {
      return adapter.formsNeedTrigger;
    },
    startThread: measured('startThread', adapter.startThread)!,
    post: measured('post', adapter.post)!,
    edit: measured('edit', adapter.edit)!,
    removeMessage: own(adapter.removeMessage),
    postEphemeral: measured('postEphemeral', adapter.postEphemeral),
    openForm: measured('openForm', adapter.openForm),
    isAdmin: measured('isAdmin', adapter.isAdmin),
    userLocale: own(adapter.userLocale),
    permalink: measured('permalink', adapter.permalink),
    publishHome: measured('publishHome', adapter.publishHome),
    nativeStream:
      nativeStream &&
      (async (thread, recipient) => {
        const stream = await measure('stream.start', () => nativeStream.call(adapter, thread, recipient));
        return stream && measuredStream(stream);
      }),
    startPlan: own(adapter.startPlan),
    setStatus: own(adapter.setStatus),
    setTitle: own(adapter.setTitle),
    fetchFile: measured('fetchFile', adapter.fetchFile),
    readLocalFile: own(adapter.readLocalFile),
    uploadImage: measured('uploadImage', adapter.uploadImage),
    uploadFile: measured('uploadFile', adapter.uploadFile),
    start: own(adapter.start)!,
    stop: own(adapter.stop)!,
  };
  return members;
}
