/**
 * Issue 16: the starter of a solution exploration or material finding may let anyone in the channel confirm its
 * steps (`--let-others-confirm`, kept in the thread's record); without it another user's click is refused.
 */
import { afterEach, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, NoveltyThread, textOf } from './slack-novelty-steps.js';
import { checkboxesOf, PROBLEM } from './slack-solution-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** U2 presses step 1's button with every recommendation ticked. */
async function othersContinue(harness: SlackBotHarness, command: string, step = 'Step 1 of 3', button = 'Continue') {
  const before = harness.slack.channelMessages('C1').filter((m) => !m.threadTs || m.threadTs === m.ts).length;
  await harness.command(command);
  const t = await NoveltyThread.opened(harness, before);
  const step1 = await t.step(step);
  const boxes = checkboxesOf(step1)!;
  const control = t.button(step1, button);
  const values = { [boxes.blockId]: { [boxes.actionId]: { type: 'checkboxes', selected_options: boxes.values.map((value) => ({ value })) } } };
  await harness.click({ action_id: control.action_id, value: control.value }, { messageTs: step1.ts, threadTs: t.parentTs, values, userId: 'U2' });
  return t;
}

test('without the option another user’s Continue is refused and nothing is sent; with it the same click moves the exploration on', async () => {
  h = await startSlackBot();
  const notes = h.slack.ephemerals.length;
  const plain = await othersContinue(h, `solution ${PROBLEM}`);
  const refusal = await waitFor(() => h!.slack.ephemerals.slice(notes).find((e) => e.user === 'U2'), 'the refusal to U2');
  expect(refusal.text + JSON.stringify(refusal.blocks)).toContain('Only <@U1>, who started this solution exploration, can confirm or change it.');
  expect(bodiesOf(h, 'AI33-3')).toEqual([]);
  expect(textOf(h.slack.message('C1', plain.parentTs)!)).not.toContain('Anyone in the channel may confirm');

  const open = await othersContinue(h, `solution --let-others-confirm ${PROBLEM}`);
  expect(textOf(h.slack.message('C1', open.parentTs)!)).toContain('Anyone in the channel may confirm the steps.');
  await waitFor(() => bodiesOf(h!, 'AI33-3').length === 1 || undefined, 'AI33-3 after U2’s click');
  const sent = bodiesOf(h, 'AI33-1') as { solution_issues: string }[];
  expect(sent.map((b) => b.solution_issues)).toEqual([PROBLEM, PROBLEM]); // the option is not part of the problem
  await waitFor(() => open.replies.find((m) => textOf(m).includes('Confirmed by <@U2>')), 'step 1 confirmed by U2');
});

test('a material finding started with --let-others-confirm takes another user’s Confirm', async () => {
  h = await startSlackBot();
  const t = await othersContinue(h, 'material --let-others-confirm Improve the UV protection of a zinc oxide sunscreen', 'Step 1 of 2', 'Confirm');
  await waitFor(() => bodiesOf(h!, 'AI73-3').length === 1 || undefined, 'AI73-3 after U2’s click');
  expect(bodiesOf(h, 'AI73-1')).toEqual([{ input: 'Improve the UV protection of a zinc oxide sunscreen', lang: 'en' }]);
  await waitFor(() => t.replies.find((m) => textOf(m).includes('Confirmed by <@U2>')), 'step 1 confirmed by U2');
});
