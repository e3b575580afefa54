/** The Chinese checker itself: a lone English word in the bot's words is caught; code, commands and content are not. */
import { expect, test } from 'vitest';
import { asciiPunctuationLeft, englishLeft, shownText } from './chinese-text.js';

test('a lone English word on a button, heading or note is caught, as a sentence is', () => {
  expect(englishLeft('回答中断。\nRetry')).toEqual(['Retry']);
  expect(englishLeft('**Sources**\n1. 参考文献')).toEqual(['Sources']);
  expect(englishLeft('确定取消 · Cancel')).toEqual(['Cancel']);
  expect(englishLeft('应用（Apply）')).toEqual(['Apply']);
  expect(englishLeft('思维导图：另有 +3 more')).toEqual(['more']);
  expect(englishLeft('文件名：untitled')).toEqual(['untitled']);
  expect(englishLeft('Nothing was sent to the platform.')).toEqual(['Nothing was sent to the platform']);
  expect(englishLeft('用时 3 minutes')).toEqual(['minutes']);
});

test('code, commands, flags, links, mentions, paths, identifiers and the platform content are left alone', () => {
  expect(englishLeft('用法：`/iip solution <技术问题> [--lang en|cn]`')).toEqual([]);
  expect(englishLeft('加上 --share 即可发布；--let-others-confirm 允许他人确认')).toEqual([]);
  expect(englishLeft('见 [CN118289111A](https://patents.google.com/patent/CN118289111A) 与 <https://example.com|链接>')).toEqual([]);
  expect(englishLeft('已由 <@U1> 确认；<at>Ann Example</at> 发起；@u1 确认')).toEqual([]);
  expect(englishLeft('已保存到 /tmp/iip-bot/images/mind-map.png')).toEqual([]);
  expect(englishLeft('平台接口 AI33-1 返回 PNG、JPEG；共 1,234 个 token；按 Enter 保留')).toEqual([]);
  expect(englishLeft('输入 exit 退出', [], ['exit'])).toEqual([]);
  const content = ['Improve the anode by a silicon-carbon composite — option 1', '### Problem analysis\n\nThe core contradiction'];
  expect(englishLeft('方案 1/4 · Improve the anode by a silicon-carbon composite — option 1', content)).toEqual([]);
  // content cut short with an ellipsis, a line of it rendered without its markdown, a line still being streamed
  expect(englishLeft('1. [x] Improve the anode by a silicon…', content)).toEqual([]);
  expect(englishLeft('⏳ 第 3/3 步\nProblem analysis\nTh', content)).toEqual([]);
  // a streamed line whose shorter content (a subject the platform also gave alone) is inside it
  expect(englishLeft('  - 一种头盔 ada', ['一种头盔', '- 一种头盔 adapts automatically'])).toEqual([]);
  // but the bot's own word beside the content is still caught
  expect(englishLeft('方案 1/4 · Improve the anode by a silicon-carbon composite — option 1 · Details', content)).toEqual(['Details']);
});

test("shownText reads a card's texts, labels and facts, not its ids or submitted values", () => {
  const card = {
    type: 'AdaptiveCard',
    body: [
      { type: 'TextBlock', text: '方案' },
      { type: 'FactSet', facts: [{ title: '创新等级', value: '3' }] },
    ],
    actions: [{ type: 'Action.Submit', title: '继续', data: { action: 'confirm', value: 'v1' } }],
  };
  expect(shownText(card)).toEqual(['方案', '创新等级', '3', '继续']);
});

test('ASCII punctuation in Chinese text and a line starting with 、 are caught; Chinese punctuation and content are not', () => {
  expect(asciiPunctuationLeft('新颖性检索: “铰链”')).toEqual(['新颖性检索:']);
  expect(asciiPunctuationLeft('已保存, 请查看.')).toEqual(['已保存,', '保存, 请查看.']);
  expect(asciiPunctuationLeft('F1 (主题) 折叠')).toEqual(['(主题)']);
  expect(asciiPunctuationLeft('第一项\n、第二项')).toEqual(['、第二项']);
  expect(asciiPunctuationLeft('新颖性检索：“铰链”。F1（主题）；第 1/5 步 · 12:30 (PNG)')).toEqual([]);
  expect(asciiPunctuationLeft('方案：一种电池, 含硅.', ['一种电池, 含硅.'])).toEqual([]);
});
test('code is no Chinese text', () => {
  expect(asciiPunctuationLeft('示例：`count TTL:(无线充电)`')).toEqual([]);
});
