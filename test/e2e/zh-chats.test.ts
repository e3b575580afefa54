/**
 * Issue 29, the pharm and encyclopedia chats in Chinese on every surface (the terminal, Slack, Teams): an answer,
 * a follow-up in its thread, the sources and token lines under them, the encyclopedia's source menu and on/off
 * buttons, a change of either: nothing the bot shows holds an English word or ASCII punctuation of its own.
 */
import { expect, test } from 'vitest';
import { VERBS } from '../../src/handlers/index.js';
import { expectedChatAnswer } from '../../src/platform/simulator/index.js';
import { chatReferences } from '../../src/platform/simulator/content/references.js';
import { buttonsOf, cardJson, startTeamsBot } from '../adapters/teams/bot-harness.js';
import { waitFor as waitForTeams } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import { startSlackBot, waitFor } from '../helpers/slack-bot-harness.js';
import { activityId, cardSubmit, channelMention, PERSONAL_CHAT, personalMessage, sendActivity, USER } from '../helpers/teams-activities.js';
import { choiceSetsOf } from '../helpers/teams-workflow-steps.js';
import { startConsoleBot, withoutPokes } from './console-bot.js';
import { NoveltyThread, selectOptions, textOf } from './slack-novelty-steps.js';
import { leftIn, shownToSlack, shownToTeams } from './zh-shown.js';

const PHARM = ['siRNA 药物有哪些适应症？', '其中哪些已经获批上市？'] as const;
const BIO = ['RMC-6236 的药代动力学数据是什么？', '在儿童中的数据呢？'] as const;
const COMMAND_WORDS = [...VERBS, 'new', 'clear', 'cancel', 'threads', 'switch'];

/**
 * What the platform answered for the questions sent (the answers, their sources' titles, texts and links): shown as
 * it comes. An encyclopedia follow-up carries the previous question, in the thread's language.
 */
function contentFor(sent: { operation: string; body: unknown }[]): string[] {
  const asked = sent.filter((r) => r.operation === 'AI68-1').map((r) => (r.body as { query: string }).query);
  expect(asked).toEqual([BIO[0], `上一个问题：${BIO[0]}\n后续问题：${BIO[1]}`]);
  const answers = [
    ...PHARM.map((q, i) => expectedChatAnswer('AI20', { query: q }, { turn: i + 1 })),
    // each encyclopedia question opens a chat of its own (AI68-1 takes no chat id): a first turn
    ...asked.map((q) => expectedChatAnswer('AI68-2', {}, { question: q, turn: 1 })),
  ];
  const sources = [...PHARM, ...asked].flatMap((q) => chatReferences(q)).flatMap((r) => [r.title, r.text, r.link]);
  return [...PHARM, ...BIO, ...asked, ...answers, ...sources];
}

// the terminal's language is the process's default (IIP_LANG): its run goes alone, before the chats' two
test('pharm and encyclopedia in the terminal, in Chinese', { timeout: 90_000 }, async () => {
  const term = await startConsoleBot({ IIP_LANG: 'zh' });
  try {
    term.type(`pharm ${PHARM[0]}`);
    await term.until((p) => p.split('token').length > 1, 'the pharm answer', { timeoutMs: 30_000 });
    term.type(PHARM[1]);
    await term.until((p) => p.split('token').length > 2, 'the follow-up', { timeoutMs: 30_000 });
    term.type(`encyclopedia ${BIO[0]}`);
    await term.until((p) => p.split('token').length > 3 && /\[\w+\] 开启深度检索/.test(p), 'the encyclopedia answer', { timeoutMs: 30_000 });
    term.type(term.keyOf('开启深度检索'));
    await term.until((p) => p.includes('更改了检索设置'), 'the change');
    term.type(BIO[1]);
    await term.until((p) => p.split('token').length > 4, 'the encyclopedia follow-up', { timeoutMs: 30_000 });
    const printed = withoutPokes(term.printed()).replace(/\/tmp\/\S+/g, ' ');
    const content = contentFor(term.requests());
    for (const part of ['参考来源', '生命科学大模型 · ', '生物医药百科 · ', '更改了检索设置']) expect(printed).toContain(part);
    expect(leftIn([printed], content, { commandWords: COMMAND_WORDS })).toEqual([]);
  } finally {
    await term.stop();
  }
});

test.concurrent('pharm and encyclopedia in Slack for a zh-CN user, in Chinese', { timeout: 90_000 }, async () => {
  const h = await startSlackBot({ slack: { locales: { U1: 'zh-CN' } } });
  try {
    const footers = (t: NoveltyThread) => t.replies.filter((m) => textOf(m).includes('token'));
    const followUp = (t: NoveltyThread, text: string, n: number) =>
      h.event(
        { type: 'message', channel: 'C1', user: 'U1', text, ts: `1800000000.00030${n}`, thread_ts: t.parentTs, channel_type: 'channel' },
        `EvZhChat${n}`,
      );
    await h.command(`pharm ${PHARM[0]}`);
    const pharm = await NoveltyThread.opened(h, 0);
    await waitFor(() => footers(pharm).length === 1, 'the pharm answer');
    await followUp(pharm, PHARM[1], 1);
    await waitFor(() => footers(pharm).length === 2, 'the pharm follow-up');

    await h.command(`encyclopedia ${BIO[0]}`);
    const bio = await NoveltyThread.opened(h, 1);
    const [answer] = await waitFor(() => footers(bio).length === 1 && footers(bio), 'the encyclopedia answer');
    expect(selectOptions(answer!)?.options.map((o) => o.label)).toContain('临床试验');
    await bio.choose(answer!, '临床试验');
    const changed = await bio.reply('更改了检索设置');
    await bio.press(changed, '开启深度检索');
    await waitFor(() => bio.replies.filter((m) => textOf(m).includes('更改了检索设置')).length === 2, 'the second change');
    await followUp(bio, BIO[1], 2);
    await waitFor(() => footers(bio).length === 2, 'the encyclopedia follow-up');

    const shown = shownToSlack(h.slack);
    for (const part of ['参考来源', '生命科学大模型 · ', '后续问题的数据来源', '关闭深度检索'])
      expect(
        shown.some((text) => text.includes(part)),
        part,
      ).toBe(true);
    expect(leftIn(shown, contentFor(h.sim.requests))).toEqual([]);
  } finally {
    await h.close();
  }
});

test.concurrent('pharm and encyclopedia from a zh-CN Teams client, in Chinese', { timeout: 90_000 }, async () => {
  const h = await startTeamsBot();
  try {
    const ZH = 'zh-CN';
    const say = async (text: string, root?: string): Promise<string> => {
      const id = activityId();
      const activity = channelMention(text, { serviceUrl: h.fake.url, id, locale: ZH, ...(root ? { root } : {}) });
      expect((await sendActivity(h.messagesUrl, activity)).status).toBe(200);
      return root ?? id;
    };
    const press = async (root: string, card: FakeActivity, title: string, inputs: Record<string, string> = {}) => {
      const control = buttonsOf(card).find((b) => b.title === title);
      expect(control, JSON.stringify(buttonsOf(card).map((b) => b.title))).toBeDefined();
      const click = cardSubmit({ ...control!.data, ...inputs }, { serviceUrl: h.fake.url, place: 'channel', root, replyToId: card.id, locale: ZH });
      expect((await sendActivity(h.messagesUrl, click)).status).toBe(200);
    };
    const answers = (root: string, count: number) =>
      waitForTeams(() => {
        const done = h.replies(root).filter((m) => cardJson(m).includes('token'));
        return done.length >= count ? done : undefined;
      }, `${count} answer(s)`);

    const pharm = await say(`pharm ${PHARM[0]}`);
    await answers(pharm, 1);
    await say(PHARM[1], pharm);
    await answers(pharm, 2);

    const bio = await say(`encyclopedia ${BIO[0]}`);
    const [first] = await answers(bio, 1);
    const menu = choiceSetsOf(first).find((c) => c.id === 'encyclopedia-source');
    const trials = menu?.choices.find((c) => c.title === '临床试验');
    expect(trials, JSON.stringify(menu)).toBeDefined();
    const apply = buttonsOf(first).find((b) => !b.title.includes('开启') && !b.title.includes('关闭'));
    await press(bio, first!, apply!.title, { 'encyclopedia-source': trials!.value });
    await waitForTeams(() => h.replies(bio).find((m) => cardJson(m).includes('更改了检索设置')), 'the change');
    await press(bio, h.fake.activity(first!.id) ?? first!, '开启深度检索');
    await waitForTeams(() => h.replies(bio).filter((m) => cardJson(m).includes('更改了检索设置')).length === 2, 'the second change');
    await say(BIO[1], bio);
    await answers(bio, 2);
    // the 1:1 chat: the answer streams natively, a message goes on with the chat's last answer
    const personal = (text: string) => sendActivity(h.messagesUrl, personalMessage(text, { serviceUrl: h.fake.url, locale: ZH }));
    const inPersonal = (count: number) =>
      waitForTeams(
        () => h.fake.messages(PERSONAL_CHAT).filter((m) => cardJson(m).includes('token') || (m.text ?? '').includes('token')).length >= count,
        `${count} answer(s) in the 1:1 chat`,
      );
    await personal(`pharm ${PHARM[0]}`);
    await inPersonal(1);
    await personal(PHARM[1]);
    await inPersonal(2);

    const shown = shownToTeams(h.fake);
    for (const part of ['参考来源', '生命科学大模型 · ', '生物医药百科 · ', '关闭深度检索'])
      expect(
        shown.some((text) => text.includes(part)),
        part,
      ).toBe(true);
    expect(leftIn(shown, contentFor(h.sim.requests), { people: [USER.name] })).toEqual([]);
  } finally {
    await h.close();
  }
});
