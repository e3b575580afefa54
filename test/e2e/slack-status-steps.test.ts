/**
 * `/iip status` (at the top level and in a workflow's thread) and the Slack Home tab name the step a workflow is at
 * by its name in the user's language ('at the features review', '步骤「技术特征」'), never by the workflow's
 * internal step id (`features`); a finished workflow is named by its state alone. Through the real Slack app, the
 * fake Web API and the simulator, for an en-US and a zh-CN user.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { threadId } from '../../src/core/thread-id.js';
import { englishLeft, shownText } from '../helpers/chinese-text.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { eventually, IDEA, NoveltyThread } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const homes = (harness: SlackBotHarness): string[] =>
  harness.slack.homeViews.filter((v) => v.userId === 'U1').map((v) => shownText(v.view).join('\n'));

/** The next private note to U1 after `count` notes, as Slack shows it. */
const noteAfter = (harness: SlackBotHarness, count: number): Promise<string> =>
  waitFor(() => harness.slack.ephemerals.slice(count).find((e) => e.user === 'U1'), 'a note to U1').then((e) =>
    [e.text, ...shownText(e.blocks)].join('\n'),
  );

const CASES = [
  {
    lang: 'English',
    locale: 'en-US',
    step1: 'Step 1 of 5',
    step2: 'Step 2 of 5',
    confirm: 'Confirm',
    inThread: '*novelty search*: at the features review, active',
    listed: ['Your open workflows:', '• *novelty search*: at the features review, active (started '],
    homeOpen: 'open · at the features review',
    homeCancelled: 'cancelled · at the features review',
    threadCancelled: '*novelty search*: at the features review, cancelled',
  },
  {
    lang: 'Chinese',
    locale: 'zh-CN',
    step1: '第 1/5 步',
    step2: '第 2/5 步',
    confirm: '确认',
    inThread: '*新颖性检索*：步骤「技术特征」，进行中',
    listed: ['你未完成的工作流：', '• *新颖性检索*：步骤「技术特征」，进行中（开始于 '],
    homeOpen: '进行中 · 步骤「技术特征」',
    homeCancelled: '已取消 · 步骤「技术特征」',
    threadCancelled: '*新颖性检索*：步骤「技术特征」，已取消',
  },
] as const;

describe.each(CASES)('the step by its name, in $lang', (c) => {
  test('status in the thread and at the top level, and the Home tab, open and then cancelled', async () => {
    h = await startSlackBot({ slack: { locales: { U1: c.locale } } });
    await h.command(`novelty ${IDEA}`);
    const t = await NoveltyThread.opened(h, 0);
    await t.press(await t.step(c.step1), c.confirm);
    await t.step(c.step2);
    const thread = threadId('slack', 'T1', 'C1', t.parentTs);
    await eventually(async () => {
      const record = await h!.bot.state.get(thread);
      return record?.step === 'features' && record.status === 'active';
    }, 'the features review recorded');

    const inThread = (ts: string, id: string) =>
      h!.event({ type: 'app_mention', channel: 'C1', user: 'U1', text: '<@UBOT> status', ts, thread_ts: t.parentTs }, id);
    let before = h.slack.ephemerals.length;
    await inThread('1800000000.000100', 'EvStepStatus1');
    const here = await noteAfter(h, before);
    expect(here).toContain(c.inThread);

    before = h.slack.ephemerals.length;
    await h.command('status');
    const listed = await noteAfter(h, before);
    for (const line of c.listed) expect(listed).toContain(line);

    await h.event({ type: 'app_home_opened', user: 'U1', channel: 'DU1', tab: 'home', ts: '1800000000.000001' }, 'EvStepHome');
    const home = await waitFor(() => homes(h!)[0], 'the Home tab');
    expect(home).toContain(c.homeOpen);

    // cancelled: the home, published again, says where it stopped; status in the thread says so at the same step
    await h.event({ type: 'message', channel: 'C1', user: 'U1', text: 'cancel', ts: '1800000000.000200', thread_ts: t.parentTs }, 'EvStepCancel');
    const refreshed = await waitFor(() => homes(h!).find((view) => view.includes(c.homeCancelled)), 'the Home tab refreshed');
    before = h.slack.ephemerals.length;
    await inThread('1800000000.000300', 'EvStepStatus2');
    const after = await noteAfter(h, before);
    expect(after).toContain(c.threadCancelled);

    for (const text of [here, listed, home, refreshed, after]) {
      expect(text).not.toMatch(/`features`|step features|步骤 features/);
      if (c.locale === 'zh-CN') expect(englishLeft(text, [IDEA])).toEqual([]);
    }
  });
});
