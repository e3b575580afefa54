/** `/iip solution` under trouble: a double click, a restart of the bot during a wait, a platform failure with Retry. */
import { afterEach, describe, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, eventually, textOf } from './slack-novelty-steps.js';
import { openSolution, pressWithTicks } from './slack-solution-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('/iip solution recovery', () => {
  test('a double click on Continue calls the platform once and tells the second click it is done', async () => {
    h = await startSlackBot();
    const t = await openSolution(h);
    const step1 = await t.step('Step 1 of 3');
    const before = h.slack.ephemerals.length;
    await Promise.all([pressWithTicks(t, step1, 'Continue', ['0']), pressWithTicks(t, step1, 'Continue', ['1'])]);
    await t.step('Step 2 of 3');
    expect(bodiesOf(h, 'AI33-3')).toHaveLength(1);
    expect(await t.note(before)).toContain('Already done');
  });

  test('a restart while the directions are worked out resumes the wait; the exploration completes with one request per step', async () => {
    h = await startSlackBot();
    const t = await openSolution(h);
    const step1 = await t.step('Step 1 of 3');
    h.sim.setTaskDuration(60_000);
    await pressWithTicks(t, step1, 'Continue', ['0', '1']);
    await waitFor(() => bodiesOf(h!, 'AI33-4').length > 0, 'the directions being polled');
    await h.restart();
    const polled = bodiesOf(h, 'AI33-4').length;
    await waitFor(() => bodiesOf(h!, 'AI33-4').length > polled, 'the resumed wait polling again');
    h.sim.setTaskDuration(0);
    const step2 = await t.step('Step 2 of 3');
    await pressWithTicks(t, step2, 'Continue', ['0']);
    await t.reply('2 solutions found');
    expect(bodiesOf(h, 'AI33-1')).toHaveLength(1);
    expect(bodiesOf(h, 'AI33-3')).toHaveLength(1);
    expect(bodiesOf(h, 'AI33-5')).toHaveLength(1);
    await eventually(async () => (await h!.bot.state.listOpenByUser('T1', 'U1')).length === 0, 'the exploration to be done');
  });

  test('a refused confirmation and a failed task show Retry; Retry sends the same request again and the exploration completes', async () => {
    h = await startSlackBot();
    const t = await openSolution(h);
    const step1 = await t.step('Step 1 of 3');
    h.sim.inject({ kind: 'envelope-error', errorCode: 68300008, operation: 'AI33-3', times: 1 });
    await pressWithTicks(t, step1, 'Continue', ['1', '2']);
    const refused = await t.step('Sending the chosen goals and constraints failed');
    expect(buttonsOf(refused).map((b) => b.label)).toEqual(['Retry', 'Cancel']);
    await t.press(refused, 'Retry');
    const step2 = await t.step('Step 2 of 3');
    const [first, again] = bodiesOf(h, 'AI33-3');
    expect(again).toEqual(first);

    h.sim.inject({ kind: 'task-fails', operation: 'AI33-6', times: 1 });
    await pressWithTicks(t, step2, 'Continue', ['0', '1']);
    const failed = await t.step('Writing the solutions failed');
    expect(textOf(failed)).toContain('The platform could not finish this step.');
    await t.press(failed, 'Retry');
    await t.reply('4 solutions found');
    const sent = bodiesOf(h, 'AI33-5');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });
});
