/**
 * Issue 24, one error channel: a user's problem raised inside a step's send returns the step to its review with
 * the step's own message (never a bot-side failure with Retry), and Slack answering 5xx right after a confirmed
 * step neither freezes the workflow nor sends the step to the platform twice. Real Bolt app, the simulator,
 * the fake Slack Web API.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { ThreadId } from '../../src/core/thread-id.js';
import { flowOf } from '../../src/handlers/workflow/record/flow.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, eventually, IDEA, NoveltyThread, selectOptions, textOf } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function toReferences(harness: SlackBotHarness): Promise<NoveltyThread> {
  await harness.command(`novelty ${IDEA}`);
  const t = await NoveltyThread.opened(harness, 0);
  await t.press(await t.step('Step 1 of 5'), 'Confirm');
  await t.press(await t.step('Step 2 of 5'), 'Confirm');
  await t.press(await t.step('Step 3 of 5'), 'Confirm and search');
  return t;
}

describe('a user problem inside a step', () => {
  test('every reference left out at step 4: Confirm shows "Include at least one reference", the review stays usable, AI35-9 is not sent', async () => {
    h = await startSlackBot();
    const t = await toReferences(h);
    let references = await t.step('Step 4 of 5');
    // leave out every reference the menu offers to leave out, one choice at a time (each redraws the review)
    for (;;) {
      const leave = selectOptions(references)?.options.find((o) => o.label.includes('Leave out'));
      if (!leave) break;
      const before = JSON.stringify(references.blocks);
      await t.choose(references, leave.label);
      references = await waitFor(
        () => t.replies.find((m) => m.ts === references.ts && JSON.stringify(m.blocks) !== before && buttonsOf(m).length > 0),
        'the review redrawn',
      );
    }
    expect(textOf(references)).toContain('0 of');

    await t.press(references, 'Confirm');
    const back = await waitFor(
      () => t.replies.find((m) => m.ts === references.ts && textOf(m).includes('Include at least one reference for the report; nothing was sent.')),
      'the problem shown on the review',
    );
    expect(textOf(back)).not.toContain("Something went wrong on the bot's side");
    expect(buttonsOf(back).map((b) => b.label)).not.toContain('Retry');
    expect(buttonsOf(back).map((b) => b.label)).toContain('Confirm');
    expect(t.replies.some((m) => textOf(m).includes('failed'))).toBe(false);
    expect(bodiesOf(h, 'AI35-9')).toHaveLength(0);

    // the review is usable: include one reference again and confirm; AI35-9 goes out once with it
    await t.choose(back, 'Include');
    const included = await waitFor(
      () => t.replies.find((m) => m.ts === back.ts && textOf(m).includes('1 of') && buttonsOf(m).length > 0),
      'one reference included',
    );
    await t.press(included, 'Confirm');
    await t.step('Step 5 of 5');
    expect(bodiesOf(h, 'AI35-9')).toHaveLength(1);
  });
});

describe('Slack failing right after a confirmed step', () => {
  test('500 to two posts and two edits after step 1 is confirmed: AI35-3 is sent once, the workflow moves on once Slack recovers', async () => {
    h = await startSlackBot();
    await h.command(`novelty ${IDEA}`);
    const t = await NoveltyThread.opened(h, 0);
    const solution = await t.step('Step 1 of 5');
    const confirm = t.button(solution, 'Confirm');
    for (let i = 0; i < 2; i += 1) {
      h.slack.failNext('chat.postMessage', { status: 500 });
      h.slack.failNext('chat.update', { status: 500 });
    }
    await t.pressControl(solution, confirm);
    await waitFor(() => bodiesOf(h!, 'AI35-3').length === 1, 'AI35-3');

    // the record leaves phase send; step 2's review is shown once a delivery works
    const features = await t.step('Step 2 of 5', 30_000);
    await eventually(async () => (await h!.bot.state.listWaiting()).length === 0, 'no wait left once step 2 is shown');
    expect(bodiesOf(h, 'AI35-3')).toHaveLength(1);

    // a click on step 1's Confirm (its buttons may still be shown) sends nothing and names a message that exists
    const notes = h.slack.ephemerals.length;
    await t.pressControl(solution, confirm);
    const note = await t.note(notes);
    expect(note).toContain('Already done');
    expect(t.replies.some((m) => m.ts === features.ts && buttonsOf(m).length > 0)).toBe(true);
    expect(bodiesOf(h, 'AI35-3')).toHaveLength(1);

    // the workflow goes on from step 2
    await t.press(features, 'Confirm');
    await t.step('Step 3 of 5');
    expect(bodiesOf(h, 'AI35-3')).toHaveLength(1);
    expect(bodiesOf(h, 'AI35-5')).toHaveLength(1);
    await eventually(async () => {
      const waiting = await h!.bot.state.listWaiting();
      return waiting.every((r) => flowOf(r).phase !== 'send');
    }, 'no record left in phase send');
  }, 60_000);

  test('Slack refusing the posts of step 2 for 10 minutes: the record goes on to review; an old Confirm draws it, or says the chat failed while it still does', async () => {
    h = await startSlackBot();
    await h.command(`novelty ${IDEA}`);
    const t = await NoveltyThread.opened(h, 0);
    const solution = await t.step('Step 1 of 5');
    const confirm = t.button(solution, 'Confirm');
    // a Retry-After past what the outbox waits (3 minutes): the progress post and the review's post give up at once
    for (let i = 0; i < 2; i += 1) h.slack.failNext('chat.postMessage', { status: 429, retryAfter: 600 });
    await t.pressControl(solution, confirm);
    const thread = `slack:T1:C1:${t.parentTs}` as ThreadId;
    await eventually(async () => {
      const record = await h!.bot.state.get(thread);
      return record?.step === 'features' && flowOf(record).phase === 'review';
    }, 'step 2 saved in review, its message not shown');
    expect(t.replies.some((m) => textOf(m).includes('Step 2 of 5'))).toBe(false);
    expect(t.replies.some((m) => /failed|went wrong/.test(textOf(m)))).toBe(false);

    // the old Confirm while Slack still refuses: the note says so, and points at no message
    h.slack.failNext('chat.postMessage', { status: 429, retryAfter: 600 });
    let notes = h.slack.ephemerals.length;
    await t.pressControl(solution, confirm);
    const unshown = await t.note(notes);
    expect(unshown).toContain('The chat failed to show the current step');
    expect(unshown).not.toContain('latest message');

    // once Slack takes posts, the next old click draws step 2 before it is told where the buttons are
    notes = h.slack.ephemerals.length;
    await t.pressControl(solution, confirm);
    expect(await t.note(notes)).toContain('The latest message in the thread has the current buttons');
    const features = await t.step('Step 2 of 5');
    const record = await h.bot.state.get(thread);
    expect(record && flowOf(record)).toMatchObject({ phase: 'review', message: features.ts });
    expect(bodiesOf(h, 'AI35-3')).toHaveLength(1);
    await t.press(features, 'Confirm');
    await t.step('Step 3 of 5');
    expect(bodiesOf(h, 'AI35-3')).toHaveLength(1);
    expect(bodiesOf(h, 'AI35-5')).toHaveLength(1);
  }, 60_000);
});
