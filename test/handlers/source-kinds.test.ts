/** A source's type as the reader's word, from the platform's plain and per-language codes. */
import { expect, test } from 'vitest';
import { sourceKindWord } from '../../src/handlers/chat/source-kinds.js';
import { translatorFor } from '../../src/i18n/index.js';

const en = translatorFor('en');
const zh = translatorFor('zh');

test('known codes become words, per-language codes pick the reader language, unknown ones lose their underscores', () => {
  expect(sourceKindWord('clinical_trial', en)).toBe('clinical trial');
  expect(sourceKindWord('drug_dev_status', en)).toBe('drug development status');
  expect(sourceKindWord('web-site', en)).toBe('web page');
  expect(sourceKindWord('<cn>zhihu</cn><us>zhihu</us>', en)).toBe('Zhihu article');
  expect(sourceKindWord('clinical_trial', zh)).toBe('临床试验');
  expect(sourceKindWord('<cn>行业报告</cn><us>industry_report</us>', zh)).toBe('行业报告');
  expect(sourceKindWord('<cn>行业报告</cn><us>industry_report</us>', en)).toBe('industry report');
  expect(sourceKindWord('conference_abstract', en)).toBe('conference abstract');
  expect(sourceKindWord('', en)).toBeUndefined();
  expect(sourceKindWord(undefined, en)).toBeUndefined();
});
