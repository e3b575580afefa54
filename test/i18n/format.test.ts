/** Numbers, dates and durations in each language through Intl; Chinese text cut and split without breaking a character. */
import { expect, test } from 'vitest';
import { splitText, truncate } from '../../src/core/text.js';
import { chooseCut } from '../../src/core/relay/split.js';
import { formatDate, formatDateTime, formatDuration, formatFileSize, formatNumber, formatRelative } from '../../src/i18n/format.js';
import { translatorFor } from '../../src/i18n/index.js';
import { countWords } from '../../src/core/text-verbs.js';
import { parseProblemArgs } from '../../src/handlers/shared/problem-args.js';

const moment = Date.UTC(2025, 10, 24, 6, 38);

test('numbers, dates, durations and relative times follow the current language', () => {
  expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
  expect(formatNumber(1234567.5, 'zh')).toBe('1,234,567.5');
  // ICU versions differ in the kind of space before AM
  expect(formatDateTime(moment, 'en').replace(/\s/g, ' ')).toBe('Nov 24, 2025, 6:38 AM UTC');
  expect(formatDateTime(moment, 'zh')).toBe('2025年11月24日 06:38 UTC');
  expect(formatDate(moment, 'en')).toBe('Nov 24, 2025');
  expect(formatDate(moment, 'zh')).toBe('2025年11月24日');
  expect(formatDuration(2 * 3_600_000 + 5 * 60_000 + 9_000, 'en')).toBe('2 hours, 5 minutes');
  expect(formatDuration(2 * 3_600_000 + 5 * 60_000 + 9_000, 'zh')).toBe('2小时5分钟');
  expect(formatDuration(61_000, 'en')).toBe('1 minute, 1 second');
  expect(formatDuration(400, 'zh')).toBe('0秒钟');
  expect(formatRelative(moment - 3 * 60_000, moment, 'en')).toBe('3 minutes ago');
  expect(formatRelative(moment - 3 * 60_000, moment, 'zh')).toBe('3分钟前');
  expect(formatRelative(moment + 2 * 3_600_000, moment, 'zh')).toBe('2小时后');
  expect(formatDuration(90_000, 'zh')).toBe('1分钟30秒钟');
  expect(formatDuration(90_000, 'en')).toBe('1 minute, 30 seconds');
});

test('file sizes in MB from a mebibyte up, else whole kB (at least 1), with Intl units', () => {
  expect(formatFileSize(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
  expect(formatFileSize(2.5 * 1024 * 1024, 'zh')).toBe('2.5 MB');
  expect(formatFileSize(1024 * 1024, 'en')).toBe('1.0 MB');
  expect(formatFileSize(1_300_000 * 1024, 'en')).toBe('1,269.5 MB');
  expect(formatFileSize(300, 'en')).toBe('1 kB');
  expect(formatFileSize(1_000 * 1024, 'zh')).toBe('1,000 kB');
  expect(formatFileSize(20 * 1024, 'zh')).toBe('20 kB');
});

const chinese = '一种用于光学装置的陶瓷基板结构，包括陶瓷基板与绝缘层。承载胶杯以射出成型方式结合🧪在凹杯成型区上！'.repeat(6);

test('Chinese with emoji is truncated and split whole: no half character, no half surrogate pair, cut after punctuation', () => {
  for (const max of [5, 17, 40, 101]) {
    const cut = truncate(chinese, max);
    expect(cut.length).toBeLessThanOrEqual(max);
    expect(cut.endsWith('…')).toBe(true);
    expect(/[\uD800-\uDBFF]…$/.test(cut)).toBe(false);
    const pieces = splitText(chinese, max);
    expect(pieces.join('')).toBe(chinese);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(max);
      expect(/^[\uDC00-\uDFFF]/.test(piece) || /[\uD800-\uDBFF]$/.test(piece)).toBe(false);
    }
  }
  // a window with a sentence end in its second half is cut right after it
  expect(splitText(chinese, 60)[0]).toMatch(/[。！，]$/);
  const { at } = chooseCut(chinese, 0, 60);
  expect(chinese.slice(0, at)).toMatch(/[。！，]$/);
});

test('limits the platform counts are counted its way: Chinese characters as words, characters as code points', () => {
  expect(countWords('一种陶瓷基板 with two layers')).toBe(9);
  expect(countWords('新颖性检索')).toBe(5);
  // 500 characters of Chinese with emoji: each emoji is one character, as the platform counts them
  const exactly = `${'陶'.repeat(490)}${'🧪'.repeat(10)}`;
  expect(exactly.length).toBe(510);
  expect(parseProblemArgs(exactly, 'cn', { noun: 'problem', maxChars: 500 }, translatorFor('en'))).toMatchObject({ problem: exactly });
  expect(parseProblemArgs(`${exactly}瓷`, 'cn', { noun: 'problem', maxChars: 500 }, translatorFor('en'))).toHaveProperty('refusal');
});
