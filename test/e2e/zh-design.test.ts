/**
 * Issue 29 for the design-patent image search: run in Chinese to its end in the terminal, in Slack and in Teams
 * (refusals, a search cancelled, the image uploaded, attached or a file on this computer, the report with its
 * similar designs, Show more, the line drawing), every screen, message, card and note holds no English word and no
 * ASCII punctuation of the bot's own: only the platform's content, commands, codes, links and numbers.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { VERBS } from '../../src/handlers/index.js';
import type { RecordedRequest } from '../../src/platform/simulator/types.js';
import { buttonsOf as teamsButtons } from '../adapters/teams/bot-harness.js';
import { waitFor as teamsWaitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import { shownText } from '../helpers/chinese-text.js';
import { platformContent } from '../helpers/platform-content.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { activityId, cardSubmit, channelMention } from '../helpers/teams-activities.js';
import { imageAttachments, startTeamsDesignBot, type TeamsDesignBot } from '../helpers/teams-design-steps.js';
import { expectChinese, slackShown, teamsShown } from '../helpers/zh-shown.js';
import { startConsoleBot, withoutPokes, type ConsoleBot } from './console-bot.js';
import { PRODUCT_PNG, shareInThread } from './slack-design-steps.js';
import { buttonsOf, NoveltyThread, textOf } from './slack-novelty-steps.js';

const PRODUCT = '无线耳机充电盒';
const IMAGE = 'https://example.com/earbuds-case.png';
const COMMAND_WORDS = [...VERBS, 'threads', 'switch', 'new', 'exit', 'cancel', 'clear', 'zh', 'en', 'cn'];

let term: ConsoleBot | undefined;
let slack: SlackBotHarness | undefined;
let teams: TeamsDesignBot | undefined;
afterEach(async () => {
  await Promise.all([term?.stop(), slack?.close(), teams?.close()]);
  term = slack = teams = undefined;
});

const content = async (url: string, requests: readonly RecordedRequest[]): Promise<string[]> => [
  PRODUCT,
  ...(await platformContent(url, requests, ['AI39-2'])),
];

test('in the terminal', { timeout: 90_000 }, async () => {
  term = await startConsoleBot({ IIP_LANG: 'zh' }, { localFiles: true });
  const t = term;
  const sim = t.bot.simulator!;
  const photo = join(t.dir, '耳机盒.png');
  writeFileSync(photo, PRODUCT_PNG);
  // refusals: a missing file, a country the platform does not search, no image at all
  t.type(`design ${join(t.dir, '没有.png')} ${PRODUCT}`);
  t.type(`design ${IMAGE} --countries XX`);
  t.type(`design ${PRODUCT}`);
  await t.until((p) => p.split('用法：').length > 2, 'the refusals');
  // a search held running, then cancelled
  sim.setTaskDuration(60_000);
  t.type(`design ${IMAGE} ${PRODUCT} --countries US,CN`);
  await t.until((p) => p.includes('[x] 取消'), 'the running search', { timeoutMs: 20_000 });
  t.type('x');
  t.type('y');
  await t.until((p) => p.includes('已由'), 'the cancellation', { timeoutMs: 20_000 });
  sim.setTaskDuration(0);
  // the image file on this computer, to the report and Show more
  t.type('new');
  t.type(`design ${photo} ${PRODUCT} --countries US,CN --loc 14-03`);
  const report = await t.until((p) => /\[\w+\] 显示更多/.test(p), 'the report', { timeoutMs: 20_000 });
  expect(
    t
      .requests()
      .filter((r) => r.operation === 'AI39-1')
      .at(-1)?.body,
  ).toMatchObject({ main_field: PRODUCT });
  const more = /\[(\w+)\] 显示更多/.exec(report)![1]!;
  t.type(more);
  await t.until((p) => p.includes('最接近的 6 个相似设计中的第 4–6 个'), 'the next designs', { timeoutMs: 20_000 });
  t.type('threads');
  t.type('status');
  t.type('home');
  await t.until((p) => p.includes('开始对话'), 'home');
  const printed = withoutPokes(t.printed()).replace(/\/tmp\/\S+/g, ' ');
  expect(printed).toMatch(/你的设计的线条图：已保存到/);
  // the platform's risk level in words, a thumbnail named the Chinese way, codes listed with 、
  expect(printed).toMatch(/🔴 风险：高 · US/);
  expect(printed).toMatch(/\[图片：USD\d+S\d? 的缩略图\]/);
  expect(printed).toContain('平台只检索 US、CN、JP、KR、AU、EU 的外观设计注册库');
  expectChinese([printed], await content(t.bot.platformUrl, t.requests()), COMMAND_WORDS);
});

test('in Slack', { timeout: 60_000 }, async () => {
  slack = await startSlackBot({ env: { PUBLIC_URL: 'https://iip-bot.example.test' }, slack: { locales: { U1: 'zh-CN' } } });
  const h = slack;
  await h.command(`design ${IMAGE} --countries XX`);
  await waitFor(() => h.slack.ephemerals.find((e) => e.text.includes('不在其中')), 'the refusal');
  // a search waiting for its image, cancelled
  await h.command(`design ${PRODUCT} --countries US,EU`);
  const first = await NoveltyThread.opened(h, 0);
  const ask1 = await first.step('上传图片');
  expect(buttonsOf(ask1).map((b) => b.label)).toEqual(['取消']);
  await first.press(ask1, '取消');
  await first.reply('已由 <@U1> 取消');
  // another, with a file that is no image (refused), then the image
  await h.command(`design ${PRODUCT} --countries US,EU,CN --loc 14-03`);
  const t = await NoveltyThread.opened(h, 1);
  await t.step('上传图片');
  const parent = h.slack.message('C1', t.parentTs)!;
  const text = h.slack.files.share({ name: 'notes.txt', mimetype: 'text/plain', data: Buffer.from('not an image') });
  await shareInThread(h, parent, { id: text.id, name: text.name, mimetype: text.mimetype, size: text.size });
  await waitFor(() => h.slack.ephemerals.find((e) => e.text.includes('notes.txt 不是平台可读取的图片')), 'the non-image refusal');
  const file = h.slack.files.share({ name: 'earbuds.png', mimetype: 'image/png', data: PRODUCT_PNG });
  await shareInThread(h, parent, { id: file.id, name: file.name, mimetype: file.mimetype, size: file.size });
  const report = await waitFor(() => t.replies.find((m) => textOf(m).includes('外观设计检索报告') && buttonsOf(m).length > 0), 'the report', 20_000);
  const more = buttonsOf(report).find((b) => b.label.startsWith('显示更多'))!;
  await t.pressControl(report, more);
  await t.reply('最接近的 6 个相似设计中的第 4–6 个');
  const drawing = await waitFor(() => h.slack.files.uploads().find((f) => f.completed && f.threadTs === t.parentTs), 'the line drawing');
  expect(drawing).toMatchObject({ title: '你的设计的线条图', name: '你的设计的线条图.png' });
  const notes = h.slack.ephemerals.length;
  await h.command('status');
  await waitFor(() => h.slack.ephemerals.length > notes, 'the status note');
  // the Home tab lists the finished workflow (views.publish is among the calls checked)
  await h.event({ type: 'app_home_opened', user: 'U1', channel: 'DU1', tab: 'home', ts: '1800000000.000001' }, 'EvHomeZh');
  const home = await waitFor(() => h.slack.homeViews.find((v) => v.userId === 'U1'), 'the Home tab');
  // its entry's name and state joined by a full-width colon (the asterisks of its bold hide an ASCII one from the check)
  expect(shownText(home.view).join('\n')).toContain('*外观设计检索*：已完成 · ');
  expectChinese(slackShown(h.slack.calls), await content(h.sim.url, h.sim.requests));
});

test('in Teams', { timeout: 60_000 }, async () => {
  teams = await startTeamsDesignBot();
  const h = teams;
  const locale = 'zh-CN';
  const mention = async (text: string, attachments: Record<string, unknown>[] = []) => {
    const root = activityId();
    const sent = await h.send({ ...channelMention(text, { serviceUrl: h.fake.url, id: root, locale }), attachments });
    expect(sent.status).toBe(200);
    return root;
  };
  const seen = (m: FakeActivity) => [m.text ?? '', ...shownText(m.attachments)].join('\n');
  const find = (root: string, text: string) => teamsWaitFor(() => h.replies(root).find((m) => seen(m).includes(text)), text, 20_000);
  const press = async (root: string, card: FakeActivity, title: string) => {
    const control = teamsButtons(card).find((b) => b.title.startsWith(title));
    expect(control, JSON.stringify(teamsButtons(card))).toBeDefined();
    const click = cardSubmit(control!.data, { serviceUrl: h.fake.url, place: 'channel', root, replyToId: card.id, locale });
    expect((await h.send(click)).status).toBe(200);
  };
  // a search waiting for its image, cancelled (Teams asks under the button first)
  const first = await mention(`design ${PRODUCT} --countries US,EU`);
  const ask = await teamsWaitFor(() => h.replies(first).find((m) => seen(m).includes('上传') && teamsButtons(m).length > 0), 'the ask');
  await press(first, ask, '取消');
  await find(first, '已由');
  // the image attached to the mention: the report, Show more, the line drawing as a card image
  const command = `design ${PRODUCT} --countries US,EU,CN --loc 14-03`;
  const root = await mention(command, imageAttachments(h.fake, command));
  const report = await teamsWaitFor(
    () => h.replies(root).find((m) => seen(m).includes('外观设计检索报告') && teamsButtons(m).length > 0),
    'the report',
    20_000,
  );
  await press(root, report, '显示更多');
  await find(root, '最接近的 6 个相似设计中的第 4–6 个');
  await find(root, '你的设计的线条图');
  expectChinese(teamsShown(h.fake.calls), await content(h.sim.url, h.sim.requests));
});
