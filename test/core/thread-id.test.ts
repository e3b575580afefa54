import { describe, expect, test } from 'vitest';
import { conversationId, conversationOf, decodeId, chatOf, threadId, workspaceOf } from '../../src/core/thread-id.js';

describe('thread ids', () => {
  test.each([
    ['slack', ['T1', 'C1', '1712345.678']],
    ['teams', ['72f988bf-86f1', '19:abc@thread.tacv2;messageid=1712345678', '1712345678']],
    ['console', ['local', 'terminal', '3']],
    ['slack', ['T:odd', 'C%20', 'ts with spaces and ü']],
  ] as const)('%s ids round-trip through encode and decode', (platform, parts) => {
    const id = threadId(platform, ...parts);
    expect(id.startsWith(`${platform}:`)).toBe(true);
    expect(decodeId(id)).toEqual({ chat: platform, parts: [...parts] });
    expect(chatOf(id)).toBe(platform);
  });

  test('a thread belongs to the conversation made of all but its last part', () => {
    const thread = threadId('teams', 'tenant', '19:abc@thread.tacv2', '1712');
    expect(conversationOf(thread)).toBe(conversationId('teams', 'tenant', '19:abc@thread.tacv2'));
  });

  test('workspace is platform plus first part', () => {
    expect(workspaceOf(threadId('slack', 'T9', 'C1', '1.2'))).toBe('slack:T9');
    expect(workspaceOf(conversationId('slack', 'T9', 'C1'))).toBe('slack:T9');
  });

  test('rejects what is not an id', () => {
    expect(() => decodeId('nope')).toThrow(/not a thread/);
    expect(() => decodeId('irc:a:b')).toThrow(/not a thread/);
    expect(() => threadId('slack')).toThrow(/at least one part/);
  });
});
