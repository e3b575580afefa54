/**
 * Issue 19 in Slack, end to end: a user whose Slack locale is zh-CN (users.info with include_locale) gets the
 * bot's own words in Chinese: help, a chat's thread and footer, a solution exploration confirmed step by step to
 * its solutions (plan, summary, mind map) and another one cancelled, with the platform asked for Chinese results;
 * `/iip lang en|zh|auto` switches per user, and another user in the same workspace (en-US) keeps English throughout.
 */
import { afterEach, expect, test } from 'vitest';
import { expectedChatAnswer } from '../../src/platform/simulator/index.js';
import { recommendations } from '../../src/platform/simulator/content/solution.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { asciiPunctuationLeft, englishLeft, hasChinese, shownText } from '../helpers/chinese-text.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { solutionContent } from '../helpers/solution-content.js';
import { bodiesOf, buttonsOf } from './slack-novelty-steps.js';
import { openSolution, pressWithTicks } from './slack-solution-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const seen = (m: { text?: string; blocks?: unknown }): string => [m.text ?? '', ...shownText(m.blocks)].join('\n');
const notesTo = (user: string): string[] => h!.slack.ephemerals.filter((e) => e.user === user).map(seen);
const lastNoteTo = (user: string, count: number): Promise<string> =>
  waitFor(() => notesTo(user).length >= count && notesTo(user)[count - 1], `note ${count} to ${user}`);

const PROBLEM = '在不提高生产成本的前提下提高锂电池负极的能量密度。';
/** A plan's text as Slack shows it: its title, its tasks' titles and details. */
const planText = (m: FakeSlackMessage): string =>
  (m.stream?.chunks ?? []).flatMap((c) => [c.title, c.details].filter((v): v is string => typeof v === 'string')).join('\n');

test('help, a chat and /iip lang in Chinese for a zh-CN user; an en-US user keeps English', async () => {
  h = await startSlackBot({ slack: { locales: { U1: 'zh-CN', U2: 'en-US' } } });
  await h.command('help');
  const help = await lastNoteTo('U1', 1);
  expect(help).toContain('在话题中使用专利与生物医药情报');
  expect(englishLeft(help)).toEqual([]);
  expect(asciiPunctuationLeft(help)).toEqual([]);
  expect(h.slack.callsTo('users.info')[0]?.args).toMatchObject({ user: 'U1', include_locale: 'true' });

  await h.command('help', { user_id: 'U2' });
  expect(await lastNoteTo('U2', 1)).toContain('patent and bio-pharma intelligence in your threads');

  const question = '固态电池如何避免锂枝晶？';
  await h.command(`ask ${question}`);
  const answer = expectedChatAnswer('AI07', { prompt: question });
  const done = await waitFor(() => {
    const thread = h!.latestThread();
    const last = thread?.replies.at(-1);
    return thread && last && seen(last).includes('token') ? thread : undefined;
  }, 'the finished answer');
  const parent = seen(done.parent);
  expect(hasChinese(parent)).toBe(true);
  expect(englishLeft(parent, [question])).toEqual([]);
  expect(asciiPunctuationLeft(parent, [question])).toEqual([]);
  const footer = seen(done.replies.at(-1)!);
  expect(englishLeft(footer, [answer])).toEqual([]);
  expect(asciiPunctuationLeft(footer, [answer])).toEqual([]);

  await h.command('lang en');
  expect(await lastNoteTo('U1', 2)).toContain('From now on the bot speaks English to you');
  await h.command('help');
  expect(await lastNoteTo('U1', 3)).toContain('patent and bio-pharma intelligence in your threads');
  await h.command('lang zh');
  expect(await lastNoteTo('U1', 4)).toContain('从现在起，机器人将用中文与你交流');
  await h.command('lang en');
  await h.command('lang auto');
  const auto = await lastNoteTo('U1', 6);
  expect(auto).toContain('跟随聊天软件的语言');
  expect(englishLeft(auto)).toEqual([]);
  expect(asciiPunctuationLeft(auto)).toEqual([]);
  await h.command('lang');
  expect(await lastNoteTo('U1', 7)).toContain('这是你聊天软件的语言');
  // a language the bot does not speak is refused in the user's language, and changes nothing
  await h.command('lang fr');
  const refused = await lastNoteTo('U1', 8);
  expect(refused).toContain('未知语言 `fr`');
  expect(await h.bot.state.getSetting('lang:slack:T1:U1')).toBeUndefined();
  // U2 chose nothing and is still in English
  await h.command('lang', { user_id: 'U2' });
  expect(await lastNoteTo('U2', 2)).toContain('The bot speaks English to you: your chat’s language.');
});

test('a solution exploration cancelled in Chinese: results asked for in Chinese, the step, buttons and the cancellation in Chinese; the Home tab too', async () => {
  h = await startSlackBot({ slack: { locales: { U1: 'zh-CN' } } });
  await h.event({ type: 'app_home_opened', user: 'U1', channel: 'DU1', tab: 'home', ts: '1800000000.000001' }, 'EvHomeZh1');
  const homes = () => h!.slack.homeViews.filter((v) => v.userId === 'U1').map((v) => shownText(v.view).join('\n'));
  const emptyHome = await waitFor(() => homes()[0], 'the Home tab');
  expect(englishLeft(emptyHome)).toEqual([]);
  expect(asciiPunctuationLeft(emptyHome)).toEqual([]);
  const t = await openSolution(h, PROBLEM);
  const parent = seen(h.slack.message('C1', t.parentTs) as FakeSlackMessage);
  expect(englishLeft(parent, [PROBLEM])).toEqual([]);
  expect(asciiPunctuationLeft(parent, [PROBLEM])).toEqual([]);
  await waitFor(() => bodiesOf(h!, 'AI33-1').length === 1, 'AI33-1');
  // the workflow's results follow the user's language, as IIP_LANG's did (no --lang given)
  expect(bodiesOf(h, 'AI33-1')).toEqual([{ lang: 'cn', solution_issues: PROBLEM }]);
  const recs = recommendations(PROBLEM, 'cn');
  const step1 = await waitFor(() => t.replies.find((m) => m.blocks.some((b) => JSON.stringify(b).includes('checkboxes'))), 'step 1');
  const stepText = seen(step1);
  expect(hasChinese(stepText)).toBe(true);
  expect(englishLeft(stepText, recs)).toEqual([]);
  expect(asciiPunctuationLeft(stepText, recs)).toEqual([]);
  const cancel = t.button(step1, '取消');
  await h.click({ action_id: cancel.action_id, value: cancel.value }, { messageTs: step1.ts, threadTs: t.parentTs });
  const cancelled = await waitFor(() => t.replies.find((m) => seen(m).includes('已由')), 'the cancellation');
  expect(englishLeft(seen(cancelled))).toEqual([]);
  expect(asciiPunctuationLeft(seen(cancelled))).toEqual([]);
  for (const m of t.replies) expect(englishLeft(seen(m), [...recs, PROBLEM]), seen(m).slice(0, 300)).toEqual([]);
  for (const m of t.replies) expect(asciiPunctuationLeft(seen(m), [...recs, PROBLEM]), seen(m).slice(0, 300)).toEqual([]);
  // the home shown before is published again in its owner's language once the thread is finished
  const refreshed = await waitFor(() => homes().find((home) => home.includes('已取消')), 'the Home tab refreshed');
  expect(refreshed).toContain('技术方案探索');
  // the entry names the step it stopped at by its title's words, not its internal id ('options')
  expect(refreshed).toContain('已取消 · 步骤「目标与约束」');
  expect(refreshed).not.toContain('options');
  expect(englishLeft(refreshed, [PROBLEM])).toEqual([]);
  expect(asciiPunctuationLeft(refreshed, [PROBLEM])).toEqual([]);
});

test('a solution exploration in Chinese to its results: both steps confirmed, the plan, the four solutions, the summary and the mind map', async () => {
  h = await startSlackBot({ slack: { locales: { U1: 'zh-CN' } } });
  const t = await openSolution(h, PROBLEM);
  const step1 = await t.step('第 1/3 步 · 目标与约束');
  expect(buttonsOf(step1).map((b) => b.label)).toEqual(['继续', '自行添加', '取消']);
  const shown = [seen(step1)];
  await pressWithTicks(t, step1, '继续', ['0', '2', '3']);
  const step2 = await t.step('第 2/3 步 · 技术方向');
  shown.push(seen(step2));
  await pressWithTicks(t, step2, '继续', ['0', '1']);
  await t.reply('共找到 4 个技术方案', 20_000);
  const solutions = await waitFor(() => {
    const found = t.replies.filter((m) => /方案 \d\/4 ·/.test(seen(m)));
    return found.length === 4 ? found : undefined;
  }, 'four solutions');
  const picture = await waitFor(() => h!.slack.files.uploads().find((f) => f.completed && f.threadTs === t.parentTs), 'the mind map');
  expect(picture.title).toBe('技术方案思维导图');
  // every step asked the platform for Chinese
  expect([...bodiesOf(h, 'AI33-3'), ...bodiesOf(h, 'AI33-5')]).toMatchObject([{ lang: 'cn' }, { lang: 'cn' }]);
  const plan = h.slack.streams.messages().find((m) => m.threadTs === t.parentTs && m.stream?.taskDisplayMode === 'plan');
  expect(planText(plan!)).toContain('第 3/3 步 · 撰写技术方案');

  const taskId = (bodiesOf(h, 'AI33-2')[0] as { task_id: string }).task_id;
  const content = [...(await solutionContent(h.sim.url, taskId, PROBLEM)), PROBLEM];
  const parent = h.slack.message('C1', t.parentTs) as FakeSlackMessage;
  shown.push(...[parent, ...t.replies].map(seen), planText(plan!), ...h.slack.ephemerals.map(seen));
  for (const text of shown) expect(englishLeft(text, content), text.slice(0, 300)).toEqual([]);
  for (const text of shown) expect(asciiPunctuationLeft(text, content), text.slice(0, 300)).toEqual([]);
  for (const m of solutions) expect(hasChinese(seen(m).replace(PROBLEM, ''))).toBe(true);
});

test('a wait resumed after a restart goes on in the language its thread started in', async () => {
  h = await startSlackBot({ slack: { locales: { U1: 'zh-CN' } } });
  const t = await openSolution(h, PROBLEM);
  const step1 = await waitFor(() => t.replies.find((m) => m.blocks.some((b) => JSON.stringify(b).includes('checkboxes'))), 'step 1');
  const [record] = await h.bot.state.listOpenByUser('T1', 'U1');
  expect(record?.language).toBe('zh');
  h.sim.setTaskDuration(60_000);
  await pressWithTicks(t, step1, '继续', ['0', '1']);
  await waitFor(() => bodiesOf(h!, 'AI33-4').length > 0, 'the directions being polled');
  await h.restart();
  const lookups = h.slack.callsTo('users.info').length;
  const polled = bodiesOf(h, 'AI33-4').length;
  await waitFor(() => bodiesOf(h!, 'AI33-4').length > polled, 'the resumed wait polling again');
  h.sim.setTaskDuration(0);
  const step2 = await waitFor(
    () => t.replies.find((m) => m.ts !== step1.ts && m.blocks.some((b) => JSON.stringify(b).includes('checkboxes'))),
    'step 2, posted by the resumed wait',
  );
  expect(hasChinese(seen(step2))).toBe(true);
  // no user event: nobody's locale was asked for, the record's language was used
  expect(h.slack.callsTo('users.info')).toHaveLength(lookups);
});
