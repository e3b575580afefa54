import { expect, test } from 'vitest';
import { charCount, clustersOf, httpUrl, splitText, stripControl, truncate, truncateStart } from '../../src/core/text.js';

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

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

test('charCount counts code points as the platform does: an emoji or a supplementary CJK character is one', () => {
  expect(charCount('')).toBe(0);
  expect(charCount('abc')).toBe(3);
  expect(charCount('锂电池')).toBe(3);
  expect(charCount('🔋'.repeat(500))).toBe(500);
  expect('🔋'.repeat(500).length).toBe(1_000);
  // U+20BB7 𠮷, a CJK character outside the basic plane
  expect(charCount('𠮷野家🧪')).toBe(4);
  for (const text of ['电池🔋a𠮷', '\uD83Dx', 'x\uDD0B']) expect(charCount(text)).toBe(Array.from(text).length);
});

test('truncate and truncateStart never leave half a surrogate pair, with emoji and CJK at every boundary', () => {
  const mixed = '锂🔋电𠮷池🧪'.repeat(20);
  for (let max = 2; max <= 40; max += 1) {
    for (const cut of [truncate(mixed, max), truncateStart(mixed, max)]) {
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(loneSurrogate.test(cut), JSON.stringify(cut)).toBe(false);
    }
    expect(mixed.startsWith(truncate(mixed, max).slice(0, -1))).toBe(true);
    expect(mixed.endsWith(truncateStart(mixed, max).slice(1))).toBe(true);
  }
  expect(truncate('电池正极材料', 4)).toBe('电池正…');
  expect(truncateStart('电池正极材料', 4)).toBe('…极材料');
  expect(truncateStart('ab🧪cd', 4)).toBe('…cd');
  expect(truncateStart('🧪🧪🧪', 4)).toBe('…🧪');
  expect(truncateStart('短', 4)).toBe('短');
});

test('httpUrl accepts http(s) only', () => {
  expect(httpUrl('https://example.com/a?b=1')?.href).toBe('https://example.com/a?b=1');
  expect(httpUrl('javascript:alert(1)')).toBeUndefined();
  expect(httpUrl('not a url')).toBeUndefined();
  expect(httpUrl(undefined)).toBeUndefined();
});

test('clustersOf keeps every user-perceived character whole across its segmenting windows, at every offset', () => {
  const whole = new Intl.Segmenter('en', { granularity: 'grapheme' });
  const units = ['👩‍🔬', '🇫🇷', 'e\u0301', '中', 'a', '👍🏽', '❤️', '\r\n', '각'];
  for (let offset = 0; offset < 7; offset += 1) {
    for (const unit of units) {
      const text = `${'x'.repeat(offset)}${unit.repeat(400)}y`;
      const expected = Array.from(whole.segment(text), (part) => part.segment);
      expect(clustersOf(text)).toEqual(expected);
    }
  }
  // a single cluster longer than a window (a letter under 500 accents) stays one
  const zalgo = `a${'\u0301'.repeat(500)}b`;
  expect(clustersOf(zalgo)).toEqual([`a${'\u0301'.repeat(500)}`, 'b']);
  expect(clustersOf('')).toEqual([]);
  expect(clustersOf('😀')).toEqual(['😀']);
});

test('truncate cuts a long text of emoji sequences at a cluster boundary without segmenting all of it', () => {
  const text = '👩‍🔬'.repeat(20_000);
  const cut = truncate(text, 3_001);
  expect(cut.endsWith('👩‍🔬…')).toBe(true);
  expect(cut.length).toBeLessThanOrEqual(3_001);
});

test('truncate cuts a long text where segmenting it whole would: emoji sequences, flags, accents, far from its start', () => {
  const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
  // the reference: the last boundary of the whole text's clusters at or before the cut
  const expected = (text: string, max: number): string => {
    let end = 0;
    for (const { segment } of segmenter.segment(text)) {
      if (end + segment.length > max - 1) break;
      end += segment.length;
    }
    return `${text.slice(0, end).trimEnd()}…`;
  };
  const pieces = ['a', 'b ', '电', '👩‍🔬', '👨‍👩‍👧‍👦', '🇨🇳', '🇩🇪', 'é', 'e\u0301', '🔋', '\n', '𠮷', 'ก\u0e35'];
  let seed = 7;
  const random = (n: number): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  for (let round = 0; round < 40; round += 1) {
    const text = Array.from({ length: 300 + random(600) }, () => pieces[random(pieces.length)]).join('');
    // a run of flags long enough that a window inside it starts mid-pair
    const flagged = round % 4 === 0 ? text.slice(0, 200) + '🇨🇳🇩🇪'.repeat(60) + text.slice(200) : text;
    for (const max of [150, 257, 400, 555, flagged.length - 3]) expect(truncate(flagged, max)).toBe(expected(flagged, max));
  }
});
