/** The chat verbs in Chinese: help, the usage line, refusals, a stopped answer, Retry and Sources, the restart note; verbs and flags as typed. */
import { expect, test } from 'vitest';
import { optionControls } from '../../src/handlers/chat/encyclopedia-controls.js';
import { describeOptions, takeOptions } from '../../src/handlers/chat/encyclopedia-options.js';
import { ASK, ENCYCLOPEDIA, PHARM } from '../../src/handlers/chat/families.js';
import { chatHandler } from '../../src/handlers/chat/handler.js';
import { retryButton } from '../../src/handlers/chat/answer.js';
import { answerMessage, stoppedMessage, tooLongMessage, usageLine } from '../../src/handlers/chat/render.js';
import { RESTART_NOTE } from '../../src/handlers/chat/restart.js';
import { translatorFor, type Lang } from '../../src/i18n/index.js';

const en = translatorFor('en');
const zh = translatorFor('zh');

test('help, usage lines and the too-long refusal are Chinese; the verbs and flags stay as typed', () => {
  expect(chatHandler.help.usage(zh)).toBe('ask|pharm|encyclopedia <问题>');
  expect(chatHandler.help.summary(zh)).toContain('`encyclopedia` 查询生物医药百科并附引用来源');
  expect(usageLine(PHARM, '/iip ', zh).text).toBe('用法：`/iip pharm <问题>`（最多 16,000 个字符）。');
  expect(usageLine(ENCYCLOPEDIA, '/iip ', zh).text).toMatch(/^用法：`\/iip encyclopedia \[选项\] <问题>`（最多 16,000 个字符）。选项：.*--source/);
  expect(tooLongMessage(ASK, 612, zh).text).toBe('`ask` 的问题最多 500 个字符，当前为 612 个。未向平台发送任何内容。');
  expect([ASK, PHARM, ENCYCLOPEDIA].map((f) => f.label(zh))).toEqual(['通用大模型', '生命科学大模型', '生物医药百科']);
  expect(usageLine(PHARM, '/iip ', en).text).toBe('Usage: `/iip pharm <question>` (up to 16,000 characters).');
});

test('a stopped answer keeps its text and says why in Chinese; the restart note is Chinese for users, English for operators', () => {
  const stopped = stoppedMessage('部分回答', new Error('boom'), zh);
  expect(stopped.text).toMatch(/^部分回答\n\n⚠️ 回答在此中断。/);
  expect(zh('chat:restartNote')).toBe('⚠️ 机器人在回答过程中重启了；上面的回答不完整。');
  expect(RESTART_NOTE).toBe('⚠️ The bot restarted while answering; the answer above is incomplete.');
});

test('the encyclopedia options: controls, a described choice and a refusal in Chinese; the flags stay as typed', () => {
  const [menu, buttons] = optionControls({ source: 3, deepSearch: true, longThink: false, searchWebsite: false }, zh);
  expect(menu).toMatchObject({ type: 'select', label: '后续问题的数据来源' });
  expect(menu?.type === 'select' && menu.options.map((o) => o.label).slice(0, 4)).toEqual(['全部来源', '论文', '专利', '临床试验']);
  expect(buttons?.type === 'actions' && buttons.buttons.map((b) => b.label)).toEqual(['关闭深度检索', '开启长思考', '开启联网搜索']);
  expect(describeOptions({ source: 3, deepSearch: true, longThink: false, searchWebsite: true }, zh)).toBe('专利 · 深度检索 · 联网搜索');
  expect(takeOptions('--deep=yes 问题', zh)).toEqual({ problem: '`--deep` 不接受取值；不写即为关闭。' });
});

test('Retry under a failed answer and the Sources heading over its citations are Chinese; English unchanged', () => {
  const extras = { references: [{ title: 'siRNA 药物综述', url: 'https://example.com/a', kind: 'paper' }], family: PHARM };
  const headings = (lang: Lang) =>
    answerMessage('答案', true, extras, translatorFor(lang)).blocks!.flatMap((b) => (b.type === 'references' ? [b.title] : []));
  expect(headings('zh')).toEqual(['参考来源']);
  expect(headings('en')).toEqual(['Sources']);
  expect(retryButton(4, zh)).toEqual({ action: 'retry', label: '重试', value: '4' });
  expect(retryButton(4, en)).toEqual({ action: 'retry', label: 'Retry', value: '4' });
});
