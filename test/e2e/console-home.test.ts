/**
 * Issue 29: `home` in the terminal tells two novelty searches apart (what each was started with, when) and shows
 * no raw Markdown link (`[open the thread](thread 4: switch 4)`): the terminal's way to a thread is `switch N`.
 */
import { afterEach, expect, test } from 'vitest';
import { startConsoleBot, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

test('home lists each open workflow with its title, state, start time and `switch N`', { timeout: 60_000 }, async () => {
  term = await startConsoleBot();
  term.type('novelty A foldable phone hinge with a liquid-metal damping layer');
  await term.until((p) => p.includes('Step 1 of 5') && p.includes('[c] Confirm'), 'the first search');
  term.type('new');
  term.type('novelty A self-heating lunch box with a phase-change layer');
  await term.until((p) => p.split('Step 1 of 5').length === 3, 'the second search');
  term.type('new');
  term.type('home');
  const printed = await term.until((p) => p.includes('Start a chat:'), 'home');
  const home = printed.slice(printed.lastIndexOf('home'));
  expect(home).not.toMatch(/\]\(thread \d/);
  expect(home).not.toContain('open the thread');
  const first = home.split('\n').find((l) => l.includes('foldable phone hinge'));
  const second = home.split('\n').find((l) => l.includes('self-heating lunch box'));
  for (const [entry, n] of [
    [first, 1],
    [second, 2],
  ] as const) {
    expect(entry).toMatch(/novelty search/);
    expect(entry).toMatch(/open · at the /);
    expect(entry).toMatch(/started \w{3} \d{1,2}, \d{4}|started \d{1,2} \w{3}/);
    expect(entry).toContain(`thread ${n}: \`switch ${n}\``);
  }
});
