/** The novelty search's first steps in Chinese in the terminal (IIP_LANG=zh): headings, hints, choices and help. */
import { afterEach, expect, test } from 'vitest';
import { startConsoleBot, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

test('novelty in Chinese: step 1 and step 2 with their choices and the confirmed line', { timeout: 60_000 }, async () => {
  term = await startConsoleBot({ IIP_LANG: 'zh' });
  term.type('novelty 一种折叠屏手机铰链，采用液态金属阻尼层 --lang cn');
  await term.until((p) => p.includes('第 1/5 步 · 技术方案') && p.includes('] 确认'), 'step 1 in Chinese');
  const step1 = term.printed();
  expect(step1).toContain('检索将以这段技术方案为起点：请确认，或先进行编辑。');
  expect(step1).toMatch(/\[\w+\] 编辑/);
  term.type(term.keyOf('确认'));
  await term.until((p) => p.includes('第 2/5 步 · 技术特征') && /将检索 \d+ 个特征中的 \d+ 个/.test(p), 'step 2 in Chinese');
  expect(term.printed()).toMatch(/✅ 已由 .+ 确认/);
  expect(term.requests().find((r) => r.operation === 'AI35-1')?.body).toMatchObject({ lang: 'cn' });
});

test("help in Chinese gives the workflows' summaries and usage lines in Chinese, verbs and flags as typed", { timeout: 60_000 }, async () => {
  term = await startConsoleBot({ IIP_LANG: 'zh' });
  term.type('help');
  const printed = await term.until((p) => p.includes('solution <技术问题> [--lang en|cn]'), 'help in Chinese');
  expect(printed).toContain('novelty [quick] <技术构思> [--lang en|cn]');
  expect(printed).toContain('技术方案探索（AI33）');
  expect(printed).toContain('材料方案查找（AI73）');
  expect(printed).toContain('外观设计专利图像检索');
  expect(printed).toContain('技术交底书撰写');
  expect(printed).toContain('技术预研报告（测试版）');
});
