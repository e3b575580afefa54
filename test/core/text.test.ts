import { expect, test } from 'vitest';
import { httpUrl, splitText, stripControl, truncate } from '../../src/core/text.js';

test('splitText cuts at paragraph, line or word breaks, never inside a surrogate pair, and joins back whole', () => {
  const text = `${'para one '.repeat(30)}\n\n${'line two '.repeat(20)}\n${'🧪'.repeat(40)} tail`;
  for (const max of [17, 50, 101, 333]) {
    const pieces = splitText(text, max);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(max);
      expect(/^[\uDC00-\uDFFF]/.test(piece)).toBe(false);
    }
  }
  expect(splitText('', 10)).toEqual(['']);
});

test('truncate keeps code points whole; stripControl drops control characters and normalises line ends', () => {
  expect(truncate('abcdef', 4)).toBe('abc…');
  expect(truncate('ab🧪cd', 4)).toBe('ab…');
  expect(stripControl('a\u0000b\r\nc\u0007\td')).toBe('ab\nc\td');
});

test('httpUrl accepts http(s) only', () => {
  expect(httpUrl('https://example.com/a?b=1')?.href).toBe('https://example.com/a?b=1');
  expect(httpUrl('javascript:alert(1)')).toBeUndefined();
  expect(httpUrl('not a url')).toBeUndefined();
  expect(httpUrl(undefined)).toBeUndefined();
});
