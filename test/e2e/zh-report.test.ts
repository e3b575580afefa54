/**
 * Issue 29 for the pre-research report: the whole workflow in Chinese in the terminal, in Slack and in Teams (the
 * outline, its Edit form, Generate, the progress, a failure and Retry, the link with head players and key patents, Get a fresh link, an
 * automatic outline's report, a cancellation), every screen, message, card, form and note holding no English word
 * and no ASCII punctuation of the bot's own: only the platform's content, the user's words, commands and identifiers.
 */
import { afterEach, expect, test } from 'vitest';
import { defaultDirectory, headPlayers, keyPatents } from '../../src/platform/simulator/content/report.js';
import { buttonsOf as teamsButtons, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor as teamsWaitFor } from '../adapters/teams/harness.js';
import { stringsIn } from '../helpers/chinese-text.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf as teamsBodiesOf, textOf as teamsTextOf } from '../helpers/teams-workflow-steps.js';
import { startConsoleBot, type ConsoleBot } from './console-bot.js';
import { bodiesOf, buttonsOf, NoveltyThread, textOf } from './slack-novelty-steps.js';
import { COMMAND_WORDS, expectAllChinese, planText, slackSeen, teamsSeen, terminalShown, ZhTeamsThread } from './zh-steps.js';

const QUESTION = '用于电动汽车快充电池的固态电解质';
const AUTO_QUESTION = '钠离子电池正极材料的低成本制备';
const MODULE = '钠离子替代方案';

let term: ConsoleBot | undefined;
let slack: SlackBotHarness | undefined;
let teams: TeamsBotHarness | undefined;
afterEach(async () => {
  await Promise.all([term?.stop(), slack?.close(), teams?.close()]);
  term = slack = teams = undefined;
});

/** The platform's words for a question's report: the proposed outline, the head players and key patents. */
const contentOf = (...questions: string[]): string[] =>
  questions.flatMap((q) => [q, ...defaultDirectory(q).map((s) => s.name), ...stringsIn(headPlayers(q)), ...stringsIn(keyPatents(q))]);
const CONTENT = [...contentOf(QUESTION, AUTO_QUESTION), MODULE];

test('in the terminal: the outline, its Edit form, status, a failure and Retry, the report and a fresh link, home, an automatic outline and a cancellation', async () => {
  term = await startConsoleBot({ IIP_LANG: 'zh' });
  const typed = [`report ${QUESTION}`, MODULE, 'status', 'home', 'new', `report ${AUTO_QUESTION} --auto-outline`, `report ${QUESTION}`];
  term.type(typed[0]!);
  await term.until((p) => /\[\w+\] 生成/.test(p), 'the outline', { timeoutMs: 20_000 });
  term.type(term.keyOf('编辑'));
  await term.until((p) => p.includes('自定义模块 1（可选）（'), 'the Edit form', { poke: false });
  term.type(MODULE);
  await term.until((p) => p.includes('自定义模块 2（可选）（'), 'the second module', { poke: false });
  term.type('');
  await term.until((p) => p.includes(`${MODULE} （自定义）`), 'the outline with the module');
  term.type('status');
  // the first writing fails: the failure and its Retry in Chinese too
  term.bot.simulator!.inject({ kind: 'task-fails', operation: 'AI34-3', times: 1 });
  term.type(term.keyOf('生成'));
  await term.until((p) => /失败[\s\S]*\[\w+\] 重试/.test(p), 'the failure', { timeoutMs: 20_000 });
  term.type(term.keyOf('重试'));
  await term.until((p) => p.includes('技术预研报告已完成'), 'the report', { timeoutMs: 20_000 });
  term.type(term.keyOf('获取新链接'));
  await term.until((p) => p.includes('技术预研报告的新链接'), 'the fresh link', { timeoutMs: 20_000 });
  term.type('home');
  await term.until((p) => p.includes('最近完成'), 'home');
  term.type('new');
  term.type(typed[5]!);
  await term.until((p) => p.includes('平台选定的目录'), 'the automatic outline’s report', { timeoutMs: 20_000 });
  term.type('new');
  term.type(typed[6]!);
  await term.until((p) => (p.split(typed[6]!).at(-1) ?? '').includes('[x] 取消'), 'a second outline', { timeoutMs: 20_000 });
  term.type('x');
  term.type('y');
  await term.until((p) => p.includes('已由 @u1 取消'), 'the cancellation', { timeoutMs: 20_000 });
  expectAllChinese([terminalShown(term, typed)], CONTENT, COMMAND_WORDS);
});

test('in Slack: the outline, its Edit form, the plan, the report, a fresh link and an automatic outline’s report', async () => {
  slack = await startSlackBot({ slack: { locales: { U1: 'zh-CN' } } });
  const h = slack;
  // the notes a command gets when it is not right: the usage, an unknown option, a value where none goes
  for (const command of ['report', `report ${QUESTION} --deep`, `report ${QUESTION} --auto-outline=yes`]) await h.command(command);
  await waitFor(() => h.slack.ephemerals.length >= 3, 'three notes');
  await h.command(`report ${QUESTION}`);
  const t = await NoveltyThread.opened(h, 0);
  const outline = await t.step('报告目录');
  expect(buttonsOf(outline).map((b) => b.label)).toEqual(['生成', '编辑', '取消']);
  const edit = await t.openForm(outline, '编辑');
  await h.submitForm(edit.view, { 'custom-1': MODULE, 'custom-2': '' });
  const saved = await waitFor(
    () => t.replies.find((m) => m.ts === outline.ts && textOf(m).includes(MODULE) && buttonsOf(m).length > 0),
    'the outline with the module',
  );
  h.sim.setTaskDuration(60_000);
  await t.press(saved, '生成');
  await waitFor(() => h.slack.streams.messages().find((m) => m.threadTs === t.parentTs && planText(m).includes('撰写中')), 'the plan');
  // the progress message becomes the report: read it while it shows
  const progress = slackSeen(await t.reply('撰写技术预研报告'));
  h.sim.setTaskDuration(0);
  const done = await waitFor(() => t.replies.find((m) => textOf(m).includes('技术预研报告已完成') && buttonsOf(m).length > 0), 'the report', 20_000);
  await t.press(done, '获取新链接');
  await t.reply('技术预研报告的新链接');

  await h.command(`report ${AUTO_QUESTION} --auto-outline`);
  const auto = await NoveltyThread.opened(h, 1);
  await auto.reply('平台选定的目录', 20_000);
  expect(bodiesOf(h, 'AI34-1')).toMatchObject([{ auto_directory: false }, { auto_directory: true }]);

  const messages = [t, auto].flatMap((thread) => [h.slack.message('C1', thread.parentTs) as FakeSlackMessage, ...thread.replies]);
  const plans = h.slack.streams.messages().filter((m) => m.stream?.taskDisplayMode === 'plan');
  expect(plans.length).toBeGreaterThan(0);
  const shown = [
    progress,
    ...messages.map(slackSeen),
    ...plans.map(planText),
    ...h.slack.ephemerals.map(slackSeen),
    ...h.slack.views.map((v) => slackSeen({ blocks: v.view })),
  ];
  expect(shown.join('\n')).toContain('自定义模块 1（可选）');
  expectAllChinese(shown, CONTENT);
});

test('in Teams: the outline, its inline Edit form, the report, a fresh link, and the Cancel question of another report', async () => {
  teams = await startTeamsBot();
  const h = teams;
  const t = await ZhTeamsThread.mention(h, `report ${QUESTION}`);
  const outline = await t.step('报告目录');
  expect(teamsButtons(outline).map((b) => b.title)).toEqual(['生成', '编辑', '取消']);
  await t.press(outline, '编辑');
  const form = await t.form(outline);
  await t.submit(form, { 'custom-1': MODULE, 'custom-2': '' });
  const saved = await teamsWaitFor(
    () => t.replies.find((m) => m.id === outline.id && teamsTextOf(m).includes(MODULE) && teamsButtons(m).length > 0),
    'the outline with the module',
  );
  h.sim.setTaskDuration(60_000);
  await t.press(saved, '生成');
  // the progress card becomes the report: read it while it shows
  const progress = teamsSeen(await t.reply('撰写中'));
  h.sim.setTaskDuration(0);
  const done = await teamsWaitFor(
    () => t.replies.find((m) => teamsTextOf(m).includes('技术预研报告已完成') && teamsButtons(m).length > 0),
    'the report',
    20_000,
  );
  await t.press(done, '获取新链接');
  await t.reply('技术预研报告的新链接');
  expect(teamsBodiesOf(h, 'AI34-2')).toHaveLength(1);

  const other = await ZhTeamsThread.mention(h, `report ${AUTO_QUESTION}`);
  const second = await other.step('报告目录');
  // the question under Cancel (Adaptive Cards have no confirm dialog) is in the card; its submit cancels
  const asked = teamsSeen(second);
  expect(asked).toContain('取消技术预研报告？');
  await other.press(second, '取消');
  await teamsWaitFor(() => other.replies.find((m) => teamsTextOf(m).includes('已由')), 'the cancellation');
  expectAllChinese([progress, asked, ...h.fake.allMessages().map(teamsSeen)], CONTENT);
});
