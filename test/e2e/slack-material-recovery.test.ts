/** `/iip material` under trouble: double clicks (Confirm, and a node menu), a restart during a wait, failures with Retry. */
import { afterEach, describe, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, textOf } from './slack-novelty-steps.js';
import { pressWithTicks } from './slack-solution-steps.js';
import { openMaterial, withMenu } from './slack-material-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('/iip material recovery', () => {
  test('a double Confirm and a double choice of a node each reach the platform once', async () => {
    h = await startSlackBot();
    const t = await openMaterial(h);
    const step1 = await t.step('Step 1 of 2');
    let before = h.slack.ephemerals.length;
    await Promise.all([pressWithTicks(t, step1, 'Confirm', ['0']), pressWithTicks(t, step1, 'Confirm', ['1'])]);
    const mind = await withMenu(t, 'Technical mind map');
    expect(bodiesOf(h, 'AI73-3')).toHaveLength(1);
    expect(await t.note(before)).toContain('Already done');

    before = h.slack.ephemerals.length;
    await Promise.all([t.choose(mind, 'option 1'), t.choose(mind, 'option 2')]);
    await withMenu(t, 'Implementation strategy', mind);
    expect(bodiesOf(h, 'AI73-8')).toHaveLength(1);
    expect(await t.note(before)).toContain('Already done');
  });

  test('a restart while the mind map is built resumes the wait; the map and a plan follow with one request each', async () => {
    h = await startSlackBot();
    const t = await openMaterial(h);
    const step1 = await t.step('Step 1 of 2');
    h.sim.setTaskDuration(60_000);
    await pressWithTicks(t, step1, 'Confirm', ['0', '1']);
    await waitFor(() => bodiesOf(h!, 'AI73-5').length > 0, 'the mind map being polled');
    await h.restart();
    const polled = bodiesOf(h, 'AI73-5').length;
    await waitFor(() => bodiesOf(h!, 'AI73-5').length > polled, 'the resumed wait polling again');
    h.sim.setTaskDuration(0);
    const mind = await withMenu(t, 'Technical mind map');
    await t.choose(mind, 'option 1');
    await withMenu(t, 'Implementation strategy', mind);
    expect(bodiesOf(h, 'AI73-1')).toHaveLength(1);
    expect(bodiesOf(h, 'AI73-3')).toHaveLength(1);
    expect(bodiesOf(h, 'AI73-8')).toHaveLength(1);
  });

  test('a refused plan request and a failed plan task show Retry; Retry sends the same request and the plan follows', async () => {
    h = await startSlackBot();
    const t = await openMaterial(h);
    await pressWithTicks(t, await t.step('Step 1 of 2'), 'Confirm', ['0']);
    const mind = await withMenu(t, 'Technical mind map');
    h.sim.inject({ kind: 'envelope-error', errorCode: 68300008, operation: 'AI73-8', times: 1 });
    await t.choose(mind, 'option 1');
    const refused = await t.step('Asking for the implementation plan failed');
    expect(buttonsOf(refused).map((b) => b.label)).toEqual(['Retry', 'Cancel']);
    await t.press(refused, 'Retry');
    const plan = await withMenu(t, 'Implementation strategy', mind);
    const [first, again] = bodiesOf(h, 'AI73-8');
    expect(again).toEqual(first);

    h.sim.inject({ kind: 'task-fails', operation: 'AI73-9', times: 1 });
    await t.choose(plan, 'option 2');
    const failed = await t.step('Writing the implementation plan failed');
    expect(textOf(failed)).toContain('The platform could not finish this step.');
    await t.press(failed, 'Retry');
    await withMenu(t, 'option 2', failed);
    expect(bodiesOf(h, 'AI73-8')).toHaveLength(4);
    expect(bodiesOf(h, 'AI73-8')[3]).toEqual(bodiesOf(h, 'AI73-8')[2]);
  });
});
