/**
 * The novelty search's buttons under misuse: double and triple clicks, an older step's button, forged values,
 * another user's click and form; each changes nothing, gets a short note, and the platform is called once.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { OperationId } from '../../src/platform/operations.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, formValues, IDEA, NoveltyThread } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const AI35: OperationId[] = [
  'AI35-1',
  'AI35-2',
  'AI35-3',
  'AI35-4',
  'AI35-5',
  'AI35-6',
  'AI35-7',
  'AI35-8',
  'AI35-9',
  'AI35-10',
  'AI35-11',
  'AI35-12',
];
const counts = (harness: SlackBotHarness) => Object.fromEntries(AI35.map((op) => [op, bodiesOf(harness, op).length]));

async function started(): Promise<NoveltyThread> {
  h = await startSlackBot();
  await h.command(`novelty ${IDEA}`);
  return NoveltyThread.opened(h, 0);
}

describe('/iip novelty buttons', () => {
  test('three simultaneous clicks on Confirm send AI35-3 once; the other two are told it is already done', async () => {
    const t = await started();
    const solution = await t.step('Step 1 of 5');
    const notes = h!.slack.ephemerals.length;
    const confirm1 = t.button(solution, 'Confirm');
    await Promise.all([t.pressControl(solution, confirm1), t.pressControl(solution, confirm1), t.pressControl(solution, confirm1)]);
    await t.step('Step 2 of 5');
    await waitFor(() => h!.slack.ephemerals.length === notes + 2, 'two notes');
    expect(h!.slack.ephemerals.slice(notes).map((e) => e.text)).toEqual([
      expect.stringContaining('Already done'),
      expect.stringContaining('Already done'),
    ]);
    expect(bodiesOf(h!, 'AI35-3')).toHaveLength(1);

    // a second click after the first was handled: the same
    const features = await t.step('Step 2 of 5');
    const confirm = t.button(features, 'Confirm');
    await t.pressControl(features, confirm);
    await t.step('Step 3 of 5');
    const before = h!.slack.ephemerals.length;
    await t.pressControl(features, confirm);
    expect(await t.note(before)).toContain('Already done');
    expect(bodiesOf(h!, 'AI35-5')).toHaveLength(1);
  });

  test("an older step's button, forged values and another user's click change nothing and call nothing", async () => {
    const t = await started();
    const solution = await t.step('Step 1 of 5');
    const oldConfirm = t.button(solution, 'Confirm');
    await t.pressControl(solution, oldConfirm);
    const features = await t.step('Step 2 of 5');
    const calls = counts(h!);

    // step 1's Confirm (as it was drawn) after the workflow moved on
    let before = h!.slack.ephemerals.length;
    await t.pressControl(solution, oldConfirm);
    expect(await t.note(before)).toContain('Already done');

    const confirm = t.button(features, 'Confirm');
    const version = Number(/:v(\d+)$/.exec(confirm.value)![1]);
    const forged = ['novelty:features:v999', `novelty:solution:v${version}`, `chat:features:v${version}`, 'features', '{"task_id":"x"}', ''];
    for (const value of forged) {
      before = h!.slack.ephemerals.length;
      await h!.click({ action_id: confirm.action_id, value }, { messageTs: features.ts, threadTs: t.parentTs });
      expect(await t.note(before)).toContain('not valid');
    }

    // another user: Confirm, Edit and a submitted form are all refused
    before = h!.slack.ephemerals.length;
    await t.press(features, 'Confirm', 'U2');
    expect(await t.note(before, 'U2')).toContain('Only <@U1>, who started this novelty search');
    const views = h!.slack.views.length;
    before = h!.slack.ephemerals.length;
    await t.press(features, 'Edit', 'U2');
    expect(await t.note(before, 'U2')).toContain('Only <@U1>');
    expect(h!.slack.views).toHaveLength(views);
    const edit = await t.openForm(features, 'Edit');
    before = h!.slack.ephemerals.length;
    await h!.submitForm(edit.view, { ...formValues(edit.view), add: 'A feature from someone else' }, 'U2');
    expect(await t.note(before, 'U2')).toContain('Only <@U1>');

    expect(counts(h!)).toEqual(calls);
    const current = t.replies.find((m) => m.ts === features.ts)!;
    expect(buttonsOf(current).map((b) => b.label)).toEqual(['Confirm', 'Edit', 'Cancel']);
    expect(JSON.stringify(current.blocks)).not.toContain('someone else');
  });

  test("Edit opens its form well within Slack's 3-second window, prefilled with the step's values", async () => {
    const t = await started();
    const solution = await t.step('Step 1 of 5');
    const form = await t.openForm(solution, 'Edit');
    expect(form.elapsedMs).toBeLessThan(1_000);
    expect(form.view.title).toMatchObject({ text: 'Technical solution' });
    expect(formValues(form.view).solution).toContain('A telephone with an image sensor');
    const metadata = JSON.parse(String(form.view.private_metadata)) as { thread: string; action: string; value: string };
    expect(metadata.value).toMatch(/^novelty:solution:v\d+$/);
    expect(metadata.thread).toContain(t.parentTs);
  });
});
