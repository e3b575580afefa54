import { describe, expect, test } from 'vitest';
import { ConversationPacer } from '../../../src/core/relay/conversation-pacer.js';

describe('ConversationPacer', () => {
  test('lets calls into one conversation go at most `max` per window, in the order they asked; other conversations are not held', async () => {
    const pacer = new ConversationPacer([{ max: 3, windowMs: 300 }], Date.now);
    const started = Date.now();
    const released: { call: number; at: number }[] = [];
    const calls = Array.from({ length: 7 }, (_, call) => pacer.take('c1').then(() => released.push({ call, at: Date.now() - started })));
    await pacer.take('c2');
    const other = Date.now() - started;
    await Promise.all(calls);
    expect(other).toBeLessThan(150);
    expect(released.map((r) => r.call)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // three go at once, the next three a window later, the seventh two windows later (a timer may fire a millisecond early)
    for (const { call, at } of released) expect(at).toBeGreaterThanOrEqual(Math.floor(call / 3) * 300 - 2);
  });

  test('keeps every window at once', async () => {
    const pacer = new ConversationPacer(
      [
        { max: 2, windowMs: 100 },
        { max: 3, windowMs: 400 },
      ],
      Date.now,
    );
    const started = Date.now();
    const at: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      await pacer.take('c');
      at.push(Date.now() - started);
    }
    // two at once, the third when the short window has room, the fourth when the long one has
    expect(at[2]).toBeGreaterThanOrEqual(98);
    expect(at[3]).toBeGreaterThanOrEqual(398);
  });

  test('refuses a window without room', () => {
    expect(() => new ConversationPacer([{ max: 0, windowMs: 1000 }], Date.now)).toThrow(RangeError);
  });
});
