/**
 * One answer of the relay benchmark, as the bot gives it: a parent message opens a thread (or the user's mention
 * is the thread's parent, setting (d)), the platform client
 * streams AI07, `textDeltas` turns it into text, and the relay shows it in the thread. The deltas are timed on
 * their way from the client to the relay: the first one is the platform's first token, the end is the stream's.
 */
import type { ChatAdapter, MessageRef } from '../src/core/adapter.js';
import { markdown, type OutgoingMessage } from '../src/core/message.js';
import type { RelayStatus, StreamRelay } from '../src/core/relay/index.js';
import { conversationId, decodeId, threadId, type ThreadId } from '../src/core/thread-id.js';
import type { PlatformClient } from '../src/platform/client.js';
import { textDeltas } from '../src/platform/stream/index.js';

export interface AnswerMarks {
  prompt: string;
  channel: string;
  /** ms after the run's start at which this answer begins */
  startOffsetMs: number;
  threadTs?: string;
  /** the messages (ts) that hold the answer's parts, in order */
  messageTs: string[];
  /** ms since epoch, like the fake Slack API's call times */
  firstDeltaAt?: number;
  firstDelta?: string;
  endedAt?: number;
  deltas: number;
  /** every delta as the relay got it: [ms since epoch, characters of the answer up to and including it] */
  chunks: Array<[number, number]>;
  relayDoneAt?: number;
  /** when the relay issued its first and its last chat call for this answer, before any transport */
  relayFirstCallAt?: number;
  relayLastCallAt?: number;
  status: RelayStatus | 'error' | 'not started';
  error?: string;
}

export interface AnswerDeps {
  adapter: ChatAdapter;
  relay: StreamRelay;
  client: PlatformClient;
  team: string;
  /** the user who asked: Slack streams natively into a channel only for one user */
  recipient: string;
  /** filled by the adapter from `timingAdapter`, per thread */
  issued: Map<string, IssuedCalls>;
}

export interface IssuedCalls {
  first?: number;
  last?: number;
}

type NativeOpen = NonNullable<ChatAdapter['nativeStream']>;

/** The adapter's native streams, noting when each append and stop leaves the relay. */
function timedNativeStream(adapter: ChatAdapter, note: (thread: string) => void): NativeOpen {
  return async (thread, recipient) => {
    const stream = await adapter.nativeStream!(thread, recipient);
    if (!stream) return undefined;
    return {
      append: (delta) => {
        note(thread);
        return stream.append(delta);
      },
      stop: (final) => {
        note(thread);
        return stream.stop(final);
      },
    };
  };
}

/** The adapter the relay uses, noting when each post, edit and native stream call leaves the relay (ms since epoch, per thread). */
export function timingAdapter(adapter: ChatAdapter, issued: Map<string, IssuedCalls>): ChatAdapter {
  const note = (thread: string): void => {
    const calls = issued.get(thread) ?? {};
    calls.first ??= Date.now();
    calls.last = Date.now();
    issued.set(thread, calls);
  };
  return new Proxy(adapter, {
    get(target, key) {
      if (key === 'post')
        return (thread: ThreadId, message: OutgoingMessage) => {
          note(thread);
          return target.post(thread, message);
        };
      if (key === 'edit')
        return (ref: MessageRef, message: OutgoingMessage) => {
          note(ref.thread);
          return target.edit(ref, message);
        };
      if (key === 'nativeStream' && target.nativeStream) return timedNativeStream(target, note);
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function* timed(deltas: AsyncIterable<string>, marks: AnswerMarks): AsyncGenerator<string, void, undefined> {
  let chars = 0;
  for await (const delta of deltas) {
    if (marks.firstDeltaAt === undefined) {
      marks.firstDeltaAt = Date.now();
      marks.firstDelta = delta;
    }
    marks.deltas += 1;
    chars += delta.length;
    marks.chunks.push([Date.now(), chars]);
    yield delta;
  }
  marks.endedAt = Date.now();
}

export async function runAnswer(deps: AnswerDeps, marks: AnswerMarks): Promise<void> {
  try {
    // a mention (threadTs given) is the user's own message: the answer's thread needs no post of the bot's
    const thread = marks.threadTs
      ? threadId('slack', deps.team, marks.channel, marks.threadTs)
      : (await deps.adapter.startThread(conversationId('slack', deps.team, marks.channel), markdown(`*bench* asked: ${marks.prompt}`))).thread;
    marks.threadTs = decodeId(thread).parts[2];
    const stream = await deps.client.stream('AI07', { prompt: marks.prompt, stream: true });
    const result = await deps.relay.relay({ thread, deltas: timed(textDeltas(stream), marks), recipient: deps.recipient });
    marks.relayDoneAt = Date.now();
    marks.relayFirstCallAt = deps.issued.get(thread)?.first;
    marks.relayLastCallAt = deps.issued.get(thread)?.last;
    marks.status = result.status;
    marks.messageTs = result.messages.map((message) => message.messageId);
    if (result.error !== undefined) marks.error = String(result.error);
  } catch (error) {
    marks.status = 'error';
    marks.error = String(error);
  }
}
