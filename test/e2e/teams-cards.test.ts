/**
 * Issue 26, what Teams users see, on what reaches the Bot Connector through the whole bot: the disclosure's key
 * elements card has eight buttons, more than the six Teams desktop and web show in one action set, so two go in
 * the overflow menu (`mode: "secondary"`) while Generate and Cancel stay buttons, and a button from the overflow
 * works like any other; every notification preview (`summary`) is plain text, no Markdown marks.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { elementsOf, inputsOf, TeamsThread } from '../helpers/teams-workflow-steps.js';

const IDEA =
  'A bicycle helmet whose shell stiffens on impact. A layer of shear-thickening fluid sits between two polymer shells. Sensors record the impact and a phone app reports it.';

type Json = Record<string, unknown>;

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The `summary` of every message the bot posted or updated (a new channel post carries it in `activity`). */
const summaries = (harness: TeamsBotHarness): string[] =>
  harness.fake.calls
    .filter((call) => ['create', 'send', 'reply', 'update'].includes(call.operation))
    .map((call) => (call.body.summary ?? (call.body.activity as Json | undefined)?.summary) as unknown)
    .filter((summary): summary is string => typeof summary === 'string');

describe('Teams cards as Teams shows them', () => {
  test('eight buttons: the decisions and the first edits stay buttons, the rest go in the overflow, and work from there', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `disclosure ${IDEA} --lang en`);
    const review = await t.step('Key elements');
    const actions = elementsOf(review)
      .filter((element) => element.type === 'ActionSet')
      .flatMap((set) => set.actions as Json[]);
    expect(actions.map((action) => action.title)).toEqual([
      'Generate',
      'Edit background',
      'Edit problem',
      'Edit mechanism',
      'Edit outcome',
      'Edit embodiment',
      'Edit applications',
      'Cancel',
    ]);
    const shown = actions.filter((action) => action.mode !== 'secondary').map((action) => action.title);
    const overflow = actions.filter((action) => action.mode === 'secondary').map((action) => action.title);
    expect(shown).toEqual(['Generate', 'Edit background', 'Edit problem', 'Edit mechanism', 'Edit outcome', 'Cancel']);
    expect(overflow).toEqual(['Edit embodiment', 'Edit applications']);
    expect(actions.filter((action) => action.mode !== undefined).every((action) => action.mode === 'secondary')).toBe(true);

    await t.press(review, 'Edit applications');
    const form = await t.form(review);
    expect(inputsOf(form).map((input) => input.id)).toEqual(['value']);
  });

  test('notification previews are plain text: the step title without its Markdown marks', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `disclosure ${IDEA} --lang en`);
    await t.step('Key elements');
    const previews = summaries(h);
    // the step's card opens with **Technical disclosure · Key elements**: its preview is the title alone
    expect(previews).toContain('Technical disclosure · Key elements');
    for (const preview of previews) expect(preview, preview).not.toMatch(/\*\*|__|~~|`|^#+ |\]\(/);
  });
});
