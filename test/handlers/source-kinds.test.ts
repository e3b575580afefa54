/** A source's type as the reader's word, from the platform's plain and per-language codes. */
import { expect, test } from 'vitest';
import { sourceKindWord } from '../../src/handlers/chat/source-kinds.js';
import { withLanguage } from '../../src/i18n/index.js';

test('known codes become words, per-language codes pick the reader language, unknown ones lose their underscores', () => {
  expect(sourceKindWord('clinical_trial')).toBe('clinical trial');
  expect(sourceKindWord('drug_dev_status')).toBe('drug development status');
  expect(sourceKindWord('web-site')).toBe('web page');
  expect(sourceKindWord('<cn>zhihu</cn><us>zhihu</us>')).toBe('Zhihu article');
  expect(withLanguage('zh', () => sourceKindWord('clinical_trial'))).toBe('临床试验');
  expect(withLanguage('zh', () => sourceKindWord('<cn>行业报告</cn><us>industry_report</us>'))).toBe('行业报告');
  expect(sourceKindWord('<cn>行业报告</cn><us>industry_report</us>')).toBe('industry report');
  expect(sourceKindWord('conference_abstract')).toBe('conference abstract');
  expect(sourceKindWord('')).toBeUndefined();
  expect(sourceKindWord(undefined)).toBeUndefined();
});
