/** The adapter contract: what every chat adapter promises the core, proved through the real adapter and its fake's wire. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatAdapter, MessageRef } from '../../src/core/adapter.js';
import { ChatError, ChatRateLimitedError, MessageGoneError } from '../../src/core/chat-errors.js';
import { markdown } from '../../src/core/message.js';
import { chatOf, type ConversationId, type ThreadId } from '../../src/core/thread-id.js';

/** A message as it reached the fake: its id there and its visible words. */
export interface WireMessage {
  id: string;
  text: string;
}

/** The real adapter wired to its fake outside world, and the few hooks the suite needs into that world. */
export interface ContractWorld {
  adapter: ChatAdapter;
  /** a conversation the adapter can start threads in */
  conversation: ConversationId;
  /** the rate-limit scope the adapter names for that conversation (Slack team, Teams tenant) */
  scope: string;
  /** what the fake holds for a thread: the live messages in order, its first message first */
  messagesIn(thread: ThreadId): WireMessage[];
  /** the fake answers the next edit 429 with `Retry-After: <seconds>` */
  rateLimitNextEdit(seconds: number): void;
  /** a user deletes the message in the chat */
  deleteMessage(ref: MessageRef): void;
  /** how many edit requests have reached the fake */
  editRequests(): number;
  close(): Promise<void>;
}

/** Whitespace-insensitive words: renderers may lay paragraphs out differently, never lose or reorder a word. */
const words = (text: string): string => text.split(/\s+/).filter(Boolean).join(' ');

/** Markdown of `chars` characters in paragraphs of Chinese prose (about 130 characters each, 3 bytes a character). */
export function longText(chars: number): string {
  const paragraphs: string[] = [];
  for (let i = 0, length = 0; length < chars; i += 1) {
    const paragraph = `Paragraph ${i}: ${'固态电池的枝晶抑制方法。'.repeat(10)}`;
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
  }
  return paragraphs.join('\n\n').slice(0, chars).trimEnd();
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

export function describeAdapterContract(name: string, setup: () => Promise<ContractWorld>): void {
  describe(`${name} adapter: the adapter contract`, () => {
    let world: ContractWorld | undefined;
    afterEach(async () => {
      await world?.close();
      world = undefined;
    });
    const start = async (): Promise<ContractWorld> => (world = await setup());
    const thread = async (w: ContractWorld): Promise<MessageRef> => w.adapter.startThread(w.conversation, markdown('task started'));

    it('post returns a ref to the message the fake received, in the thread, after its first message', async () => {
      const w = await start();
      const parent = await thread(w);
      const ref = await w.adapter.post(parent.thread, markdown('step 1 done'));
      expect(ref.thread).toBe(parent.thread);
      expect(w.messagesIn(parent.thread)).toEqual([
        { id: parent.messageId, text: 'task started' },
        { id: ref.messageId, text: 'step 1 done' },
      ]);
    });

    it("edit replaces the message's text in place, adding no message", async () => {
      const w = await start();
      const parent = await thread(w);
      const ref = await w.adapter.post(parent.thread, markdown('thinking…'));
      await w.adapter.edit(ref, markdown('The answer is 42.'));
      expect(w.messagesIn(parent.thread)).toEqual([
        { id: parent.messageId, text: 'task started' },
        { id: ref.messageId, text: 'The answer is 42.' },
      ]);
      expect(w.editRequests()).toBe(1);
    });

    it('a 429 is ChatRateLimitedError with Retry-After in ms, scoped to the workspace, not retried, the message unchanged', async () => {
      const w = await start();
      const ref = await thread(w);
      w.rateLimitNextEdit(7);
      const error = await caught(w.adapter.edit(ref, markdown('b')));
      expect(error).toBeInstanceOf(ChatRateLimitedError);
      expect(error).toBeInstanceOf(ChatError);
      expect(error).toMatchObject({ kind: 'rate-limited', chat: w.adapter.chat, retryAfterMs: 7000, scope: w.scope });
      expect(w.editRequests()).toBe(1);
      expect(w.messagesIn(ref.thread)).toEqual([{ id: ref.messageId, text: 'task started' }]);
    });

    it('editing a deleted message throws MessageGoneError naming the ref', async () => {
      const w = await start();
      const parent = await thread(w);
      const ref = await w.adapter.post(parent.thread, markdown('a'));
      w.deleteMessage(ref);
      const error = await caught(w.adapter.edit(ref, markdown('b')));
      expect(error).toBeInstanceOf(MessageGoneError);
      expect(error).toMatchObject({ kind: 'message-gone', chat: chatOf(ref.thread), ref });
      expect(w.messagesIn(parent.thread).map((m) => m.id)).toEqual([parent.messageId]);
    });

    it('a message of limits.maxMessageChars goes out as one message', async () => {
      const w = await start();
      const parent = await thread(w);
      const text = longText(w.adapter.limits.maxMessageChars);
      const ref = await w.adapter.post(parent.thread, markdown(text));
      const [, only, ...more] = w.messagesIn(parent.thread);
      expect(more).toEqual([]);
      expect(only?.id).toBe(ref.messageId);
      expect(words(only?.text ?? '')).toBe(words(text));
    });

    it('a post past maxMessageChars continues in further messages, in order and whole; the ref is the last', async () => {
      const w = await start();
      const parent = await thread(w);
      const text = longText(w.adapter.limits.maxMessageChars * 2.5);
      const ref = await w.adapter.post(parent.thread, markdown(text));
      const replies = w.messagesIn(parent.thread).slice(1);
      expect(replies.length).toBeGreaterThanOrEqual(3);
      expect(ref.messageId).toBe(replies[replies.length - 1]?.id);
      expect(words(replies.map((m) => m.text).join('\n'))).toBe(words(text));
    });

    it('an edit past maxMessageChars replaces the message with the first part and posts the rest below it', async () => {
      const w = await start();
      const parent = await thread(w);
      const ref = await w.adapter.post(parent.thread, markdown('short'));
      const text = longText(w.adapter.limits.maxMessageChars * 2.5);
      await w.adapter.edit(ref, markdown(text));
      const [first, edited, ...rest] = w.messagesIn(parent.thread);
      expect(first?.id).toBe(parent.messageId);
      expect(edited?.id).toBe(ref.messageId);
      expect(rest.length).toBeGreaterThanOrEqual(2);
      expect(words([edited, ...rest].map((m) => m?.text).join('\n'))).toBe(words(text));
    });
  });
}
