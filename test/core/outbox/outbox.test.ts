/**
 * The outbox on its own: writes into one conversation go in order, a 429 holds back every write to that
 * conversation for its Retry-After (not other conversations') and is tried again, a failure that may have taken
 * effect is repeated only where that cannot show twice, attempts are bounded, and each write is journaled before
 * the chat is called.
 */
import { describe, expect, test } from 'vitest';
import { ChatError, ChatRateLimitedError } from '../../../src/core/chat-errors.js';
import { ChatOutbox, ConversationGate, MAX_WRITE_ATTEMPTS, MemoryJournal, type WriteEntry } from '../../../src/core/outbox/index.js';

/** A 5xx or a lost answer, as an adapter reports it. */
class ChatUnavailable extends ChatError {
  readonly kind = 'call-failed';
  constructor() {
    super('the chat answered 503', 'slack', true);
  }
}
class ChatRefused extends ChatError {
  readonly kind = 'call-failed';
  constructor() {
    super('invalid_blocks', 'slack', false);
  }
}

const unpaced = () => new ChatOutbox(new ConversationGate({}));
const write = (outbox: ChatOutbox, conversation: string, send: (id: string, attempt: number) => Promise<string>, idempotent = false) =>
  outbox.write({ conversation, kind: 'post', what: 'post', idempotent, send });

describe('ChatOutbox', () => {
  test('a 429 holds back every write to its conversation for its Retry-After, then tries again; other conversations go on', async () => {
    const outbox = unpaced();
    const sent: { what: string; at: number }[] = [];
    const started = Date.now();
    let refused = false;
    const first = write(outbox, 'c1', async () => {
      if (!refused) {
        refused = true;
        throw new ChatRateLimitedError(300, 'T1', 'teams');
      }
      sent.push({ what: 'form', at: Date.now() - started });
      return 'form';
    });
    const second = write(outbox, 'c1', async () => {
      sent.push({ what: 'note', at: Date.now() - started });
      return 'note';
    });
    const elsewhere = await write(outbox, 'c2', async () => {
      sent.push({ what: 'other', at: Date.now() - started });
      return 'other';
    });
    expect(await first).toBe('form');
    expect(await second).toBe('note');
    expect(elsewhere).toBe('other');
    // the other conversation was not held; c1's writes went after the pause, in the order they were asked for
    expect(sent.map((s) => s.what)).toEqual(['other', 'form', 'note']);
    expect(sent[1]!.at).toBeGreaterThanOrEqual(295);
  });

  test('a failure that may have taken effect is repeated only for a write that cannot show twice', async () => {
    const outbox = unpaced();
    const attempts: Record<string, { id: string; attempt: number }[]> = { post: [], edit: [] };
    const flaky = (kind: 'post' | 'edit') => async (id: string, attempt: number) => {
      attempts[kind]!.push({ id, attempt });
      if (attempt === 1) throw new ChatUnavailable();
      return kind;
    };
    await expect(write(outbox, 'c1', flaky('post'))).rejects.toBeInstanceOf(ChatUnavailable);
    expect(await write(outbox, 'c1', flaky('edit'), true)).toBe('edit');
    expect(attempts.post).toHaveLength(1);
    // the second attempt carries the first one's write id: the adapter looks the write up by it
    expect(attempts.edit!.map((a) => a.attempt)).toEqual([1, 2]);
    expect(attempts.edit![0]!.id).toBe(attempts.edit![1]!.id);
  });

  test('a refusal is final, and attempts are bounded', async () => {
    const outbox = unpaced();
    let refusals = 0;
    await expect(
      write(
        outbox,
        'c1',
        async () => {
          refusals += 1;
          throw new ChatRefused();
        },
        true,
      ),
    ).rejects.toBeInstanceOf(ChatRefused);
    expect(refusals).toBe(1);
    let limited = 0;
    await expect(
      write(outbox, 'c1', async () => {
        limited += 1;
        throw new ChatRateLimitedError(1, 'T1');
      }),
    ).rejects.toBeInstanceOf(ChatRateLimitedError);
    expect(limited).toBe(MAX_WRITE_ATTEMPTS);
  });

  test('each write is in the journal before the chat is called, and settled after', async () => {
    const outbox = unpaced();
    let seenWhileSending: string[] = [];
    await write(outbox, 'c1', async (id) => {
      seenWhileSending = (await outbox.journal.pending()).map((e) => `${e.id === id ? 'this' : 'other'}:${e.state}`);
      return 'ok';
    });
    expect(seenWhileSending).toEqual(['this:pending']);
    // the settlement is stored without the write waiting for it
    await new Promise((resolve) => setImmediate(resolve));
    expect(await outbox.journal.pending()).toEqual([]);
    expect((await outbox.journal.recent()).map((e) => [e.what, e.state, e.attempts])).toEqual([['post', 'sent', 1]]);
    await write(outbox, 'c1', async () => {
      throw new ChatRefused();
    }).catch(() => undefined);
    expect((await outbox.journal.recent()).at(-1)).toMatchObject({ state: 'failed', error: 'invalid_blocks' });
  });

  test("the conversation's windows pace the writes; posts have windows of their own", async () => {
    const gate = new ConversationGate({ conversationRate: [{ max: 2, windowMs: 200 }], postRate: [{ max: 1, windowMs: 300 }] });
    const outbox = new ChatOutbox(gate);
    const started = Date.now();
    const at: number[] = [];
    const edit = () =>
      outbox.write({ conversation: 'c', kind: 'edit', what: 'edit', idempotent: true, send: async () => at.push(Date.now() - started) });
    await Promise.all([edit(), edit(), edit()]);
    // two at once, the third once the window has room
    expect(at[2]).toBeGreaterThanOrEqual(195);
    const posts: number[] = [];
    const post = () => outbox.write({ conversation: 'p', kind: 'post', what: 'post', idempotent: false, send: async () => posts.push(Date.now()) });
    await Promise.all([post(), post()]);
    expect(posts[1]! - posts[0]!).toBeGreaterThanOrEqual(295);
  });

  test('the chat is called only once the journal stored the write, with its payload; a journal that refuses does not stop the write', async () => {
    const stored: string[] = [];
    const journal = new MemoryJournal();
    const slow = Object.assign(Object.create(journal) as MemoryJournal, {
      record: async (entry: WriteEntry) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        stored.push(`${entry.what}:${entry.payload?.message.text}`);
        return journal.record(entry);
      },
    });
    const outbox = new ChatOutbox(new ConversationGate({}), { journal: slow });
    const seen: string[][] = [];
    const message = { text: 'Step 1 of 5' };
    await outbox.write({
      conversation: 'c1',
      kind: 'post',
      what: 'post',
      idempotent: true,
      payload: { message },
      send: async () => seen.push([...stored]),
    });
    expect(seen).toEqual([['post:Step 1 of 5']]);
    const refusing = Object.assign(Object.create(journal) as MemoryJournal, { record: () => Promise.reject(new Error('ENOSPC')) });
    const unjournaled = new ChatOutbox(new ConversationGate({}), { journal: refusing });
    expect(await unjournaled.write({ conversation: 'c1', kind: 'post', what: 'post', idempotent: true, send: async () => 'posted' })).toBe('posted');
  });
});
