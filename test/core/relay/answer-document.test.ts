import { describe, expect, it } from 'vitest';
import { AnswerDocument } from '../../../src/core/relay/answer-document.js';
import { openFenceAt } from '../../../src/core/relay/fences.js';
import { seeded } from './streams.js';

const build = (text: string, max: number, chunks: string[] = [text]): AnswerDocument => {
  const doc = new AnswerDocument(max);
  for (const chunk of chunks) doc.append(chunk);
  expect(doc.text).toBe(text);
  return doc;
};
const displays = (doc: AnswerDocument): string[] => Array.from({ length: doc.partCount }, (_, i) => doc.part(i).display);
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

describe('AnswerDocument cuts a long answer into message-sized parts', () => {
  it('cuts after a paragraph break, then a line break, then a space, in that order of preference', () => {
    const paragraph = `${'a'.repeat(30)} ${'b'.repeat(20)}\n${'c'.repeat(20)}\n\n${'d'.repeat(60)}`;
    expect(build(paragraph, 100).parts()[0]).toBe(`${'a'.repeat(30)} ${'b'.repeat(20)}\n${'c'.repeat(20)}\n\n`);
    const line = `${'a'.repeat(30)} ${'b'.repeat(30)}\n${'c'.repeat(60)}`;
    expect(build(line, 100).parts()[0]).toBe(`${'a'.repeat(30)} ${'b'.repeat(30)}\n`);
    const words = `${'a'.repeat(70)} ${'b'.repeat(70)}`;
    expect(build(words, 100).parts()).toEqual([`${'a'.repeat(70)} `, 'b'.repeat(70)]);
  });

  it('never cuts a surrogate pair or a grapheme (skin-tone emoji, combining accents) on a hard cut', () => {
    const thumbs = '👍🏽'.repeat(60);
    const parts = build(thumbs, 50).parts();
    expect(parts.join('')).toBe(thumbs);
    for (const part of parts) expect(part.length % '👍🏽'.length).toBe(0);
    const accents = 'e\u0301'.repeat(100);
    for (const part of build(accents, 33).parts()) expect(part.startsWith('e\u0301')).toBe(true);
  });

  it('hides a trailing half of a surrogate pair from live display until its other half arrives', () => {
    const doc = build('hi \ud83d', 100);
    expect(doc.part(0, true).text).toBe('hi ');
    doc.append('\ude00');
    expect(doc.part(0, true).text).toBe('hi 😀');
  });

  it('cuts before a code fence that opened in this part rather than inside it', () => {
    const code = `\`\`\`ts\n${'const value = 1;\n'.repeat(4)}\`\`\`\n`;
    const text = `${'intro words '.repeat(5)}\n${code}${'tail words '.repeat(8)}`;
    const [first, second] = build(text, 100).parts();
    expect(first).toBe(`${'intro words '.repeat(5)}\n`);
    expect(second).toBe(code);
  });

  it('closes and reopens a code fence longer than a message, and the raw parts still join to the answer', () => {
    const code = Array.from({ length: 30 }, (_, i) => `line_${i} = compute(${i})`).join('\n');
    const text = `Before.\n\n\`\`\`python\n${code}\n\`\`\`\nAfter.`;
    const doc = build(text, 120);
    expect(doc.parts().join('')).toBe(text);
    const shown = displays(doc);
    expect(shown.length).toBeGreaterThan(3);
    for (const [i, display] of shown.entries()) {
      expect(display.length).toBeLessThanOrEqual(120);
      expect(openFenceAt(`${display}\n`, display.length + 1), `part ${i} leaves a fence open`).toBeUndefined();
      if (i > 1) expect(display.startsWith('```python\n')).toBe(true);
    }
  });

  it('keeps its promises on random text streamed in random chunks', () => {
    const random = seeded(20240611);
    const pieces = ['word ', 'längere ', '中文字符 ', '👍🏽 ', '👨‍👩‍👧 ', 'e\u0301 ', '\n', '\n\n', '```js\n', '\n```\n', 'x'.repeat(30)];
    for (let round = 0; round < 60; round += 1) {
      const max = 40 + Math.floor(random() * 300);
      let text = '';
      while (text.length < max * 6) text += pieces[Math.floor(random() * pieces.length)]!;
      const chunks: string[] = [];
      for (let at = 0; at < text.length; ) {
        const size = 1 + Math.floor(random() * 40);
        chunks.push(text.slice(at, at + size));
        at += size;
      }
      const doc = build(text, max, chunks);
      expect(doc.parts().join('')).toBe(text);
      for (let i = 0; i < doc.partCount; i += 1) {
        const { text: part, display, sealed } = doc.part(i);
        expect(display.length).toBeLessThanOrEqual(max);
        expect(part.length).toBeGreaterThan(0);
        expect(isLow(part.charCodeAt(0))).toBe(false);
        if (sealed) expect(openFenceAt(`${display}\n`, display.length + 1)).toBeUndefined();
      }
    }
  });

  it('answers isSealed, displayLength and displayFrom as part() would, after every chunk (fences and surrogates too)', () => {
    const random = seeded(20261128);
    const pieces = ['word ', '中文 ', '👍🏽 ', '\n', '```js\n', '\n```\n', 'x'.repeat(30)];
    for (let round = 0; round < 20; round += 1) {
      const max = 40 + Math.floor(random() * 120);
      let text = '';
      while (text.length < max * 4) text += pieces[Math.floor(random() * pieces.length)]!;
      const doc = new AnswerDocument(max);
      // chunks of 1 to 7 units: some end between the halves of a surrogate pair
      for (let at = 0; at < text.length; ) {
        const size = 1 + Math.floor(random() * 7);
        doc.append(text.slice(at, at + size));
        at += size;
        for (let i = 0; i < doc.partCount; i += 1) {
          for (const live of [false, true]) {
            const { display, sealed } = doc.part(i, live);
            expect(doc.isSealed(i)).toBe(sealed);
            expect(doc.displayLength(i, live)).toBe(display.length);
            for (const from of [0, 1, 4, Math.floor(display.length / 2), display.length - 3, display.length, display.length + 2]) {
              expect(doc.displayFrom(i, Math.max(0, from), live)).toBe(display.slice(Math.max(0, from)));
            }
          }
        }
      }
    }
  });
});
