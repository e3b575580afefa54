/**
 * Language passed, not found (issue 24): a thread keeps the language it started in, and work that runs with no user
 * event (a wait resumed after a restart) renders in it, not in the bot's default (English here) nor in whatever
 * the user's chat says by then. A solution exploration started by a zh-CN user waits for its directions; the bot
 * restarts while the user's Slack locale has become en-US; the resumed wait's step 2, and the cancel of it by the
 * word in the thread, come out in Chinese.
 */
import { afterEach, expect, test } from 'vitest';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { englishLeft, hasChinese, shownText } from '../helpers/chinese-text.js';
import { solutionContent } from '../helpers/solution-content.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf } from './slack-novelty-steps.js';
import { checkboxesOf, openSolution, pressWithTicks } from './slack-solution-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const PROBLEM = '在不提高生产成本的前提下提高锂电池负极的能量密度。';
const seen = (m: { text?: string; blocks?: unknown }): string => [m.text ?? '', ...shownText(m.blocks)].join('\n');

test('a wait resumed after a restart shows its next step in the thread’s language, whatever the default and the user’s locale now', {
  timeout: 60_000,
}, async () => {
  const locales: Record<string, string> = { U1: 'zh-CN' };
  h = await startSlackBot({ slack: { locales } });
  const t = await openSolution(h, PROBLEM);
  const step1 = await t.step('第 1/3 步 · 目标与约束');
  h.sim.setTaskDuration(60_000);
  await pressWithTicks(t, step1, '继续', ['0', '1']);
  await waitFor(() => bodiesOf(h!, 'AI33-4').length > 0, 'the directions being polled');

  // down and up again, with nobody's event to take a language from; the user's Slack now says English
  await h.restart(() => {
    locales.U1 = 'en-US';
  });
  const polled = bodiesOf(h, 'AI33-4').length;
  await waitFor(() => bodiesOf(h!, 'AI33-4').length > polled, 'the resumed wait polling again', 20_000);
  h.sim.setTaskDuration(0);
  const step2 = await t.step('第 2/3 步 · 技术方向', 20_000);
  expect(buttonsOf(step2).map((b) => b.label)).toEqual(['继续', '自行添加', '取消']);
  expect(hasChinese(seen(step2))).toBe(true);
  // the resumed step's own words are Chinese: English there is only the platform's content, which it quotes
  const taskId = (bodiesOf(h, 'AI33-2')[0] as { task_id: string }).task_id;
  const content = [...(await solutionContent(h.sim.url, taskId, PROBLEM)), PROBLEM];
  expect(englishLeft(seen(step2), content)).toEqual([]);
  expect(seen(step2)).not.toMatch(/Step 2 of 3|Continue|Cancel/);

  // the cancel by the word, from the user who now reads English: the note in the thread is the thread's (Chinese)
  await h.event({ type: 'message', channel: 'C1', user: 'U1', text: 'cancel', ts: '1800000000.000700', thread_ts: t.parentTs }, 'EvCancelZh');
  const cancelled = await waitFor(() => t.replies.find((m: FakeSlackMessage) => seen(m).includes('已由')), 'the cancellation note');
  expect(englishLeft(seen(cancelled), content)).toEqual([]);
  // and the step drops its buttons, marked cancelled in Chinese
  const settled = await waitFor(() => {
    const now = t.replies.find((m) => m.ts === step2.ts);
    return now && buttonsOf(now).length === 0 ? now : undefined;
  }, 'step 2 without its buttons');
  expect(hasChinese(seen(settled))).toBe(true);
  expect(seen(settled)).not.toMatch(/Cancelled/);
});

test('a colleague reading English confirms a step of a Chinese thread: the steps that follow stay in Chinese', { timeout: 60_000 }, async () => {
  h = await startSlackBot({ slack: { locales: { U1: 'zh-CN', U2: 'en-US' } } });
  const t = await openSolution(h, `${PROBLEM} --let-others-confirm`);
  const step1 = await t.step('第 1/3 步 · 目标与约束');
  const boxes = checkboxesOf(step1)!;
  const go = t.button(step1, '继续');
  const values = { [boxes.blockId]: { [boxes.actionId]: { type: 'checkboxes', selected_options: [{ value: '0' }] } } };
  // U2's event: their language is English, but the thread started in Chinese
  await h.click({ action_id: go.action_id, value: go.value }, { messageTs: step1.ts, threadTs: t.parentTs, values, userId: 'U2' });
  const step2 = await t.step('第 2/3 步 · 技术方向', 20_000);
  expect(buttonsOf(step2).map((b) => b.label)).toEqual(['继续', '自行添加', '取消']);
  expect(bodiesOf(h, 'AI33-3')).toHaveLength(1);
  const taskId = (bodiesOf(h, 'AI33-2')[0] as { task_id: string }).task_id;
  const content = [...(await solutionContent(h.sim.url, taskId, PROBLEM)), PROBLEM];
  for (const m of t.replies) expect(englishLeft(seen(m), content), seen(m).slice(0, 300)).toEqual([]);
});
