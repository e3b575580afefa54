/**
 * Issue 24, one error channel: a user's problem raised inside a step's send returns the step to its review with
 * the step's own message (never a bot-side failure with Retry). Real Bolt app, the simulator, the fake Slack
 * Web API.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, IDEA, NoveltyThread, selectOptions, textOf } from './slack-novelty-steps.js';

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
