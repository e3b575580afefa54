/**
 * Issue 19 in Teams, end to end: activities whose `locale` is zh-CN (as the Teams client sends them) get the bot's
 * own words in Chinese: help, a chat's thread and footer, a solution exploration confirmed step by step to its four
 * solution cards and summary, another one's Cancel question and cancellation, with the platform asked for Chinese
 * results; the same user with an en-US client reads English.
 */
import { afterEach, expect, test } from 'vitest';
import { expectedChatAnswer } from '../../src/platform/simulator/index.js';
import { recommendations } from '../../src/platform/simulator/content/solution.js';
import { buttonsOf, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import { asciiPunctuationLeft, englishLeft, hasChinese, shownText } from '../helpers/chinese-text.js';
import { solutionContent } from '../helpers/solution-content.js';
import { activityId, cardSubmit, channelMention, sendActivity } from '../helpers/teams-activities.js';
import { bodiesOf, choiceSetsOf } from '../helpers/teams-workflow-steps.js';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ZH = 'zh-CN';
const seen = (m: FakeActivity): string => [m.text ?? '', ...shownText(m.attachments)].join('\n');
const anywhere = (text: string): Promise<FakeActivity> =>
  waitFor(() => h!.fake.allMessages().find((m) => seen(m).includes(text)), `a message with "${text}"`);

/** A channel post mentioning the bot from a client in `locale`; its id roots the reply chain. */
async function mention(text: string, locale = ZH): Promise<string> {
  const root = activityId();
  const sent = await sendActivity(h!.messagesUrl, channelMention(text, { serviceUrl: h!.fake.url, id: root, locale }));
  expect(sent.status).toBe(200);
  return root;
}

/** Presses a card's button as a zh-CN client does, with the card's inputs as the user left them. */
async function press(root: string, card: FakeActivity, title: string, inputs: Record<string, string> = {}): Promise<void> {
  const control = buttonsOf(card).find((b) => b.title === title);
  expect(control, JSON.stringify(buttonsOf(card))).toBeDefined();
  const click = cardSubmit({ ...control!.data, ...inputs }, { serviceUrl: h!.fake.url, place: 'channel', root, replyToId: card.id, locale: ZH });
  expect((await sendActivity(h!.messagesUrl, click)).status).toBe(200);
}

const PROBLEM = '在不提高生产成本的前提下提高锂电池负极的能量密度。';

test('help and a chat in Chinese for a zh-CN client; the same words in English from an en-US client', async () => {
  h = await startTeamsBot();
  await mention('help');
  const help = seen(await anywhere('在话题中使用专利与生物医药情报'));
  expect(englishLeft(help)).toEqual([]);
  expect(asciiPunctuationLeft(help)).toEqual([]);
  await mention('help', 'en-US');
  await anywhere('patent and bio-pharma intelligence in your threads');

  const question = '固态电池如何避免锂枝晶？';
  const root = await mention(`ask ${question}`);
  const answer = expectedChatAnswer('AI07', { prompt: question });
  const replies = await waitFor(() => {
    const chain = h!.replies(root);
    return chain.some((m) => seen(m).includes('token')) ? chain : undefined;
  }, 'the finished answer');
  for (const m of replies) expect(englishLeft(seen(m), [answer, question])).toEqual([]);
  for (const m of replies) expect(asciiPunctuationLeft(seen(m), [answer, question])).toEqual([]);
});

test('a solution exploration cancelled in Chinese: Chinese results asked for, the step and its Cancel question in Chinese', async () => {
  h = await startTeamsBot();
  const problem = PROBLEM;
  const root = await mention(`solution ${problem}`);
  await waitFor(() => bodiesOf(h!, 'AI33-1').length === 1, 'AI33-1');
  expect(bodiesOf(h, 'AI33-1')).toEqual([{ lang: 'cn', solution_issues: problem }]);
  const recs = recommendations(problem, 'cn');
  const step1 = await waitFor(() => h!.replies(root).find((m) => buttonsOf(m).length > 1), 'step 1');
  expect(hasChinese(seen(step1))).toBe(true);
  expect(englishLeft(seen(step1), recs)).toEqual([]);
  expect(asciiPunctuationLeft(seen(step1), recs)).toEqual([]);
  const cancel = buttonsOf(step1).find((b) => b.title === '取消');
  expect(cancel, JSON.stringify(buttonsOf(step1))).toBeDefined();
  const click = cardSubmit(cancel!.data, { serviceUrl: h.fake.url, place: 'channel', root, replyToId: step1.id, locale: ZH });
  expect((await sendActivity(h.messagesUrl, click)).status).toBe(200);
  await waitFor(() => h!.replies(root).find((m) => seen(m).includes('已由')), 'the cancellation');
  for (const m of h.replies(root)) expect(englishLeft(seen(m), [...recs, problem]), seen(m).slice(0, 300)).toEqual([]);
  for (const m of h.replies(root)) expect(asciiPunctuationLeft(seen(m), [...recs, problem]), seen(m).slice(0, 300)).toEqual([]);
});

test('a solution exploration in Chinese to its results: both steps confirmed, the four solution cards and the summary', async () => {
  h = await startTeamsBot();
  const root = await mention(`solution ${PROBLEM}`);
  const step = (title: string) => waitFor(() => h!.replies(root).find((m) => seen(m).includes(title) && buttonsOf(m).length > 1), title);
  const step1 = await step('第 1/3 步 · 目标与约束');
  expect(buttonsOf(step1).map((b) => b.title)).toEqual(['继续', '自行添加', '取消']);
  const shown = [seen(step1)];
  await press(root, step1, '继续', { [choiceSetsOf(step1)[0]!.id]: '0,2,3' });
  const step2 = await step('第 2/3 步 · 技术方向');
  shown.push(seen(step2));
  await press(root, step2, '继续', { [choiceSetsOf(step2)[0]!.id]: '0,1' });
  await waitFor(() => h!.replies(root).find((m) => seen(m).includes('共找到 4 个技术方案')), 'the summary', 20_000);
  const solutions = await waitFor(() => {
    const found = h!.replies(root).filter((m) => /方案 \d\/4 ·/.test(seen(m)));
    return found.length === 4 ? found : undefined;
  }, 'four solution cards');
  expect([...bodiesOf(h, 'AI33-3'), ...bodiesOf(h, 'AI33-5')]).toMatchObject([{ lang: 'cn' }, { lang: 'cn' }]);
  expect(seen(solutions[0]!)).toContain('创新等级');

  const taskId = (bodiesOf(h, 'AI33-2')[0] as { task_id: string }).task_id;
  const content = [...(await solutionContent(h.sim.url, taskId, PROBLEM)), PROBLEM];
  shown.push(...h.fake.allMessages().map(seen));
  for (const text of shown) expect(englishLeft(text, content), text.slice(0, 300)).toEqual([]);
  for (const text of shown) expect(asciiPunctuationLeft(text, content), text.slice(0, 300)).toEqual([]);
});
