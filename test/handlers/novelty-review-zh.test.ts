/** The novelty search's step 4 and 5 in Chinese: progress, the list and matrix, verdicts typed in Chinese, the report. */
import { expect, test } from 'vitest';
import { mention } from '../../src/core/message.js';
import { comparisonTable } from '../../src/handlers/novelty/comparison-matrix.js';
import { referencesStep, searchProgress, searchTasks } from '../../src/handlers/novelty/references.js';
import type { SearchResult } from '../../src/handlers/novelty/references-list.js';
import { renderReferences } from '../../src/handlers/novelty/references-render.js';
import { defaultTitle, reportMessage } from '../../src/handlers/novelty/report.js';
import { readVerdict } from '../../src/handlers/novelty/verdicts.js';
import { translatorFor } from '../../src/i18n/index.js';

const zh = translatorFor('zh');
const en = translatorFor('en');

const RESULT = {
  find_patent_num: 7,
  final_result: [
    {
      patent_id: 'CN118289111A',
      document: 'CN118289111A 一种铰链',
      public_score: 0.82,
      selected: true,
      features: [{ tech_feature: '液态金属阻尼层', type: 'public', score: 90 }],
    },
  ],
  process_dict: {
    semantic: { title: { en: 'Semantic Search', zh: '语义检索' }, status: 'success', query_thinking: { zh: '根据输入进行语义检索' } },
    tacd: { title: { en: 'All-elements search', zh: '全要素检索' }, status: 'running' },
  },
  process_dict_keys: ['semantic', 'tacd'],
} as unknown as SearchResult;

test("the search's progress and plan use the platform's Chinese step names in Chinese, its English ones in English", () => {
  expect(searchProgress(RESULT, zh)).toBe('已完成 1/2 个检索步骤 · 当前：全要素检索');
  expect(searchProgress(RESULT, en)).toBe('1/2 search steps done · now: All-elements search');
  expect(searchTasks(RESULT, 'zh')?.[0]).toEqual({
    id: 'semantic',
    title: '语义检索',
    status: 'complete',
    details: '根据输入进行语义检索',
  });
  expect(searchTasks(RESULT, 'en')?.[0]).toEqual({ id: 'semantic', title: 'Semantic Search', status: 'complete' });
});

test('step 4 in Chinese: heading, the matrix legend, each reference and the summary line', () => {
  expect(referencesStep.review!.title(zh)).toBe('第 4/5 步 · 引用文献与特征对比');
  expect(referencesStep.review!.forms!.verdict!.button(zh)).toBe('修改判定');
  const text = JSON.stringify(renderReferences(RESULT, undefined, zh));
  expect(text).toContain('**报告所含引用文献的特征对比**');
  expect(text).toContain('● 公开 · ◐ 显而易见 · ○ 未公开 · D1 CN118289111A');
  expect(text).toContain('相似度 82% · ✅ 写入报告');
  expect(text).toContain('1 篇引用文献中有 1 篇将写入报告；本次检索共找到 7 篇。');
});

test('a verdict typed in Chinese is read; a bad one is refused in Chinese', () => {
  const references = [{ key: 'CN1', entry: { features: [{ tech_feature: 'a' }, { tech_feature: 'b' }] } }];
  expect(readVerdict({ reference: '1', feature: '2', verdict: '未公开' }, references, zh)).toEqual({
    key: 'CN1#1',
    override: { type: 'different' },
  });
  expect(() => readVerdict({ reference: '1', feature: '3', verdict: '公开' }, references, zh)).toThrow(
    '文献 1 对比了 2 个特征：请填写 1 到 2 之间的序号；未做任何更改。',
  );
});

test('the report title and message are Chinese', () => {
  expect(defaultTitle('一种折叠屏铰链。它很耐用。', zh)).toBe('新颖性检索：一种折叠屏铰链');
  const message = reportMessage('https://example.com/r.docx', '新颖性检索：铰链', 'U1', zh, 'attached');
  expect(message.text).toBe('📄 **新颖性检索报告已完成**：[新颖性检索：铰链](https://example.com/r.docx)');
  expect(message.blocks?.[1]).toEqual({
    type: 'context',
    text: `由 ${mention('U1')} 发起 · 检索已完成 · 报告已作为文件附在此话题中；链接会过期。`,
  });
});

test('the text table stays aligned with Chinese features: every row takes the same columns in a monospaced font', () => {
  const entry = {
    patent_id: 'CN1',
    features: [
      { tech_feature: '一种采用液态金属阻尼层的折叠屏手机铰链结构，其阻尼随温度变化', type: 'public' },
      { tech_feature: 'hinge', type: 'obvious' },
    ],
  };
  const table = comparisonTable([entry], zh)!;
  const columns = (line: string) => Array.from(line).reduce((sum, ch) => sum + (/[\p{Script=Han}\uff00-\uffef\u3000-\u303f]/u.test(ch) ? 2 : 1), 0);
  const lines = table.text.split('\n').slice(1, -1);
  expect(lines[0]!.startsWith('特征')).toBe(true);
  expect(new Set(lines.map(columns)).size).toBe(1);
  expect(lines[1]).toContain('…');
});
