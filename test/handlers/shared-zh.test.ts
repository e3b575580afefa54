/** The capabilities' shared words in Chinese: argument refusals, the thread hint, the "Add your own" form's refusals. */
import { expect, test } from 'vitest';
import { takeOthersFlag } from '../../src/handlers/shared/others-confirm.js';
import { ownItemsForm, ownLines, pickedList } from '../../src/handlers/shared/own-items.js';
import { othersNote, parseProblemArgs } from '../../src/handlers/shared/problem-args.js';
import { quoted, threadControlsHint } from '../../src/handlers/shared/text.js';
import { translatorFor } from '../../src/i18n/index.js';

const zh = translatorFor('zh');
const en = translatorFor('en');

const limits = { noun: '技术问题', maxChars: 5, platformLimit: true };

test('problem arguments are refused in Chinese, and in English outside it', () => {
  expect(parseProblemArgs('电池 --lang fr', 'cn', limits, zh)).toEqual({ refusal: '`--lang` 只能是 `en` 或 `cn`。' });
  expect(parseProblemArgs('  ', 'cn', limits, zh)).toEqual({ refusal: '请描述技术问题。' });
  expect(parseProblemArgs('提高负极能量密度', 'cn', limits, zh)).toEqual({ refusal: '技术问题最多 5 个字符（平台限制），当前为 8 个。' });
  // numbers through Intl, as everywhere else
  expect(parseProblemArgs('电'.repeat(1_201), 'cn', { noun: '技术问题', maxChars: 1_200 }, zh)).toEqual({
    refusal: '技术问题最多 1,200 个字符，当前为 1,201 个。',
  });
  expect(takeOthersFlag('x --let-others-confirm=yes', zh)).toEqual({ problem: '`--let-others-confirm` 不接受取值。' });
  expect(othersNote(true, zh)).toBe('频道中的任何人都可以确认各步骤。');
  expect(parseProblemArgs('', 'en', { noun: 'problem', maxChars: 5 }, en)).toEqual({ refusal: 'Describe the problem.' });
  expect(parseProblemArgs('x'.repeat(1_201), 'en', { noun: 'problem', maxChars: 1_200, platformLimit: true }, en)).toEqual({
    refusal: "The problem can be at most 1,200 characters (the platform's limit); yours has 1,201.",
  });
  expect(othersNote(true, en)).toBe(' Anyone in the channel may confirm the steps.');
});

test('the thread hint and an empty quote speak Chinese', () => {
  expect(threadControlsHint('console', zh)).toBe('输入其最新消息中选项的数字或字母，或在此输入 `status` 或 `cancel`');
  expect(threadControlsHint('slack', zh)).toBe('使用其最新消息中的按钮，或 @我 并输入 `status` 或 `cancel`');
  expect(quoted('  ', zh)).toBe('> （空）');
});

test('"Add your own": its button, the own items marked and its refusals in Chinese', () => {
  const form = ownItemsForm({
    title: () => '补充',
    submitLabel: () => '确认',
    keepLabel: () => '保留',
    ownLabel: () => '自行添加',
    items: () => ['a'],
    initial: () => [0],
  });
  expect(form.button(zh)).toBe('自行添加');
  expect(pickedList(['成本不增加'], { chosen: [0], own: ['重量更轻'] }, zh)).toBe('☑ 成本不增加\n☑ 重量更轻 _（自行添加）_');
  expect(() => ownLines(Array.from({ length: 11 }, (_, i) => `第${i}项`).join('\n'), zh)).toThrow(
    '最多自行添加 10 项，每行一项（你输入了 11 项）；未发送任何内容。',
  );
  // the form speaks its step's language (`sc.ctx.t`)
  expect(() => form.apply({ keep: [], own: '' }, {} as never, undefined, { ctx: { t: zh } } as never)).toThrow(
    '请至少保留一个推荐项或自行添加一项；未发送任何内容。',
  );
  expect(form.button(en)).toBe('Add your own');
});
