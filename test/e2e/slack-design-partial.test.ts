/**
 * Issue 16: one AI39-2 comparison without fields the document marks required does not fail the design search:
 * the report shows what is there, and the comparison says which fields the platform did not send.
 */
import { afterEach, expect, test } from 'vitest';
import { startSlackBot, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { NoveltyThread, textOf } from './slack-novelty-steps.js';
import { reportOf } from './slack-design-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const COMMAND = 'design <https://images.example.com/products/earbuds-case.png> wireless earbuds case --countries us,cn';

test('a top comparison without its country and risk level is shown with what it has, and says what is missing', async () => {
  h = await startSlackBot();
  await h.command(COMMAND);
  const first = await NoveltyThread.opened(h, 0);
  await first.reply('Design search report');
  const taskId = (h.sim.requests.find((r) => r.operation === 'AI39-2')!.body as { task_id: string }).task_id;
  const comparisons = (await reportOf(h, taskId)).report!.comparisons;
  const best = comparisons.reduce((top, c, i) => (c.score! > comparisons[top]!.score! ? i : top), 0);

  // the same search again (the simulator answers it alike), now with the best comparison lacking two fields
  const paths = [`report.comparisons.${best}.country`, `report.comparisons.${best}.risk_level`];
  h.sim.inject({ kind: 'drop-fields', operation: 'AI39-2', paths });
  await h.command(COMMAND);
  const second = await NoveltyThread.opened(h, 1);
  const done = await second.reply('Design search report');
  const shown = textOf(done);
  expect(shown).not.toContain('unexpected');
  expect(shown).toContain(comparisons[best]!.patent_pn);
  expect(shown).toContain(`${Math.round(comparisons[best]!.score! * 100)}% similar`);
  expect(shown).toContain('unknown risk');
  expect(shown).toContain('The platform sent this comparison without: `country`, `risk_level`.');
  expect(shown.match(/sent this comparison without/g)).toHaveLength(1);
  expect(second.replies.some((m) => textOf(m).includes('Retry'))).toBe(false);
});
