/**
 * Issue 29: a patent added at step 4 of a novelty search as an attorney writes it (`US 2019/0083787 A1`) reaches
 * the platform in its form; a number that cannot be read opens the form again with why and what was typed (not a
 * failure), and nothing is sent.
 */
import { afterEach, expect, test } from 'vitest';
import { startConsoleBot, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

const comparisons = (t: ConsoleBot) => t.requests().filter((r) => r.operation === 'AI35-12');
const FIELD = 'Publication number, e.g. CN118289111A (at most 30 characters)';

test('step 4 asks again for `hinge` with nothing sent, then adds `US 2019/0083787 A1` as US20190083787A1', { timeout: 90_000 }, async () => {
  term = await startConsoleBot();
  term.type('novelty A foldable phone hinge with a liquid-metal damping layer');
  for (const n of [1, 2, 3]) {
    await term.until((p) => p.includes(`Step ${n} of 5`) && (p.split(`Step ${n} of 5`).at(-1) ?? '').includes('[c] '), `step ${n}`, {
      timeoutMs: 20_000,
    });
    term.type('c');
  }
  await term.until((p) => p.includes('Step 4 of 5') && p.includes('[a] Add a patent'), 'step 4', { timeoutMs: 30_000 });

  term.type('a');
  await term.until((p) => p.includes(FIELD), 'the number field', { poke: false });
  term.type('hinge');
  // the form again, headed by why, with what was typed as its value: no failure, no button to find again
  const again = await term.until((p) => p.split(FIELD).length === 3, 'the number field again', { poke: false });
  const form = again.slice(again.lastIndexOf('Add a patent\n'));
  expect(form).toMatch(/^Add a patent\n⚠️ Could not read “hinge” as a publication number: .*nothing was added\.\n/);
  expect(form).not.toContain('Press Add a patent');
  expect(form).toContain('current: hinge');
  expect(again).not.toMatch(/failed/i);
  expect(comparisons(term)).toEqual([]);
  term.type('US 2019/0083787 A1');
  await term.until(() => comparisons(term!).length === 1, 'the comparison asked for');
  expect(comparisons(term)[0]?.body).toMatchObject({ request: { pn: 'US20190083787A1' } });
  await term.until((p) => (p.split('Step 4 of 5').at(-1) ?? '').includes('added by you'), 'the list with the added patent', { timeoutMs: 20_000 });
});
