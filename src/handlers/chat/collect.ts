/** What a chat turn reads from the platform's stream besides the text: references, usage, ids, and why it stopped. */
import type { HandlerContext } from '../../core/handler.js';
import { AnswerDocument } from '../../core/relay/answer-document.js';
import { PlatformError, ResponseTooLargeError } from '../../platform/errors.js';
import type { PlatformReference, StreamEvent, Usage } from '../../platform/events.js';
import { isRetryable } from '../../core/user-errors.js';

/** How much of one answer is posted: characters, and messages of the chat's size. */
export interface AnswerCap {
  maxChars: number;
  maxMessages: number;
  /** the characters one message of this chat holds (Messenger.maxMessageChars) */
  messageChars: number;
}

export const DEFAULT_ANSWER_CAP = { maxChars: 40_000, maxMessages: 10 } as const;

/** The cap of an answer in this chat: the bot's settings (ANSWER_MAX_CHARS, ANSWER_MAX_MESSAGES) and the chat's message size. */
export const answerCapOf = (ctx: HandlerContext): AnswerCap => ({
  ...DEFAULT_ANSWER_CAP,
  ...ctx.settings.answerCap,
  messageChars: ctx.messenger.maxMessageChars,
});

export interface Collected {
  references: PlatformReference[];
  usage?: Usage;
  ids: Record<string, string>;
  /** an error inside the stream that a Retry cannot fix (quota, a rejected key): the answer ends with its reason */
  stopped?: PlatformError;
  /** the answer was cut: it reached what one answer may post (`cap`), or the platform sent more than the client reads */
  cut?: 'cap' | 'too-large';
}

/**
 * The stream's text deltas; everything else goes into `into`. An error a Retry can help with is rethrown (the
 * relay marks the answer interrupted and offers Retry); one it cannot help with ends the text instead. Past
 * `cap`, or when the platform sends more than the client reads, the text ends there (`into.cut`) and the stream
 * is left, which aborts its request.
 */
export async function* textOf(events: AsyncIterable<StreamEvent>, into: Collected, cap?: AnswerCap): AsyncIterable<string> {
  // cut into messages as the relay cuts them, so the cap counts the messages the relay would post
  const doc = cap ? new AnswerDocument(cap.messageChars) : undefined;
  try {
    for await (const event of events) {
      if (event.type !== 'text') {
        collect(event, into);
        continue;
      }
      if (!doc || !cap) {
        yield event.text;
        continue;
      }
      const before = doc.text.length;
      doc.append(event.text);
      const fits = fitting(doc, cap);
      if (fits >= doc.text.length) {
        yield event.text;
        continue;
      }
      if (fits > before) yield doc.text.slice(before, fits);
      into.cut = 'cap';
      return;
    }
  } catch (error) {
    if (error instanceof ResponseTooLargeError) {
      into.cut = 'too-large';
      return;
    }
    if (!(error instanceof PlatformError) || isRetryable(error)) throw error;
    into.stopped = error;
  }
}

/** How many characters of the answer so far fit into the cap's characters and messages. */
function fitting(doc: AnswerDocument, cap: AnswerCap): number {
  let fits = Math.min(doc.text.length, cap.maxChars);
  if (doc.partCount > cap.maxMessages) fits = Math.min(fits, doc.partStart(cap.maxMessages));
  if (fits >= doc.text.length) return fits;
  // never the first half of a surrogate pair alone (read only when cutting: reading the growing text copies it whole)
  const code = doc.text.charCodeAt(fits - 1);
  return code >= 0xd800 && code <= 0xdbff ? fits - 1 : fits;
}

function collect(event: StreamEvent, into: Collected): void {
  if (event.type === 'references') into.references = event.references;
  else if (event.type === 'usage') into.usage = event.usage;
  else if (event.type === 'session') {
    if (event.sessionId) into.ids.session_id = event.sessionId;
    if (event.chatId) into.ids.chat_id = event.chatId;
    if (event.chatItemId) into.ids.chat_item_id = event.chatItemId;
  }
}
