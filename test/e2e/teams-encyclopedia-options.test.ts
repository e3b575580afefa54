/**
 * The encyclopedia's search options in a Teams channel, end to end through botbuilder's CloudAdapter and the
 * simulator: the source menu under the answer is a compact choice set with Apply (Adaptive Cards fire nothing on
 * a change), the on/off buttons are submits, and the follow-up's AI68-1 body carries what was chosen.
 */
import { afterEach, expect, test } from 'vitest';
import { cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import { bodiesOf, choiceSetsOf, TeamsThread } from '../helpers/teams-workflow-steps.js';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const QUESTION = 'Which KRAS G12C inhibitors are approved?';
const answers = (t: TeamsThread, count: number): Promise<FakeActivity[]> =>
  waitFor(() => {
    const done = t.replies.filter((m) => cardJson(m).includes('Bio-pharma encyclopedia') && cardJson(m).includes('tokens'));
    return done.length >= count ? done : undefined;
  }, `${count} answer(s)`);

test('the source menu (Apply) and a Turn on button under the answer change the follow-up’s AI68-1 body', async () => {
  h = await startTeamsBot();
  const t = await TeamsThread.opened(h, `encyclopedia --source papers ${QUESTION}`);
  const [first] = await answers(t, 1);
  expect(bodiesOf(h, 'AI68-1')).toEqual([{ query: QUESTION, data_source: 2, deep_search: false, long_think: false, search_website: false }]);
  const menu = choiceSetsOf(first).find((c) => c.id === 'encyclopedia-source')!;
  expect(menu.choices.map((c) => c.title)).toContain('Epidemiology');
  const epidemiology = menu.choices.find((c) => c.title === 'Epidemiology')!.value;

  await t.press(first!, 'Apply', { 'encyclopedia-source': epidemiology });
  await t.reply('use **Epidemiology**');
  await t.press(first!, 'Turn on web search');
  await t.reply('use **Epidemiology · web search**');

  expect((await t.say('And in children?')).status).toBe(200);
  await answers(t, 2);
  expect(bodiesOf(h, 'AI68-1')[1]).toEqual({
    query: `Previous question: ${QUESTION}\nFollow-up question: And in children?`,
    data_source: 8,
    deep_search: false,
    long_think: false,
    search_website: true,
  });
});
