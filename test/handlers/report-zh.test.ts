/** The pre-research report in Chinese: help, the outline review and its form, the progress note, the finished report. */
import { expect, test } from 'vitest';
import { mention } from '../../src/core/message.js';
import { reportHandler } from '../../src/handlers/report/handler.js';
import { outlineStep, renderOutline } from '../../src/handlers/report/outline.js';
import { reportReadyMessage, runningNote } from '../../src/handlers/report/result.js';
import { translatorFor } from '../../src/i18n/index.js';

const OUTLINE = [
  { key: 'TECH_BACKGROUND', name: '技术背景', source_type: 'model' },
  { key: 'TECH_RESEARCH_CUSTOM_MODULE_1', name: '成本分析', source_type: 'customize' },
];

test('help and the outline step are Chinese', () => {
  const zh = translatorFor('zh');
  expect(reportHandler.help.usage(zh)).toBe('report <技术问题> [--auto-outline] [--let-others-confirm]');
  expect(outlineStep.review!.title(zh)).toBe('报告目录');
  expect(outlineStep.review!.confirm.button!(zh)).toBe('生成');
  expect(outlineStep.review!.forms!.edit!.button(zh)).toBe('编辑');
  const blocks = renderOutline(OUTLINE, zh);
  expect(blocks[0]).toEqual({ type: 'markdown', text: '1. 技术背景\n2. 成本分析 _（自定义）_' });
  expect(blocks[1]).toMatchObject({ type: 'context', text: expect.stringContaining('“生成”将按此目录撰写报告') });
});

test('the progress note and the finished report are Chinese, English unchanged', () => {
  const since = Date.now() - 3 * 60_000;
  const [zh, en] = [translatorFor('zh'), translatorFor('en')];
  expect(runningNote(since, zh)).toBe('撰写中 · 已进行3分钟 · 报告通常需要几分钟');
  expect(runningNote(since, en)).toBe('Writing · running for 3 minutes · reports usually take a few minutes');
  // an hour and more in the language's units (Intl), whole minutes only
  const longer = Date.now() - (65 * 60_000 + 30_000);
  expect(runningNote(longer, zh)).toBe('撰写中 · 已进行1小时5分钟 · 报告通常需要几分钟');
  expect(runningNote(longer, en)).toBe('Writing · running for 1 hour, 5 minutes · reports usually take a few minutes');
  const message = reportReadyMessage(
    { report_url: 'https://example.com/r', report_status: 'SUCCEED' },
    { question: '固态电解质', outline: [] },
    'U1',
    zh,
  );
  expect(message.text).toBe('📄 **技术预研报告已完成**：[固态电解质](https://example.com/r)');
  const texts = JSON.stringify(message.blocks);
  expect(texts).toContain('链接有效期为3小时，约至 ');
  expect(texts).toContain(`由 ${mention('U1')} 发起`);
  expect(texts).toContain('获取新链接');
});
