/** The technical disclosure in Chinese: help and refusals (numbers formatted), the key elements and their forms, the document. */
import { expect, test } from 'vitest';
import { mention } from '../../src/core/message.js';
import { elementsStep, renderElements } from '../../src/handlers/disclosure/elements.js';
import { disclosureHandler } from '../../src/handlers/disclosure/handler.js';
import { parseDisclosureArgs, usageText } from '../../src/handlers/disclosure/options.js';
import { downloadMessage } from '../../src/handlers/disclosure/writing.js';
import { translatorFor } from '../../src/i18n/index.js';

const zh = translatorFor('zh');

const MEANS = {
  background: '头盔',
  tech_problem: '冲击',
  mechanism: '剪切增稠液体',
  outcome: '更安全',
  embodiment: '外壳',
  application: ['骑行', '滑雪'],
};

test('help, the usage line and the refusals are Chinese, with numbers formatted', () => {
  expect(disclosureHandler.help.usage(zh)).toBe('disclosure <技术构思> [--lang en|cn] [--let-others-confirm]');
  expect(usageText('/iip ', zh)).toContain('用法：`/iip disclosure <技术构思> [--lang en|cn] [--let-others-confirm]`');
  expect(parseDisclosureArgs('头盔 --lang fr', 'cn', zh)).toEqual({ problem: '`--lang` 只能是 `en` 或 `cn`。' });
  expect(parseDisclosureArgs('字'.repeat(5_001), 'cn', zh)).toEqual({ problem: '技术构思最多 5,000 字（平台的上限）；你的有 5,001 字。' });
  expect(parseDisclosureArgs('word '.repeat(5_001), 'en', translatorFor('en'))).toEqual({
    problem: "The technical idea can be at most 5,000 words (the platform's limit); yours has 5,001.",
  });
});

test('the key elements, their Edit buttons and forms and the step heading are Chinese', () => {
  const blocks = renderElements(MEANS, zh);
  expect(blocks[0]).toEqual({ type: 'markdown', text: '**技术背景**\n> 头盔' });
  expect(blocks.at(-1)).toMatchObject({ type: 'context', text: expect.stringContaining('“生成”将根据这些要素起草交底书') });
  const review = elementsStep.review!;
  expect(review.title(zh)).toBe('技术交底书 · 关键要素');
  expect(review.confirm.button!(zh)).toBe('生成');
  expect(review.forms!.applications!.button(zh)).toBe('编辑应用场景');
  expect(review.forms!.applications!.submitLabel(zh)).toBe('保存');
  expect(review.forms!.applications!.button(translatorFor('en'))).toBe('Edit applications');
});

test('the document message is Chinese', () => {
  const message = downloadMessage({ download_url: 'https://example.com/d.docx' }, 'U1', zh);
  expect(message.text).toBe('📄 **技术交底书已完成**：[下载文档](https://example.com/d.docx)');
  expect(message.blocks?.[1]).toEqual({ type: 'context', text: `由 ${mention('U1')} 发起 · 上方正文即为同一份草稿。` });
});
