import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { interruptedNote, StreamRelay } from '../../../src/core/relay/index.js';
import { translatorFor } from '../../../src/i18n/index.js';
import type { Button } from '../../../src/core/message.js';
import { FakeChatAdapter } from '../../helpers/fake-adapter.js';
import { settle } from './fake-time.js';
import { PushStream, threadIn } from './streams.js';

const thread = threadIn('T1');
/** a relay that names no language speaks the workspace default, English in the tests */
const en = translatorFor('en');
const retry: Button = { action: 'retry', label: 'Try again', value: 'step-2:v3' };

describe('StreamRelay when things break', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the partial text of a broken stream, marks it interrupted and offers the retry button', async () => {
    const adapter = new FakeChatAdapter();
    const stream = new PushStream();
    const done = new StreamRelay(adapter, { minEditIntervalMs: 1000 }).relay({ thread, deltas: stream, retry });
    stream.push('The first half');
    await vi.advanceTimersByTimeAsync(100);
    stream.push(' of the answer');
    const broken = new Error('socket hang up');
    stream.fail(broken);
    const result = await settle(done);
    expect(result).toMatchObject({ status: 'interrupted', error: broken, text: 'The first half of the answer' });
    const [message] = adapter.messagesIn(thread);
    expect(message!.content).toEqual({
      text: `The first half of the answer\n\n${interruptedNote(en)}`,
      blocks: [
        { type: 'markdown', text: 'The first half of the answer' },
        { type: 'context', text: interruptedNote(en) },
        { type: 'actions', buttons: [retry] },
      ],
    });
    expect(adapter.callsOf('edit').at(-1)!.at - adapter.callsOf('post')[0]!.at).toBe(100);
  });

  it('says the answer was interrupted even when the stream broke before any text', async () => {
    const adapter = new FakeChatAdapter();
    const stream = new PushStream();
    stream.fail(new Error('reset'));
    const result = await settle(new StreamRelay(adapter).relay({ thread, deltas: stream }));
    expect(result.status).toBe('interrupted');
    expect(adapter.messagesIn(thread)[0]!.content.blocks).toEqual([{ type: 'context', text: interruptedNote(en) }]);
  });

  it('says it in the language the answer is relayed in, which its messages carry for the adapter', async () => {
    const adapter = new FakeChatAdapter();
    const stream = new PushStream();
    stream.fail(new Error('reset'));
    await settle(new StreamRelay(adapter).relay({ thread, deltas: stream, lang: 'zh' }));
    expect(adapter.messagesIn(thread)[0]!.content).toMatchObject({ lang: 'zh', blocks: [{ type: 'context', text: '⚠️ 回答被中断。' }] });
  });

  it('continues in a new message, once, when the user deleted the message mid-stream', async () => {
    const adapter = new FakeChatAdapter();
    const stream = new PushStream();
    const done = new StreamRelay(adapter, { minEditIntervalMs: 100 }).relay({ thread, deltas: stream });
    stream.push('one');
    await vi.advanceTimersByTimeAsync(0);
    const [first] = adapter.messagesIn(thread);
    adapter.deleteMessage(first!.ref);
    stream.push(' two');
    await vi.advanceTimersByTimeAsync(100);
    stream.push(' three');
    stream.end();
    const result = await settle(done);
    const messages = adapter.messagesIn(thread);
    expect(messages.map((m) => [m.deleted, m.content.text])).toEqual([
      [true, 'one'],
      [false, 'one two three'],
    ]);
    expect(adapter.calls.map((c) => [c.kind, c.outcome])).toEqual([
      ['post', 'ok'],
      ['edit', 'gone'],
      ['post', 'ok'],
      ['edit', 'ok'],
    ]);
    expect(result).toMatchObject({ status: 'complete', messages: [messages[1]!.ref] });
  });

  it('stops quietly, releasing the stream, when the replacement is deleted too', async () => {
    const adapter = new FakeChatAdapter();
    const stream = new PushStream();
    adapter.onCall = (call) => {
      if (call.kind === 'edit') adapter.deleteMessage({ thread, messageId: call.messageId! });
    };
    const done = new StreamRelay(adapter, { minEditIntervalMs: 100 }).relay({ thread, deltas: stream });
    for (let i = 0; i < 5; i += 1) {
      stream.push(`${i} `);
      await vi.advanceTimersByTimeAsync(150);
    }
    const result = await settle(done);
    expect(result.status).toBe('gone');
    expect(result.messages).toEqual([]);
    expect(stream.returned).toBe(true);
    const callsWhenStopped = adapter.calls.length;
    stream.push('more');
    stream.end();
    await vi.advanceTimersByTimeAsync(5000);
    expect(adapter.calls.length).toBe(callsWhenStopped);
    expect(adapter.calls.map((c) => c.outcome)).toEqual(['ok', 'gone', 'ok', 'gone']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops quietly when the replacement for a deleted message cannot be posted', async () => {
    const adapter = new FakeChatAdapter();
    const stream = new PushStream();
    const done = new StreamRelay(adapter, { minEditIntervalMs: 100 }).relay({ thread, deltas: stream });
    stream.push('one');
    await vi.advanceTimersByTimeAsync(0);
    adapter.deleteMessage(adapter.messagesIn(thread)[0]!.ref);
    adapter.failNext('post', 1, () => new Error('is_archived'));
    stream.push(' two');
    const result = await settle(done);
    expect(result).toMatchObject({ status: 'gone', messages: [] });
    expect(adapter.calls.map((c) => [c.kind, c.outcome])).toEqual([
      ['post', 'ok'],
      ['edit', 'gone'],
      ['post', 'failed'],
    ]);
    expect(stream.returned).toBe(true);
  });

  it('rides out a few failed edits and still delivers the final text', async () => {
    const adapter = new FakeChatAdapter();
    const stream = new PushStream();
    const done = new StreamRelay(adapter, { minEditIntervalMs: 100 }).relay({ thread, deltas: stream });
    stream.push('a');
    await vi.advanceTimersByTimeAsync(0);
    adapter.failNext('edit', 2, () => new Error('502 from the chat API'));
    stream.push('b');
    stream.end();
    const result = await settle(done);
    expect(adapter.callsOf('edit').map((c) => c.outcome)).toEqual(['failed', 'failed', 'ok']);
    expect(adapter.messagesIn(thread)[0]!.content.text).toBe('ab');
    expect(result.status).toBe('complete');
  });

  it('gives up after repeated failures with status failed, and releases the stream', async () => {
    const adapter = new FakeChatAdapter();
    const stream = new PushStream();
    adapter.failNext('post', 3, () => new Error('channel_not_found'));
    const done = new StreamRelay(adapter).relay({ thread, deltas: stream });
    stream.push('lost cause');
    const result = await settle(done);
    expect(result.status).toBe('failed');
    expect((result.error as Error).message).toBe('channel_not_found');
    expect(stream.returned).toBe(true);
    expect(adapter.callsOf('post')).toHaveLength(3);
  });
});
