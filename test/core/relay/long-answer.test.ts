import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamRelay } from '../../../src/core/relay/index.js';
import { openFenceAt } from '../../../src/core/relay/fences.js';
import { FakeChatAdapter } from '../../helpers/fake-adapter.js';
import { settle } from './fake-time.js';
import { seeded, threadIn, timedDeltas, type Timed } from './streams.js';

const MAX = 2000;
const SHORT_CODE = `\`\`\`ts\n${Array.from({ length: 40 }, (_, i) => `const v${i} = "naïve ✓ ${i}";`).join('\n')}\n\`\`\`\n`;
const LONG_CODE = `\`\`\`python\n${Array.from({ length: 180 }, (_, i) => `row_${i} = fetch("専利", ${i})  # 👍🏽`).join('\n')}\n\`\`\`\n`;

/** ~30,000 characters of prose with accents, CJK, emoji (surrogate pairs, ZWJ), a short and a very long code block. */
function longAnswer(): string {
  const random = seeded(7);
  const words = ['patent', 'claim', 'prior-art', 'naïveté', '特許', '新颖性', '👍🏽', '👨‍👩‍👧', 'e\u0301tude', 'résumé'];
  const paragraph = (): string =>
    `${Array.from({ length: 30 + Math.floor(random() * 60) }, () => words[Math.floor(random() * words.length)]).join(' ')}\n\n`;
  let text = '';
  while (text.length < 9000) text += paragraph();
  text += SHORT_CODE;
  while (text.length < 16_000) text += paragraph();
  text += LONG_CODE;
  while (text.length < 30_000) text += paragraph();
  return text;
}

/** The text in chunks of 1-120 characters, cut anywhere (even between the halves of a surrogate pair). */
function chunked(text: string): Timed[] {
  const random = seeded(99);
  const timetable: Timed[] = [];
  for (let at = 0, time = 5; at < text.length; time += 5) {
    const size = 1 + Math.floor(random() * 120);
    timetable.push({ at: time, delta: text.slice(at, at + size) });
    at += size;
  }
  return timetable;
}

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

describe('StreamRelay with an answer longer than one message', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('continues in new messages: nothing cut, nothing duplicated, fences balanced, each message finished first', async () => {
    const answer = longAnswer();
    expect(answer.length).toBeGreaterThanOrEqual(30_000);
    const adapter = new FakeChatAdapter({ maxMessageChars: MAX });
    const thread = threadIn('T1');
    const relay = new StreamRelay(adapter, { minEditIntervalMs: 50, workspaceEditsPerMinute: 6000 });
    const result = await settle(relay.relay({ thread, deltas: timedDeltas(chunked(answer)) }));

    expect(result.status).toBe('complete');
    expect(result.text).toBe(answer);
    expect(result.parts.join('')).toBe(answer);
    const messages = adapter.messagesIn(thread);
    expect(messages.length).toBeGreaterThanOrEqual(16);
    expect(messages.map((m) => m.ref)).toEqual(result.messages);
    expect(messages).toHaveLength(result.parts.length);

    let reopened = 0;
    messages.forEach((message, i) => {
      const shown = message.content.text;
      const part = result.parts[i]!;
      for (const past of message.history) expect(past.text.length).toBeLessThanOrEqual(MAX);
      expect(isLow(shown.charCodeAt(0)) || isHigh(shown.charCodeAt(shown.length - 1))).toBe(false);
      expect(openFenceAt(`${shown}\n`, shown.length + 1), `message ${i} leaves a code fence open`).toBeUndefined();
      // The only thing a message may add to its part: a cut code fence reopened before it and closed after it.
      const opening = shown.startsWith('```python\n') && !part.startsWith('```python\n') ? '```python\n' : '';
      const body = shown.slice(opening.length);
      expect([part, `${part}\`\`\``]).toContain(body);
      if (opening) reopened += 1;
    });
    expect(reopened).toBeGreaterThanOrEqual(2);
    expect(messages.some((m) => m.content.text.includes(SHORT_CODE))).toBe(true);

    // every message has its whole part before the next one is posted
    for (let i = 1; i < messages.length; i += 1) {
      const previous = adapter.calls.filter(
        (c) => c.messageId === messages[i - 1]!.ref.messageId || (c.kind === 'post' && c.message === messages[i - 1]!.history[0]),
      );
      const post = adapter.calls.find((c) => c.kind === 'post' && c.message === messages[i]!.history[0])!;
      expect(Math.max(...previous.map((c) => c.settledAt!))).toBeLessThanOrEqual(post.at);
    }
  });

  it('posts every part of an answer that arrives in one piece, in order', async () => {
    const answer = longAnswer();
    const adapter = new FakeChatAdapter({ maxMessageChars: MAX });
    const thread = threadIn('T1');
    const result = await settle(new StreamRelay(adapter).relay({ thread, deltas: timedDeltas([{ at: 1, delta: answer }]) }));
    expect(adapter.calls.every((c) => c.kind === 'post')).toBe(true);
    expect(result.parts.join('')).toBe(answer);
    expect(adapter.messagesIn(thread).map((m) => m.history.length)).toEqual(result.parts.map(() => 1));
  });
});
