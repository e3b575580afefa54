/**
 * IIP_CONFIRMERS end to end through the real Slack app and the simulator: `anyone` lets another user confirm a
 * step and cancel by typing `cancel` without `--let-others-confirm`; the default (`starter`) refuses both and
 * sends nothing to the platform. With `anyone`, a workflow's first message says so, as `--let-others-confirm`'s does.
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

const NOTE = 'Anyone in the channel may confirm the steps.';

/** The first message of the thread `command` opens, as Slack shows it. */
async function parentOf(harness: SlackBotHarness, command: string, user: string): Promise<string> {
  const before = harness.slack.channelMessages('C1').filter((m) => !m.threadTs || m.threadTs === m.ts).length;
  await harness.command(command, { user_id: user });
  const t = await NoveltyThread.opened(harness, before);
  return textOf(harness.slack.message('C1', t.parentTs)!);
}

/** Each workflow with steps to confirm, and the two runs that ask nothing (the one-shot report, the automatic outline). */
const STARTS = [
  { command: `novelty ${IDEA}`, says: true },
  { command: 'solution Improve the energy density of lithium battery anodes without raising cost', says: true },
  { command: 'material Improve the UV protection of a zinc-oxide sunscreen without whitening', says: true },
  { command: 'report Solid-state electrolytes for fast-charging electric vehicle batteries', says: true },
  { command: 'disclosure A bicycle helmet whose shell stiffens on impact through a shear-thickening fluid layer', says: true },
  { command: 'design https://example.com/earbuds-case.png wireless earbuds case', says: true },
  { command: `novelty quick ${IDEA}`, says: false },
  { command: 'report --auto-outline Sodium-ion batteries for grid storage', says: false },
] as const;

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

  test('anyone: each workflow’s first message says anyone in the channel may confirm, in the starter’s language; not where nothing is asked', async () => {
    h = await startSlackBot({ env: { IIP_CONFIRMERS: 'anyone', LIMIT_WORKFLOWS_PER_USER: '0' }, slack: { locales: { U9: 'zh-CN' } } });
    for (const [i, start] of STARTS.entries()) {
      const parent = await parentOf(h, start.command, `U${i + 1}`);
      if (start.says) expect(parent, start.command).toContain(NOTE);
      else expect(parent, start.command).not.toContain(NOTE);
    }
    expect(await parentOf(h, `novelty ${IDEA}`, 'U9')).toContain('频道中的任何人都可以确认各步骤。');
  });

  test('default (starter): the first message says so only with --let-others-confirm', async () => {
    h = await startSlackBot();
    expect(await parentOf(h, `solution Improve the energy density of lithium battery anodes`, 'U1')).not.toContain(NOTE);
    expect(await parentOf(h, `solution Improve the energy density of sodium battery anodes --let-others-confirm`, 'U2')).toContain(NOTE);
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
