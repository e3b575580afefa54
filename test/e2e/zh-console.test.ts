/**
 * Issue 19 in the terminal, end to end (the real console adapter, the simulator, lowdb state): with
 * LANG=zh_CN.UTF-8 (or IIP_LANG=cn) `help`, a chat and solution explorations (one confirmed step by step to its
 * solutions, summary and saved mind map, one cancelled) speak Chinese, the platform is asked for Chinese results,
 * and `lang en` / `lang zh` switch the bot's language on the spot.
 */
import { afterEach, expect, test } from 'vitest';
import { terminalLanguage } from '../../src/cli.js';
import { VERBS } from '../../src/handlers/index.js';
import { expectedChatAnswer } from '../../src/platform/simulator/index.js';
import { recommendations } from '../../src/platform/simulator/content/solution.js';
import { asciiPunctuationLeft, englishLeft } from '../helpers/chinese-text.js';
import { solutionContent } from '../helpers/solution-content.js';
import { startConsoleBot, withoutPokes, type ConsoleBot } from './console-bot.js';

/** The terminal shows code without its backticks: the words typed as commands are not English sentences. */
const COMMAND_WORDS = [...VERBS, 'cancel', 'clear', 'auto', 'zh', 'en', 'cn'];

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

const PROBLEM = '在不提高生产成本的前提下提高锂电池负极的能量密度。';

/** What was printed after the last time `marker` was typed. */
const after = (t: ConsoleBot, marker: string): string => withoutPokes(t.printed()).split(marker).at(-1) ?? '';
/** The transcript's own chrome: prompts (`iip>`, `iip [thread 1]>`) and the echo of what was typed. */
const botLines = (text: string, typed: readonly string[]): string =>
  text
    .split('\n')
    .filter((line) => !/^iip( \[[^\]]*\])?> /.test(line) || !typed.some((t) => line.endsWith(t)))
    .join('\n');

test('the terminal language comes from IIP_LANG when set, else LC_ALL, LC_MESSAGES or LANG', () => {
  expect(terminalLanguage({ LANG: 'zh_CN.UTF-8' })).toBe('zh');
  expect(terminalLanguage({ LC_ALL: 'en_US.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('en');
  expect(terminalLanguage({ IIP_LANG: 'cn', LANG: 'en_US.UTF-8' })).toBe('zh');
  expect(terminalLanguage({ LANG: 'C.UTF-8' })).toBe('en');
});

test('LANG=zh_CN.UTF-8: help and a chat in Chinese; lang en and lang zh switch', async () => {
  term = await startConsoleBot({}, { language: terminalLanguage({ LANG: 'zh_CN.UTF-8' }) });
  term.type('help');
  await term.until((p) => p.includes('在话题中使用专利与生物医药情报'), 'help in Chinese');
  expect(englishLeft(botLines(after(term, 'iip> help\n'), ['help']), [], COMMAND_WORDS)).toEqual([]);

  const question = '固态电池如何避免锂枝晶？';
  term.type(`ask ${question}`);
  const answer = expectedChatAnswer('AI07', { prompt: question });
  await term.until((p) => p.includes('token'), 'the finished answer');
  // the terminal renders the answer's markdown: its lines are known by their letters
  const answerLetters = answer.replace(/[^A-Za-z]/g, '');
  const ownLines = botLines(after(term, `iip> ask ${question}\n`), [question])
    .split('\n')
    .filter((line) => !answerLetters.includes(line.replace(/[^A-Za-z]/g, '')) || !/[A-Za-z]/.test(line))
    .join('\n');
  expect(ownLines).toContain('token');
  expect(englishLeft(ownLines, [question], COMMAND_WORDS)).toEqual([]);

  term.type('new');
  term.type('lang en');
  await term.until((p) => p.includes('From now on the bot speaks English to you'), 'English chosen');
  term.type('help');
  await term.until(
    (p) => (p.split('From now on the bot speaks English').at(-1) ?? '').includes('patent and bio-pharma intelligence'),
    'help in English',
  );
  term.type('lang zh');
  await term.until((p) => p.includes('从现在起，机器人将用中文与你交流'), 'Chinese chosen');
}, 60_000);

test('IIP_LANG=cn: a solution exploration in Chinese, Chinese results asked for, cancelled in Chinese', async () => {
  term = await startConsoleBot({ IIP_LANG: 'cn' });
  const problem = PROBLEM;
  term.type(`solution ${problem}`);
  await term.until(() => term!.requests().some((r) => r.operation === 'AI33-1'), 'AI33-1');
  expect(term.requests().find((r) => r.operation === 'AI33-1')?.body).toEqual({ lang: 'cn', solution_issues: problem });
  await term.until((p) => /\[\w+\] 取消/.test(p), 'step 1 with its Cancel');
  const recs = recommendations(problem, 'cn');
  term.type(term.keyOf('取消'));
  term.type('y');
  await term.until((p) => p.includes('取消技术方案探索？ y/N> y'), 'the question, answered yes');
  await term.until((p) => p.includes('已由'), 'the cancellation', { timeoutMs: 30_000 });
  expect(englishLeft(botLines(after(term, `iip> solution ${problem}\n`), [problem]), [...recs, problem], COMMAND_WORDS)).toEqual([]);
}, 60_000);

test('IIP_LANG=cn: a solution exploration to its results, both steps confirmed by typed keys, all in Chinese', async () => {
  term = await startConsoleBot({ IIP_LANG: 'cn' });
  term.type(`solution ${PROBLEM}`);
  const lastStep = (p: string) => p.split(/第 \d\/3 步 · /).at(-1) ?? '';
  await term.until((p) => p.includes('第 1/3 步 · 目标与约束') && /\[\w+\] 继续/.test(lastStep(p)), 'step 1 with its choices');
  expect(term.printed()).toMatch(/\[\w+\] 继续 {2}\[\w+\] 自行添加 {2}\[\w+\] 取消/);
  // keep goals 1, 3 and 4, then continue, as a person types it
  term.type(`1 3 4 ${term.keyOf('继续')}`);
  await term.until((p) => p.includes('第 2/3 步 · 技术方向') && /\[\w+\] 继续/.test(lastStep(p)), 'step 2 with its choices');
  term.type(term.keyOf('继续'));
  await term.until((p) => p.includes('共找到 4 个技术方案'), 'the summary', { timeoutMs: 30_000 });
  const printed = withoutPokes(term.printed());
  expect(printed).toContain('方案 4/4 · ');
  expect(printed).toMatch(/技术方案思维导图：已保存到 \S+\.png/);
  const recs = recommendations(PROBLEM, 'cn');
  expect(term.requests().find((r) => r.operation === 'AI33-3')?.body).toMatchObject({ lang: 'cn', recommend: [recs[0], recs[2], recs[3]] });
  expect(term.requests().find((r) => r.operation === 'AI33-5')?.body).toMatchObject({ lang: 'cn' });

  const taskId = (term.requests().find((r) => r.operation === 'AI33-2')?.body as { task_id: string }).task_id;
  const content = [...(await solutionContent(term.bot.platformUrl, taskId, PROBLEM)), PROBLEM];
  const shown = botLines(after(term, `iip> solution ${PROBLEM}\n`), [PROBLEM]);
  expect(englishLeft(shown, content, COMMAND_WORDS)).toEqual([]);
  expect(asciiPunctuationLeft(shown, content)).toEqual([]);
}, 60_000);
