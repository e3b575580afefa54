/**
 * Issue 29 for material solution finding: run in Chinese to its end in the terminal, in Slack and in Teams (the
 * thinking, Add your own, the ticked recommendations confirmed, the mind map and its picture, two nodes' plans,
 * then Cancel), every screen, message, card, form and note holds no English word and no ASCII punctuation of the
 * bot's own: only the platform's content, commands, numbers and identifiers.
 */
import { afterEach, expect, test } from 'vitest';
import { VERBS } from '../../src/handlers/index.js';
import type { CallOperationId } from '../../src/platform/operations.js';
import type { RecordedRequest } from '../../src/platform/simulator/types.js';
import { materialRecommendations, thinking } from '../../src/platform/simulator/content/material.js';
import { buttonsOf as teamsButtons, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor as teamsWaitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import { shownText } from '../helpers/chinese-text.js';
import { platformContent } from '../helpers/platform-content.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { activityId, cardSubmit, channelMention, sendActivity } from '../helpers/teams-activities.js';
import { choiceSetsOf } from '../helpers/teams-workflow-steps.js';
import { expectChinese, slackShown, teamsShown } from '../helpers/zh-shown.js';
import { startConsoleBot, withoutPokes, type ConsoleBot } from './console-bot.js';
import { openMaterial, withMenu } from './slack-material-steps.js';
import { buttonsOf, textOf } from './slack-novelty-steps.js';

const PROBLEM = '在不泛白的前提下提高氧化锌防晒霜的紫外防护效果';
const OWN = '纳米氧化锌表面包覆';
const COMMAND_WORDS = [...VERBS, 'threads', 'switch', 'new', 'exit', 'cancel', 'clear', 'zh', 'en', 'cn'];
const READS: CallOperationId[] = ['AI73-2', 'AI73-4', 'AI73-5', 'AI73-6', 'AI73-7', 'AI73-9'];

let term: ConsoleBot | undefined;
let slack: SlackBotHarness | undefined;
let teams: TeamsBotHarness | undefined;
afterEach(async () => {
  await Promise.all([term?.stop(), slack?.close(), teams?.close()]);
  term = slack = teams = undefined;
});

const content = async (url: string, requests: readonly RecordedRequest[]): Promise<string[]> => [
  PROBLEM,
  OWN,
  ...materialRecommendations(PROBLEM, 'cn'),
  // a requirement's unit follows its value, both as the platform gave them
  ...thinking(PROBLEM).problem_statement.performance_requirements.map((r) => `${r.target_value} ${r.unit}`),
  ...(await platformContent(url, requests, READS)),
];

test('in the terminal', { timeout: 90_000 }, async () => {
  term = await startConsoleBot({ IIP_LANG: 'zh' });
  const t = term;
  const last = (marker: string) => (p: string) => p.split(marker).at(-1) ?? '';
  t.type(`material ${PROBLEM}`);
  await t.until((p) => p.includes('第 1/2 步') && last('第 1/2 步')(p).includes('[c] '), 'step 1', { timeoutMs: 20_000 });
  // Add your own: keep the ticks, one line of our own, then Save shows the step again
  t.type(t.keyOf('自行添加'));
  await t.until((p) => p.includes('直接按 Enter 保留当前勾选'), 'the form', { poke: false });
  t.type('');
  t.type(OWN);
  t.type('.');
  await t.until((p) => p.includes('✓ 保存') && last('✓ 保存')(p).includes('[c] '), 'the step again');
  t.type('c');
  await t.until((p) => p.includes('第 2/2 步 · 技术思维导图') && last('第 2/2 步 · 技术思维导图')(p).includes('输入 1-'), 'the mind map', {
    timeoutMs: 20_000,
  });
  t.type('3');
  await t.until((p) => p.includes('可再选择一个节点') && last('可再选择一个节点')(p).includes('输入 1-'), 'the first plan', { timeoutMs: 20_000 });
  t.type('14');
  await t.until((p) => p.split('可再选择一个节点').length > 2 && last('可再选择一个节点')(p).includes('输入 1-'), 'the second plan', {
    timeoutMs: 20_000,
  });
  expect(withoutPokes(t.printed())).toMatch(/技术思维导图：已保存到 \S+\.png/);
  t.type('threads');
  t.type('status');
  await t.until((p) => p.includes('iip [话题 1]> status'), 'status');
  t.type(t.keyOf('取消'));
  t.type('y');
  await t.until((p) => p.includes('已由'), 'the cancellation', { timeoutMs: 20_000 });
  t.type('home');
  await t.until((p) => p.includes('开始对话'), 'home');
  const printed = withoutPokes(t.printed()).replace(/\/tmp\/\S+/g, ' ');
  // the platform's fields joined the Chinese way, its priority code in words
  expect(printed).toContain('Protection factor：≥ 20 % over baseline（高优先级）');
  expectChinese([printed], await content(t.bot.platformUrl, t.requests()), COMMAND_WORDS);
});

test('in Slack', { timeout: 60_000 }, async () => {
  slack = await startSlackBot({ slack: { locales: { U1: 'zh-CN' } } });
  const h = slack;
  const t = await openMaterial(h, PROBLEM);
  const step1 = await t.step('第 1/2 步 · 思考过程与推荐方案');
  expect(buttonsOf(step1).map((b) => b.label)).toEqual(['确认', '自行添加', '取消']);
  // Add your own: eleven lines are refused with a note, then one of our own is saved
  const form = await t.openForm(step1, '自行添加');
  const notes = h.slack.ephemerals.length;
  await h.submitForm(form.view, { keep: ['0'], own: Array.from({ length: 11 }, (_, i) => `方案 ${i + 1}`).join('\n') });
  await t.note(notes);
  await h.submitForm(form.view, { keep: ['0', '2'], own: OWN });
  const saved = await waitFor(() => t.replies.find((m) => m.ts === step1.ts && textOf(m).includes(OWN) && buttonsOf(m).length > 0), 'saved');
  await t.press(saved, '确认');
  const mind = await withMenu(t, '第 2/2 步 · 技术思维导图');
  const picture = await waitFor(() => h.slack.files.uploads().find((f) => f.completed && f.threadTs === t.parentTs), 'the mind map');
  expect(picture).toMatchObject({ title: '技术思维导图', name: '技术思维导图.png' });
  const recs = materialRecommendations(PROBLEM, 'cn');
  await t.choose(mind, `${recs[0]} — option 1`);
  const plan1 = await withMenu(t, '可再选择一个节点', mind);
  await t.choose(plan1, OWN);
  const plan2 = await withMenu(t, '可再选择一个节点', plan1);
  await t.press(plan2, '取消');
  await t.reply('已由 <@U1> 取消');
  await h.command('status');
  await waitFor(() => h.slack.ephemerals.length > notes + 1, 'the status note');
  // the Home tab lists the finished workflow (views.publish is among the calls checked)
  await h.event({ type: 'app_home_opened', user: 'U1', channel: 'DU1', tab: 'home', ts: '1800000000.000001' }, 'EvHomeZh');
  const home = await waitFor(() => h.slack.homeViews.find((v) => v.userId === 'U1'), 'the Home tab');
  // its entry's name and state joined by a full-width colon (the asterisks of its bold hide an ASCII one from the check)
  expect(shownText(home.view).join('\n')).toContain('*材料方案查找*：已取消 · ');
  expectChinese(slackShown(h.slack.calls), await content(h.sim.url, h.sim.requests));
});

test('in Teams', { timeout: 60_000 }, async () => {
  teams = await startTeamsBot();
  const h = teams;
  const locale = 'zh-CN';
  const root = activityId();
  expect((await sendActivity(h.messagesUrl, channelMention(`material ${PROBLEM}`, { serviceUrl: h.fake.url, id: root, locale }))).status).toBe(200);
  const seen = (m: FakeActivity) => [m.text ?? '', ...shownText(m.attachments)].join('\n');
  const find = (what: string, check: (m: FakeActivity) => boolean) => teamsWaitFor(() => h.replies(root).find(check), what, 20_000);
  const press = async (card: FakeActivity, title: string, inputs: Record<string, string> = {}) => {
    const control = teamsButtons(card).find((b) => b.title === title);
    expect(control, JSON.stringify(teamsButtons(card))).toBeDefined();
    const click = cardSubmit({ ...control!.data, ...inputs }, { serviceUrl: h.fake.url, place: 'channel', root, replyToId: card.id, locale });
    expect((await sendActivity(h.messagesUrl, click)).status).toBe(200);
  };
  const menuOf = (card: FakeActivity) => choiceSetsOf(card).find((c) => !c.multi);
  const choose = (card: FakeActivity, title: string) => {
    const menu = menuOf(card)!;
    const entry = menu.choices.find((c) => c.title.replace(/^(· )+/, '') === title);
    expect(entry, menu.choices.map((c) => c.title).join(' | ')).toBeDefined();
    return press(card, '应用', { [menu.id]: entry!.value });
  };

  const step1 = await find('step 1', (m) => seen(m).includes('第 1/2 步') && teamsButtons(m).length > 1);
  expect(teamsButtons(step1).map((b) => b.title)).toEqual(['确认', '自行添加', '取消']);
  // Add your own: Teams shows the form as a card in the thread
  await press(step1, '自行添加');
  const form = await find(
    'the form',
    (m) => m.id > step1.id && teamsButtons(m).some((b) => (b.data.iip as { kind?: string } | undefined)?.kind === 'form'),
  );
  const fields = Object.fromEntries(choiceSetsOf(form).map((c) => [c.id, '0,2']));
  const own = (JSON.stringify(form.attachments).match(/"id":"([^"]*own[^"]*)"/) ?? [])[1];
  expect(own, JSON.stringify(form.attachments).slice(0, 2000)).toBeDefined();
  const submit = teamsButtons(form).find((b) => (b.data.iip as { kind?: string } | undefined)?.kind === 'form')!;
  await press(form, submit.title, { ...fields, [own!]: OWN });
  const saved = await find('saved', (m) => m.id === step1.id && seen(m).includes(OWN) && teamsButtons(m).length > 1);
  await press(saved, '确认');
  const mind = await find('the mind map', (m) => seen(m).includes('第 2/2 步 · 技术思维导图') && menuOf(m) !== undefined);
  const recs = materialRecommendations(PROBLEM, 'cn');
  await choose(mind, `${recs[0]} — option 1`);
  const plan1 = await find('the first plan', (m) => m.id > mind.id && seen(m).includes('可再选择一个节点') && menuOf(m) !== undefined);
  await choose(plan1, OWN);
  const plan2 = await find('the second plan', (m) => m.id > plan1.id && seen(m).includes('可再选择一个节点') && menuOf(m) !== undefined);
  await press(plan2, '取消');
  await find('the cancellation', (m) => seen(m).includes('已由'));
  expectChinese(teamsShown(h.fake.calls), await content(h.sim.url, h.sim.requests));
});
