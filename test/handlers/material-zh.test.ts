/** Material solution finding in Chinese: help, the thinking process's sections, the map's step, a node's details. */
import { expect, test } from 'vitest';
import { materialHandler, materialUsage } from '../../src/handlers/material/handler.js';
import { mindStep, planStep } from '../../src/handlers/material/mind.js';
import { nodeDetailBlocks } from '../../src/handlers/material/node-details.js';
import { thinkingSections } from '../../src/handlers/material/thinking.js';
import { translatorFor } from '../../src/i18n/index.js';
import { asciiPunctuationLeft } from '../helpers/chinese-text.js';

test('help and the usage line are Chinese; the verb and flags stay as typed', () => {
  expect(materialHandler.help.usage(translatorFor('zh'))).toBe('material <问题> [--lang en|cn]');
  expect(materialUsage('@iip ', translatorFor('zh'))).toBe('用法：`@iip material <问题> [--lang en|cn]`');
  expect(materialUsage('/iip ', translatorFor('en'))).toBe('Usage: `/iip material <problem> [--lang en|cn]`');
});

test("the thinking process's sections and the steps' headings are Chinese", () => {
  const sections = thinkingSections(
    {
      problem_statement: { refined_statement: '提高防晒霜的紫外防护', domain: '化妆品' },
      references: {
        references: [
          { pn: 'CN1', title: '氧化锌' },
          { pn: 'CN2', title: '二氧化钛' },
        ],
      },
    },
    translatorFor('zh'),
  );
  expect(sections[0]).toBe('**问题分析**\n_问题：_ 提高防晒霜的紫外防护\n_领域：_ 化妆品');
  expect(sections[1]?.split('\n')[0]).toBe('**文献检索**（2 篇文献）');
  expect(mindStep.review!.title(translatorFor('zh'))).toBe('第 2/2 步 · 技术思维导图');
  expect(mindStep.poll!.label(translatorFor('zh'))).toBe('第 2/2 步 · 生成技术思维导图');
  expect(planStep.review!.title(translatorFor('zh'))).toBe('实施方案');
});

test("the thinking process joins the platform's fields the Chinese way: full-width colon and parentheses, the priority in words", () => {
  const thinking = {
    problem_statement: {
      success_criteria: [{ metric: '防护系数', target: '提高 20%', priority: 'high' }],
      technical_constraints: [{ category: '稳定性', description: '45 °C 下三个月' }],
      performance_requirements: [{ parameter: '粒径', target_value: '20–100', unit: 'nm', tolerance: '±5 nm' }],
    },
    direction: { d1: { brief: { name: '分级分散控制', description: '控制颗粒分散' } } },
  };
  const [analysis, directions] = thinkingSections(thinking, translatorFor('zh'));
  expect(analysis).toContain('- 防护系数：提高 20%（高优先级）');
  expect(analysis).toContain('- 稳定性：45 °C 下三个月');
  expect(analysis).toContain('- 粒径：20–100 nm（±5 nm）');
  expect(directions).toContain('- **分级分散控制**：控制颗粒分散');
  expect(asciiPunctuationLeft(`${analysis}\n${directions}`)).toEqual([]);
  // English keeps its own punctuation; a priority the bot does not know is shown as it came
  const [english] = thinkingSections(
    { problem_statement: { success_criteria: [{ metric: 'Protection', target: '+20 %', priority: 'must-have' }] } },
    translatorFor('en'),
  );
  expect(english).toContain('- Protection: +20 % (must-have)');
});

test("a node's details and their references are headed in Chinese; a failed read says so in Chinese", () => {
  const blocks = nodeDetailBlocks(
    {
      facts: { technical_principle: ['紫外吸收'] },
      references: { total: 12, records: [{ PN: 'CN118289111A', TITLE: '一种防晒组合物', PBD: '2024-07-05' }] },
    },
    translatorFor('zh'),
  );
  expect(blocks[0]).toEqual({ type: 'markdown', text: '**关于此节点**\n\n**技术原理**\n- 紫外吸收' });
  expect(blocks[1]).toMatchObject({ type: 'references', title: '参考文献（1/12）', items: [{ detail: '公开于 2024-07-05' }] });
  expect(nodeDetailBlocks({}, translatorFor('zh'))).toEqual([{ type: 'context', text: '未能读取此节点的技术原理、成熟度和产业案例。' }]);
});
