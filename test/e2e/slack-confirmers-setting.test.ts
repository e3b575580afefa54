/**
 * IIP_CONFIRMERS end to end through the real Slack app and the simulator: `anyone` lets another user confirm a
 * step and cancel by typing `cancel` without `--let-others-confirm`; the default (`starter`) refuses both and
 * sends nothing to the platform.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { threadId } from '../../src/core/thread-id.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, eventually, IDEA, NoveltyThread, textOf } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const cancelAsU2 = (harness: SlackBotHarness, t: NoveltyThread) =>
  harness.event(
    { type: 'app_mention', channel: 'C1', user: 'U2', text: '<@UBOT> cancel', ts: '1800000000.000401', thread_ts: t.parentTs },
    'EvConfirmersCancelU2',
  );

const statusOf = async (harness: SlackBotHarness, t: NoveltyThread) =>
  (await harness.bot.state.get(threadId('slack', 'T1', 'C1', t.parentTs)))?.status;

describe('IIP_CONFIRMERS', () => {
  test('anyone: U2 confirms the starter’s step 1 without --let-others-confirm (the exact AI35-3), then cancels by typing `cancel`', async () => {
    h = await startSlackBot({ env: { IIP_CONFIRMERS: 'anyone' } });
    await h.command(`novelty ${IDEA}`);
    const t = await NoveltyThread.opened(h, 0);
    const step1 = await t.step('Step 1 of 5');
    expect(bodiesOf(h, 'AI35-1')).toEqual([{ input: IDEA, lang: 'en' }]);
    const [{ task_id: taskId }] = bodiesOf(h, 'AI35-2') as [{ task_id: string }];
    await t.press(step1, 'Confirm', 'U2');
    await waitFor(() => t.replies.find((m) => m.ts === step1.ts && textOf(m).includes('Confirmed by <@U2>')), 'step 1 confirmed by U2');
    await waitFor(() => bodiesOf(h!, 'AI35-3').length > 0, 'AI35-3');
    // unedited: the platform keeps its own summary, so only the task is named
    expect(bodiesOf(h, 'AI35-3')).toEqual([{ task_id: taskId }]);

    await t.step('Step 2 of 5');
    await cancelAsU2(h, t);
    await t.reply('Cancelled by <@U2>');
    await eventually(async () => (await statusOf(h!, t)) === 'cancelled', 'the novelty search cancelled');
    expect(JSON.stringify(h.sim.requests.map((r) => r.body))).not.toContain('anyone'); // a setting of the bot's, never sent
  });

  test('default (starter): U2’s Confirm and typed `cancel` are refused, and nothing reaches the platform', async () => {
    h = await startSlackBot();
    await h.command(`novelty ${IDEA}`);
    const t = await NoveltyThread.opened(h, 0);
    const step1 = await t.step('Step 1 of 5');
    const sent = h.sim.requests.length;
    const notes = h.slack.ephemerals.length;

    await t.press(step1, 'Confirm', 'U2');
    const refusal = await waitFor(() => h!.slack.ephemerals.slice(notes).find((e) => e.user === 'U2'), 'the refusal of U2’s click');
    expect(refusal.text + JSON.stringify(refusal.blocks)).toContain('Only <@U1>, who started this novelty search');
    await cancelAsU2(h, t);
    await waitFor(
      () =>
        h!.slack.ephemerals.slice(notes).find((e) => e.user === 'U2' && e.text.includes('Only the person who started this workflow can cancel it.')),
      'the refusal of U2’s cancel',
    );

    expect(h.sim.requests.slice(sent)).toEqual([]);
    expect(await statusOf(h, t)).toBe('active');
    expect(textOf(h.slack.message('C1', step1.ts)!)).not.toContain('Confirmed by');
  });
});
