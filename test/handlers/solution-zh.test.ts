/** The solution exploration in Chinese: help and usage, the steps' headings and hints, the solutions and the summary. */
import { expect, test } from 'vitest';
import { mention } from '../../src/core/message.js';
import type { MindMap } from '../../src/handlers/shared/mind-map.js';
import { optionsStep } from '../../src/handlers/solution/choices.js';
import { SOLUTION } from '../../src/handlers/solution/definition.js';
import { solutionHandler, solutionUsage } from '../../src/handlers/solution/handler.js';
import { solutionMessages, solutionsSummary } from '../../src/handlers/solution/render.js';
import type { SolutionData } from '../../src/handlers/solution/data.js';
import type { StepContext } from '../../src/handlers/workflow/index.js';
import { translatorFor } from '../../src/i18n/index.js';

const zh = translatorFor('zh');

const node = (id: string, title: string, innovation?: number) => ({ id, data: { node_id: id, sys_title: title, innovation } });
const edge = (from: string, to: string) => ({ id: `${from}-${to}`, source: { cell: from }, target: { cell: to } });
const MAP = {
  title: '提高负极能量密度',
  cells: [node('r', '负极'), node('a', '硅碳复合', 4), node('b', '预锂化', 2), edge('r', 'a'), edge('r', 'b')],
} as MindMap;

test('help, the usage line and the thread noun are Chinese; the verb and flags stay as typed', () => {
  expect(solutionHandler.help.usage(zh)).toBe('solution <技术问题> [--lang en|cn]');
  expect(solutionHandler.help.summary(zh)).toContain('技术方案探索（AI33）');
  expect(solutionUsage('/iip ', zh)).toBe('用法：`/iip solution <技术问题> [--lang en|cn]`（最多 500 个字符）。');
  expect(SOLUTION.noun(zh)).toBe('技术方案探索');
  expect(solutionHandler.help.usage(translatorFor('en'))).toBe('solution <technical problem> [--lang en|cn]');
});

test("step 1's heading, list and hint are Chinese", () => {
  const review = optionsStep.review!;
  expect(review.title(zh)).toBe('第 1/3 步 · 目标与约束');
  expect(review.confirm.button!(zh)).toBe('继续');
  const blocks = review.render({ recommend: ['成本不增加'] }, undefined, { ctx: { t: zh } } as StepContext<SolutionData>);
  expect(blocks.find((b) => b.type === 'multiSelect')).toMatchObject({ label: '保留以下各项' });
  expect(blocks.find((b) => b.type === 'context')).toEqual({
    type: 'context',
    text: '取消勾选不适用的项，然后点“继续”：将根据你保留的内容推导技术方向。也可以自行添加你的目标或约束。',
  });
});

test('the solutions and the summary are Chinese, with the innovation level explained', () => {
  const [first] = solutionMessages(MAP, zh);
  expect(first!.text).toBe('方案 1/2：硅碳复合');
  expect(first!.blocks?.flatMap((b) => (b.type === 'fields' ? b.fields : []))).toEqual([
    { label: '创新等级', value: '4（数值越高越具创新性；这些方案的创新等级在 2 到 4 之间）' },
  ]);
  const summary = solutionsSummary(MAP, 2, 'U1', zh, true);
  expect(summary.text).toBe('✅ **共找到 2 个技术方案**，针对：提高负极能量密度');
  expect(summary.blocks?.at(-1)).toEqual({ type: 'context', text: `由 ${mention('U1')} 发起 · 每个方案见上方各自的消息，导图另附图片。` });
});
