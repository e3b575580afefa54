/**
 * Issue 29: an emoji ZWJ sequence (👩‍🔬, a woman scientist: woman + ZWJ + microscope) in an idea is never cut in the
 * middle where the terminal's feature comparison shortens a feature to its column: it is kept whole or dropped
 * whole, and the columns after it stay aligned.
 */
import { afterEach, expect, test } from 'vitest';
import { displayWidth } from '../../src/adapters/console/text-width.js';
import { startConsoleBot, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

const SCIENTIST = '👩‍🔬';
const IDEA = `A pipetting robot ${SCIENTIST.repeat(12)} that doses reagents by weight`;
/** A ZWJ with no emoji on one of its sides: a sequence cut in the middle. */
const BROKEN_SEQUENCE = /\u200d(?!\p{Extended_Pictographic})|(?<!\p{Extended_Pictographic})\u200d/u;

test('the feature comparison shortens a feature between emoji sequences, never inside one', { timeout: 90_000 }, async () => {
  term = await startConsoleBot();
  term.type(`novelty ${IDEA}`);
  for (const n of [1, 2, 3]) {
    await term.until((p) => p.includes(`Step ${n} of 5`) && (p.split(`Step ${n} of 5`).at(-1) ?? '').includes('[c] '), `step ${n}`, {
      timeoutMs: 20_000,
    });
    term.type('c');
  }
  const printed = await term.until((p) => p.includes('Step 4 of 5') && p.includes('[a] Add a patent'), 'step 4', { timeoutMs: 30_000 });
  const step4 = printed.slice(printed.lastIndexOf('Step 4 of 5'));
  const lines = step4.split('\n');
  const header = lines.find((l) => /^\s+Feature\s+D1/.test(l));
  const row = lines.find((l) => /^\s+1\. A pipetting robot/.test(l));
  expect(header).toBeDefined();
  expect(row).toBeDefined();
  // shortened, with whole scientists only
  expect(row).toContain('…');
  expect(row).toContain(SCIENTIST);
  expect(row).not.toMatch(BROKEN_SEQUENCE);
  // the marks of D1 stand under D1: the cell before them takes the same columns in both lines
  const d1 = header!.indexOf('D1');
  expect(displayWidth(row!.slice(0, row!.search(/[●◐○]/)))).toBe(displayWidth(header!.slice(0, d1)) + 1);
});
