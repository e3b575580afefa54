/**
 * Issue 29: `threads` in the terminal says where each thread stands, in the words `home` uses: a search waiting for
 * its user's review (with the step), an answer done, a search cancelled.
 */
import { afterEach, expect, test } from 'vitest';
import { startConsoleBot, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

/** The lines of the latest `threads` listing, from its title to its `switch N` hint. */
function listing(printed: string, title: string, hint: string): string[] {
  const from = printed.lastIndexOf(`\n${title}\n`);
  return printed
    .slice(from + 1, printed.indexOf(hint, from))
    .split('\n')
    .slice(1, -1);
}

test('threads shows each thread with its state and step, as home does', { timeout: 60_000 }, async () => {
  term = await startConsoleBot();
  term.type('novelty A foldable phone hinge with a liquid-metal damping layer');
  await term.until((p) => p.includes('Step 1 of 5') && p.includes('[c] Confirm'), 'the first search');
  term.type('new');
  term.type('ask How do solid-state batteries avoid dendrites?');
  await term.until((p) => /thread 2 · #\d/.test(p) && p.includes('General model ·'), 'the answer');
  term.type('new');
  term.type('novelty A self-heating lunch box with a phase-change layer');
  await term.until((p) => p.split('Step 1 of 5').length === 3, 'the second search');
  term.type('x');
  term.type('y');
  await term.until((p) => p.includes('Cancelled by'), 'the cancellation');
  term.type('threads');
  const printed = await term.until((p) => p.includes('`switch N` resumes a thread.'), 'the listing');
  const rows = listing(printed, 'Threads', '`switch N` resumes a thread.');
  expect(rows).toHaveLength(3);
  expect(rows[0]).toMatch(/^ {2}1 {2}novelty A foldable phone hinge.* {2}open · at the technical solution review · /);
  expect(rows[1]).toMatch(/^ {2}2 {2}ask How do solid-state batteries.* {2}done · /);
  expect(rows[2]).toMatch(/^\* 3 {2}novelty A self-heating lunch box.* {2}cancelled · /);
});

test('in Chinese the states are home’s Chinese words', { timeout: 60_000 }, async () => {
  term = await startConsoleBot({}, { language: 'zh' });
  term.type('novelty 一种带液态金属阻尼层的折叠屏手机铰链');
  await term.until((p) => p.includes('[c]'), 'the search');
  term.type('threads');
  const printed = await term.until((p) => p.includes('输入 `switch N` 回到某个话题。'), 'the listing');
  const rows = listing(printed, '话题', '输入 `switch N` 回到某个话题。');
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatch(/^\* 1 {2}novelty 一种带液态金属阻尼层的折叠屏手机铰链 +进行中 · 步骤「.+」 · /);
});
