/** Issue 29: a button's letter comes from what it does, not from its label, so English and Chinese type the same keys. */
import { afterEach, expect, test } from 'vitest';
import { startConsoleBot, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

/** The keys of the buttons printed since `from`, in order (`[c] Confirm  [a] Add a patent` gives c, a). */
const buttonKeys = (printed: string, from: number): string[] => [...printed.slice(from).matchAll(/\[([a-z])\] /g)].map((m) => m[1] as string);

/** Types `c` (Confirm) through steps 1-3 of a novelty search and returns the letters of step 4's buttons. */
async function step4Letters(env: Record<string, string>, step: (n: number) => string, addLabel: string): Promise<string[]> {
  term = await startConsoleBot(env);
  term.type('novelty A foldable phone hinge with a liquid-metal damping layer');
  for (const n of [1, 2, 3]) {
    await term.until((p) => p.includes(step(n)) && /\[c\] \S/.test(p.slice(p.lastIndexOf(step(n)))), `step ${n}`, { timeoutMs: 20_000 });
    term.type('c');
  }
  await term.until((p) => p.includes(step(4)) && p.includes(addLabel), 'step 4', { timeoutMs: 30_000 });
  const printed = term.printed();
  const keys = buttonKeys(printed, printed.lastIndexOf(step(4)));
  await term.stop();
  term = undefined;
  return keys;
}

test('step 4 of a novelty search has the same button letters in English and Chinese', { timeout: 120_000 }, async () => {
  const english = await step4Letters({}, (n) => `Step ${n} of 5`, 'Add a patent');
  const chinese = await step4Letters({ IIP_LANG: 'zh' }, (n) => `第 ${n}/5 步`, '添加专利');
  expect(english).toEqual(['c', 'a', 'v', 'x']);
  expect(chinese).toEqual(english);
});
