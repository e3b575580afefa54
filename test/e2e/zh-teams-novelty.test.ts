/**
 * Issue 29 in Teams: a novelty search from a zh-CN client, in a channel and in the 1:1 chat, from the command to
 * the report: every card the bot sent or edited on the way (the Edit forms of steps 1 to 3, step 4's Add a patent,
 * the reference menu, Change a verdict, the comparison picture, step 5's title form, the report's link card or
 * consent card; a failed task and a refused confirmation, each retried) holds no English word and no ASCII
 * punctuation of the bot's own: only the platform's content and identifiers.
 */
import { expect, test } from 'vitest';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import { hasChinese } from '../helpers/chinese-text.js';
import { FILE_CONSENT_TYPE, FILE_INFO_TYPE, fileConsentInvoke, startFakeOneDrive, type FakeOneDrive } from '../helpers/fake-teams-files.js';
import { activityId, cardSubmit, channelMention, PERSONAL_CHAT, personalMessage, sendActivity, USER } from '../helpers/teams-activities.js';
import { bodiesOf, choiceSetsOf, inputsOf, textOf } from '../helpers/teams-workflow-steps.js';
import { noveltyContent, pictureWords } from './zh-novelty-content.js';
import { leftIn, shownToTeams } from './zh-shown.js';

type Json = Record<string, unknown>;
const ZH = 'zh-CN';
const IDEA = '一种折叠屏手机铰链，采用液态金属阻尼层，折叠时阻尼层吸收冲击并减少折痕。';
const isForm = (m: FakeActivity): boolean =>
  inputsOf(m).some((e) => e.type === 'Input.Text' || e.type === 'Input.ChoiceSet') &&
  buttonsOf(m).some((b) => (b.data.iip as Json | undefined)?.kind === 'form');

type Place = 'channel' | 'personal';

/** A search from a zh-CN client, in a channel's reply chain under its mention or in its 1:1 chat, driven as that client clicks. */
class ZhThread {
  constructor(
    readonly h: TeamsBotHarness,
    readonly place: Place,
    readonly root: string,
  ) {}

  static async opened(h: TeamsBotHarness, place: Place, text: string): Promise<ZhThread> {
    const root = activityId();
    const options = { serviceUrl: h.fake.url, id: root, locale: ZH };
    const activity = place === 'channel' ? channelMention(text, options) : personalMessage(text, options);
    expect((await sendActivity(h.messagesUrl, activity)).status).toBe(200);
    return new ZhThread(h, place, root);
  }

  get replies(): FakeActivity[] {
    return this.place === 'channel' ? this.h.replies(this.root) : this.h.fake.messages(PERSONAL_CHAT);
  }

  step(text: string, after?: FakeActivity, timeoutMs = 20_000): Promise<FakeActivity> {
    return waitFor(
      () => this.replies.find((m) => textOf(m).includes(text) && buttonsOf(m).length > 0 && !isForm(m) && (!after || m.id > after.id)),
      `the step "${text}"`,
      timeoutMs,
    );
  }

  current(card: FakeActivity): FakeActivity {
    return this.replies.find((m) => m.id === card.id) ?? card;
  }

  async press(card: FakeActivity, title: string, inputs: Json = {}): Promise<void> {
    const control = buttonsOf(card).find((b) => b.title === title);
    expect(control, `${title} in ${JSON.stringify(buttonsOf(card).map((b) => b.title))}`).toBeDefined();
    const click = cardSubmit(
      { ...control!.data, ...inputs },
      { serviceUrl: this.h.fake.url, place: this.place, root: this.root, replyToId: card.id, locale: ZH },
    );
    expect((await sendActivity(this.h.messagesUrl, click)).status).toBe(200);
  }

  /** The card once it is drawn again (its buttons carry the step's next version). */
  redrawn(card: FakeActivity): Promise<FakeActivity> {
    const version = JSON.stringify(buttonsOf(card)[0]?.data);
    return waitFor(() => {
      const now = this.current(card);
      return JSON.stringify(buttonsOf(now)[0]?.data) !== version ? now : undefined;
    }, 'the card drawn again');
  }

  /** Presses `title` on `card` and fills the inline form it opens with `fields` (or as it shows them). */
  async fill(card: FakeActivity, title: string, fields?: Json): Promise<void> {
    const before = this.replies.filter(isForm).length;
    await this.press(card, title);
    const form = await waitFor(() => this.replies.filter(isForm)[before], `the form of "${title}"`);
    const submit = buttonsOf(form).find((b) => (b.data.iip as Json | undefined)?.kind === 'form')!;
    const shown = Object.fromEntries(inputsOf(form).map((i) => [String(i.id), i.value ?? '']));
    await this.press(form, submit.title, fields ?? shown);
  }
}

/** The report as a file: a card linking it in a channel; in the 1:1 chat a consent card, accepted, then the saved file's card. */
async function receiveReport(t: ZhThread, drive: FakeOneDrive): Promise<void> {
  if (t.place === 'channel') {
    await waitFor(() => t.replies.find((m) => cardJson(m).includes('下载链接有效期至')), 'the report’s file card');
    return;
  }
  const consent = await waitFor(
    () => t.replies.flatMap((m) => m.attachments.map((a) => ({ m, a }))).find(({ a }) => a.contentType === FILE_CONSENT_TYPE),
    'the consent card',
  );
  const { uploadInfo } = drive.open(String(consent.a.name));
  const context = (consent.a.content as Json).acceptContext as Json;
  // Teams sends the client's language with the invoke too
  const accept = { ...fileConsentInvoke(t.h.fake.url, { id: consent.m.id, context }, { action: 'accept', uploadInfo }), locale: ZH };
  expect((await sendActivity(t.h.messagesUrl, accept)).status).toBe(200);
  await waitFor(() => t.replies.find((m) => m.attachments.some((a) => a.contentType === FILE_INFO_TYPE)), 'the saved file’s card');
}

test.concurrent.each([
  ['channel', 'a channel’s reply chain'],
  ['personal', 'the 1:1 chat'],
] as const)(
  'a whole novelty search from a zh-CN Teams client in %s leaves no English word or ASCII punctuation of the bot’s own',
  { timeout: 90_000 },
  async (place, _where) => {
    const h = await startTeamsBot({ simulator: { taskDurationMs: 100 }, env: { PUBLIC_URL: 'https://iip-bot.example.test' }, configured: true });
    const drive = await startFakeOneDrive();
    try {
      const t = await ZhThread.opened(h, place, `novelty ${IDEA}`);
      // a failed task (the search elements) and a refused confirmation (the search) on the way, each retried
      h.sim.inject({ kind: 'task-fails', operation: 'AI35-6', times: 1 });
      h.sim.inject({ kind: 'envelope-error', errorCode: 68300008, operation: 'AI35-7', times: 1 });
      let previous: FakeActivity | undefined;
      for (const [title, confirm] of [
        ['第 1/5 步', '确认'],
        ['第 2/5 步', '确认'],
        ['第 3/5 步', '确认并检索'],
      ] as const) {
        const step = await t.step(title, previous);
        // saved as it is: the step stays as it was, then is confirmed
        await t.fill(step, '编辑');
        await t.press(await t.redrawn(step), confirm);
        previous = step;
        if (title !== '第 1/5 步') {
          previous = await t.step(title === '第 2/5 步' ? '生成检索要素失败' : '开始检索失败', step);
          await t.press(previous, '重试');
        }
      }
      expect(bodiesOf(h, 'AI35-1')).toMatchObject([{ input: IDEA, lang: 'cn' }]);

      const step4 = await t.step('第 4/5 步', previous, 30_000);
      await t.fill(step4, '添加专利', { pn: '铰链' });
      await waitFor(() => h.fake.allMessages().find((m) => textOf(m).includes('无法将“铰链”识别为公开号')), 'the refusal');
      await t.fill(t.current(step4), '添加专利', { pn: 'CN118289111A' });
      const withAdded = await waitFor(() => {
        const now = t.current(step4);
        return textOf(now).includes('CN118289111A') && buttonsOf(now).length > 0 ? now : undefined;
      }, 'the added patent');
      const menu = choiceSetsOf(withAdded).find((c) => !c.multi);
      const include = menu?.choices.find((c) => c.title.includes('纳入'));
      expect(include, JSON.stringify(menu)).toBeDefined();
      const apply = buttonsOf(withAdded).find((b) => JSON.stringify(b.data).includes(menu!.id) || b.title === '应用');
      expect(apply, JSON.stringify(buttonsOf(withAdded).map((b) => b.title))).toBeDefined();
      await t.press(withAdded, apply!.title, { [menu!.id]: include!.value });
      const included = await waitFor(() => {
        const now = t.current(step4);
        return choiceSetsOf(now).some((c) => c.choices.some((o) => o.title === include!.title.replace('纳入', '排除'))) ? now : undefined;
      }, 'the reference included');
      await t.fill(included, '修改判定', { reference: '99', feature: '1', verdict: '公开', score: '', reason: '' });
      await waitFor(() => h.fake.allMessages().find((m) => textOf(m).includes('请填写文献在列表中的序号')), 'the bad reference refused');
      await t.fill(t.current(step4), '修改判定', { reference: '1', feature: '1', verdict: '未公开', score: '20', reason: '该文献未采用液态金属。' });
      const overridden = await waitFor(() => (textOf(t.current(step4)).includes('你的判定') ? t.current(step4) : undefined), 'the verdict');
      await t.press(overridden, '确认');

      const step5 = await t.step('第 5/5 步', step4);
      await t.fill(step5, '生成报告');
      await waitFor(() => t.replies.find((m) => cardJson(m).includes('新颖性检索报告已完成')), 'the report', 30_000);
      await receiveReport(t, drive);

      const content = [IDEA, ...(await noveltyContent(h.sim.url, 'sk-teams-e2e-key', h.sim.requests))];
      const shown = [...shownToTeams(h.fake), ...pictureWords()];
      expect(shown.filter(hasChinese).length).toBeGreaterThan(20);
      for (const part of ['公开号，例如', '判定：公开', '报告标题', '特征对比'])
        expect(
          shown.some((text) => text.includes(part)),
          part,
        ).toBe(true);
      expect(leftIn(shown, content, { people: [USER.name] })).toEqual([]);
    } finally {
      await h.close();
      await drive.close();
    }
  },
);
