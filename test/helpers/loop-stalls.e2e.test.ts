/** The loop-stall measure the fakes credit: a stall counts while it is still going on, before the ticker runs again. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { stalledBetween, watchLoopStalls } from './loop-stalls.js';

const block = (ms: number): void => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // the loop is held, as by a long callback
  }
};

test('a stall is counted by a callback that runs behind it, before the ticker could record it', async () => {
  watchLoopStalls();
  await new Promise((resolve) => setTimeout(resolve, 30));
  const from = Date.now();
  let seen = 0;
  // the check runs right after the block, in the same turn of the loop's check phase: the ticker has not run since
  const measured = nextTurn().then(() => {
    seen = stalledBetween(from, Date.now(), 1_000);
  });
  block(150);
  await measured;
  expect(seen).toBeGreaterThanOrEqual(100);
  // once the ticker has run, the stall is recorded and still counted
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(stalledBetween(from, Date.now(), 1_000)).toBeGreaterThanOrEqual(100);
  expect(stalledBetween(from, Date.now(), 50)).toBe(50);
});
