/**
 * Issue 29 for the technical disclosure: the whole workflow in Chinese in the terminal, in Slack and in Teams (the
 * key elements, each element's Edit form, Generate, a failure and Retry, the text as it is written, the export, the download link, the
 * usage and limit notes), every screen, message, card, form and note holding no English word and no ASCII
 * punctuation of the bot's own: only the platform's content, the user's words, commands and identifiers.
 */
import { afterEach, expect, test } from 'vitest';
import type { RunningSimulator } from '../../src/platform/simulator/types.js';
import { extractTechMeans } from '../../src/platform/simulator/content/disclosure.js';
import { buttonsOf as teamsButtons, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor as teamsWaitFor } from '../adapters/teams/harness.js';
import { stringsIn } from '../helpers/chinese-text.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { textOf as teamsTextOf } from '../helpers/teams-workflow-steps.js';
import { startConsoleBot, type ConsoleBot } from './console-bot.js';
import { bodiesOf, buttonsOf, NoveltyThread, textOf } from './slack-novelty-steps.js';
import { COMMAND_WORDS, expectAllChinese, slackSeen, teamsSeen, terminalShown, ZhTeamsThread } from './zh-steps.js';

const IDEA = '一种自行车头盔，其外壳通过剪切增稠液体层在受到冲击时变硬。两层聚合物外壳之间有一层剪切增稠液体。传感器记录冲击，手机应用报告冲击。';
const MECHANISM = '液体层在受到冲击后 2 毫秒内变硬。';
const APPLICATIONS = ['骑行头盔', '滑雪头盔'];
const EDITS = ['编辑技术背景', '编辑技术问题', '编辑技术手段', '编辑技术效果', '编辑具体实施方式', '编辑应用场景'];
/** In Slack and Teams every element is edited (the terminal keeps four with Enter). */
const EDITED: Record<string, string> = {
  编辑技术背景: '现有头盔的外壳刚度固定，难以兼顾佩戴舒适与冲击防护。',
  编辑技术问题: '如何让头盔外壳只在受到冲击时变硬。',
  编辑技术手段: MECHANISM,
  编辑技术效果: '平时轻便舒适，受到冲击时防护更好。',
  编辑具体实施方式: '实施例一：两层聚碳酸酯外壳之间填充 3 毫米厚的剪切增稠液体。',
  编辑应用场景: APPLICATIONS.join('\n'),
};

let term: ConsoleBot | undefined;
let slack: SlackBotHarness | undefined;
let teams: TeamsBotHarness | undefined;
afterEach(async () => {
  await Promise.all([term?.stop(), slack?.close(), teams?.close()]);
  term = slack = teams = undefined;
});

/** The platform's words: the key elements it extracted, the text it wrote (as streamed), and the user's own. */
function contentOf(sim: RunningSimulator): string[] {
  const jobId = (sim.requests.find((r) => r.operation === 'AI32-3')?.body as { job_id: string }).job_id;
  const written = sim.expectedStreamText('AI32-4', { job_id: jobId });
  // its markdown lines as a chat renders them too (a heading's marks, emphasis and list marks gone)
  const lines = written.split('\n').map((line) =>
    line
      .replace(/^#+\s*|^[-*]\s+/, '')
      .replace(/\*\*/g, '')
      .trim(),
  );
  return [IDEA, ...Object.values(EDITED), ...APPLICATIONS, ...stringsIn(extractTechMeans(IDEA)), written, ...lines];
}

/** The generated request used the edits and asked for a Chinese template (the user's language, no --lang given). */
function expectEdited(body: unknown): void {
  expect(body).toMatchObject({ language: 'cn', mechanism: MECHANISM, application: APPLICATIONS });
}

test('in the terminal: every Edit form, status, the text as it is written, the download link, home', async () => {
  term = await startConsoleBot({ IIP_LANG: 'zh' });
  const t = term;
  const typed = [`disclosure ${IDEA}`, MECHANISM, ...APPLICATIONS, 'status', 'home', '.'];
  const count = (text: string): number => t.printed().split(text).length - 1;
  t.type(typed[0]!);
  await t.until((p) => /\[\w+\] 生成/.test(p), 'the key elements', { timeoutMs: 20_000 });
  for (const edit of EDITS) {
    const [forms, saved] = [count('输入新内容'), count('✓ 保存')];
    t.type(t.keyOf(edit));
    await t.until(() => count('输入新内容') > forms, `the form of ${edit}`, { poke: false });
    // Enter on the first line keeps an element; the mechanism and the applications get new lines
    const lines = edit === '编辑技术手段' ? [MECHANISM, '.'] : edit === '编辑应用场景' ? [...APPLICATIONS, '.'] : [''];
    for (const line of lines) t.type(line);
    // an element kept leaves the message as it was; a changed one shows it again
    await t.until((p) => count('✓ 保存') > saved && (lines.length === 1 || /\[\w+\] 生成/.test(p.split('✓ 保存').at(-1) ?? '')), `after ${edit}`);
  }
  t.type('status');
  t.type(t.keyOf('生成'));
  await t.until((p) => p.includes('技术交底书已完成'), 'the download link', { timeoutMs: 30_000 });
  t.type('home');
  await t.until((p) => p.includes('最近完成'), 'home');
  expectEdited(t.requests().find((r) => r.operation === 'AI32-2')?.body);
  expectAllChinese([terminalShown(t, typed)], contentOf(t.bot.simulator!), COMMAND_WORDS);
});

test('in Slack: the usage and limit notes, every Edit form (an empty mechanism refused), the text as it is written, the link', async () => {
  slack = await startSlackBot({ slack: { locales: { U1: 'zh-CN' } } });
  const h = slack;
  await h.command('disclosure');
  await h.command(`disclosure ${'字'.repeat(5_001)}`);
  await h.command(`disclosure ${IDEA} --lang xx`);
  await waitFor(() => h.slack.ephemerals.length >= 3, 'three notes');
  await h.command(`disclosure ${IDEA}`);
  const t = await NoveltyThread.opened(h, 0);
  let review = await t.step('技术交底书 · 关键要素');
  expect(buttonsOf(review).map((b) => b.label)).toEqual(['生成', ...EDITS, '取消']);
  for (const edit of EDITS) {
    const { view } = await t.openForm(review, edit);
    if (edit === '编辑技术手段') {
      await h.submitForm(view, { value: ' ' });
      await waitFor(() => h.slack.ephemerals.find((e) => slackSeen(e).includes('技术手段不能为空')), 'the note refusing an empty mechanism');
    }
    const before = textOf(review);
    await h.submitForm(view, { value: EDITED[edit]! });
    review = await waitFor(() => t.replies.find((m) => m.ts === review.ts && buttonsOf(m).length > 0 && textOf(m) !== before), edit);
  }
  h.sim.setTaskDuration(60_000);
  await t.press(review, '生成');
  // the progress message below the text becomes the link: read it while it shows
  const progress = slackSeen(await t.reply('导出', 20_000));
  h.sim.setTaskDuration(0);
  await waitFor(() => t.replies.find((m) => textOf(m).includes('技术交底书已完成')), 'the download link', 20_000);
  expectEdited(bodiesOf(h, 'AI32-2')[0]);

  const parent = h.slack.message('C1', t.parentTs) as FakeSlackMessage;
  const shown = [
    progress,
    ...[parent, ...t.replies].map(slackSeen),
    ...h.slack.ephemerals.map(slackSeen),
    ...h.slack.views.map((v) => slackSeen({ blocks: v.view })),
  ];
  expect(shown.join('\n')).toContain('应用场景：每行一条');
  expectAllChinese(shown, contentOf(h.sim));
});

test('in Teams: every inline Edit form, a refused start and Retry, the text as it is written, the export and the download link', async () => {
  teams = await startTeamsBot();
  const h = teams;
  const t = await ZhTeamsThread.mention(h, `disclosure ${IDEA}`);
  let review = await t.step('技术交底书 · 关键要素');
  expect(teamsButtons(review).map((b) => b.title)).toEqual(['生成', ...EDITS, '取消']);
  const shown: string[] = [];
  for (const edit of EDITS) {
    const before = teamsTextOf(t.current(review));
    await t.press(t.current(review), edit);
    const form = await t.form(review, edit.replace('编辑', ''));
    shown.push(teamsSeen(form));
    await t.submit(form, { value: EDITED[edit]! });
    await teamsWaitFor(() => teamsTextOf(t.current(review)) !== before && teamsButtons(t.current(review)).length > 0, edit);
    review = t.current(review);
  }
  // the platform refuses the first start: the failure and its Retry in Chinese too
  h.sim.inject({ kind: 'envelope-error', errorCode: 68300008, operation: 'AI32-2', times: 1 });
  await t.press(t.current(review), '生成');
  const failure = await t.step('失败');
  shown.push(teamsSeen(failure));
  h.sim.setTaskDuration(60_000);
  await t.press(failure, '重试');
  // the progress card below the text becomes the link: read it while it shows
  shown.push(teamsSeen(await t.reply('导出', 20_000)));
  h.sim.setTaskDuration(0);
  await teamsWaitFor(() => t.replies.find((m) => teamsTextOf(m).includes('技术交底书已完成')), 'the download link', 20_000);
  expectEdited(h.sim.requests.find((r) => r.operation === 'AI32-2')?.body);
  expectAllChinese([...shown, ...h.fake.allMessages().map(teamsSeen)], contentOf(h.sim));
});
