/**
 * The relay's native path over several parts and when a stream breaks: each sealed part is stopped and the next
 * opens a new stream (no posts), and an append failing after text was shown goes on by editing the message the
 * adapter named, so the answer ends whole in one message per part.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { StreamRelay } from '../../../src/core/relay/index.js';
import { FakeChatAdapter } from '../../helpers/fake-adapter.js';
import { settle } from './fake-time.js';
import { joined, steady, threadIn, timedDeltas } from './streams.js';

const thread = threadIn('T1');
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('streams every part natively: a sealed part is stopped and the next opens its own stream', async () => {
  const adapter = new FakeChatAdapter({ native: 'available', maxMessageChars: 200 });
  const timetable = steady(120, 5);
  const result = await settle(new StreamRelay(adapter, { minEditIntervalMs: 50 }).relay({ thread, deltas: timedDeltas(timetable) }));
  expect(result.status).toBe('complete');
  expect(result.parts.length).toBeGreaterThanOrEqual(3);
  expect(adapter.callsOf('post')).toEqual([]);
  expect(adapter.callsOf('edit')).toEqual([]);
  expect(adapter.callsOf('stream')).toHaveLength(result.parts.length);
  expect(adapter.callsOf('stop')).toHaveLength(result.parts.length);
  const shown = adapter.messagesIn(thread).map((m) => m.content.text);
  expect(shown).toEqual(result.parts);
  expect(shown.join('')).toBe(joined(timetable));
  expect(result.messages).toEqual(adapter.messagesIn(thread).map((m) => m.ref));
});

it('an append failing after text was shown: the streamed message named by the adapter is edited on to the end', async () => {
  const adapter = new FakeChatAdapter({ native: 'available' });
  const named = adapter.nativeStream!;
  // the fake's stream names its message, as Slack's does (append resolves to it)
  adapter.nativeStream = async (t) => {
    const stream = await named(t);
    if (!stream) return undefined;
    let appended = 0;
    return {
      append: async (delta) => {
        if (++appended === 3) throw new Error('channel_type_not_supported');
        await stream.append(delta);
        return adapter.messagesIn(t)[0]!.ref;
      },
      stop: (final) => stream.stop(final),
    };
  };
  const timetable = steady(40, 20);
  const result = await settle(new StreamRelay(adapter, { minEditIntervalMs: 50 }).relay({ thread, deltas: timedDeltas(timetable) }));
  expect(result.status).toBe('complete');
  const messages = adapter.messagesIn(thread);
  expect(messages).toHaveLength(1);
  expect(messages[0]!.content.text).toBe(joined(timetable));
  expect(adapter.callsOf('post')).toEqual([]);
  expect(adapter.callsOf('edit').length).toBeGreaterThan(0);
  expect(adapter.callsOf('stop')).toEqual([]);
});
