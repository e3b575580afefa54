/** The chat adapter as measured: every call counted by method and outcome, each capability kept or left absent. */
import { describe, expect, test } from 'vitest';
import type { ChatAdapter, MessageRef, NativeStream } from '../../src/core/adapter.js';
import { noopMetrics, type BotMetrics } from '../../src/core/metrics.js';
import { chatOutcome, measuredAdapter } from '../../src/metrics/measured-adapter.js';
import { ChatRateLimitedError, MessageGoneError } from '../../src/core/chat-errors.js';
import { SlackApiError } from '../../src/adapters/slack/errors.js';
import { TeamsApiError } from '../../src/adapters/teams/errors.js';
import { threadId } from '../../src/core/thread-id.js';

describe('chatOutcome', () => {
  test('429, gone, 5xx from Slack codes and Teams statuses, the rest error', () => {
    expect(chatOutcome(new ChatRateLimitedError(1_000, 'T1', 'slack'))).toBe('429');
    expect(chatOutcome(new MessageGoneError({ thread: threadId('slack', 'T1', 'C1', '1.2'), messageId: '1.3' }))).toBe('gone');
    expect(chatOutcome(new SlackApiError('chat.update', 'http_503'))).toBe('5xx');
    expect(chatOutcome(new SlackApiError('chat.postMessage', 'internal_error'))).toBe('5xx');
    expect(chatOutcome(new SlackApiError('chat.postMessage', 'channel_not_found'))).toBe('error');
    expect(chatOutcome(new TeamsApiError('updateActivity', 500, 'ServiceError'))).toBe('5xx');
    expect(chatOutcome(new TeamsApiError('sendActivity', 403, 'Forbidden'))).toBe('error');
    expect(chatOutcome(new Error('socket hang up'))).toBe('error');
  });
});

/** An adapter written as the real ones are: a class whose methods use `this`, some capabilities left out. */
class PlainAdapter {
  readonly chat = 'slack' as const;
  readonly invocation = '/iip ';
  limits = { maxMessageChars: 3_000 };
  readonly calls: string[] = [];
  private posted = 0;
  async startThread(): Promise<MessageRef> {
    return this.post();
  }
  async post(): Promise<MessageRef> {
    this.calls.push('post');
    this.posted += 1;
    return { thread: threadId('slack', 'T1', 'C1', '1.2'), messageId: `1.${this.posted}` };
  }
  async edit(): Promise<void> {
    this.calls.push('edit');
    throw new ChatRateLimitedError(2_000, 'T1', 'slack');
  }
  async setStatus(_thread: unknown, status: string): Promise<void> {
    this.calls.push(`status ${status}`);
  }
  async nativeStream(): Promise<NativeStream> {
    const calls = this.calls;
    const ref = { thread: threadId('slack', 'T1', 'C1', '1.2'), messageId: '1.9' };
    return {
      append: async (delta) => void calls.push(`append ${delta}`),
      stop: async () => {
        calls.push('stop');
        return ref;
      },
    };
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

describe('measuredAdapter', () => {
  const measuredOf = () => {
    const counted: string[] = [];
    const plain = new PlainAdapter();
    const metrics: BotMetrics = { ...noopMetrics, chatCall: (chat, method, outcome) => void counted.push(`${chat} ${method} ${outcome}`) };
    return { plain, counted, adapter: measuredAdapter(plain as unknown as ChatAdapter, metrics) };
  };
  const thread = threadId('slack', 'T1', 'C1', '1.2');

  test('counts calls by method and outcome, run as the adapter itself (its `this`)', async () => {
    const { plain, counted, adapter } = measuredOf();
    const ref = await adapter.post(thread, { text: 'hi' });
    await expect(adapter.edit(ref, { text: 'more' })).rejects.toBeInstanceOf(ChatRateLimitedError);
    await adapter.startThread({ chat: 'slack', workspaceId: 'T1', conversationId: 'C1' } as never, { text: 'q' });
    const stream = await adapter.nativeStream!(thread);
    await stream!.append('a');
    await stream!.stop({ text: 'a' });
    await adapter.setStatus!(thread, 'thinking');
    expect(plain.calls).toEqual(['post', 'edit', 'post', 'append a', 'stop', 'status thinking']);
    expect(counted).toEqual([
      'slack post ok',
      'slack edit 429',
      'slack startThread ok',
      'slack stream.start ok',
      'slack stream.append ok',
      'slack stream.stop ok',
    ]);
  });

  test('lacks what the adapter lacks, so the core falls back; reads limits through', () => {
    const { plain, adapter } = measuredOf();
    expect(adapter.openForm).toBeUndefined();
    expect(adapter.publishHome).toBeUndefined();
    expect(adapter.removeMessage).toBeUndefined();
    expect(adapter.dedupesPosts).toBeUndefined();
    expect(adapter.nativeStream).toBeTypeOf('function');
    expect(adapter.chat).toBe('slack');
    expect(adapter.invocation).toBe('/iip ');
    plain.limits = { maxMessageChars: 4_000 };
    expect(adapter.limits.maxMessageChars).toBe(4_000);
  });
});
