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

/** Types `c` (Confirm) through steps 1-3 of a novelty search and returns step 4 as printed and its buttons' letters. */
async function step4(env: Record<string, string>, step: (n: number) => string, addLabel: string): Promise<{ keys: string[]; shown: string }> {
  term = await startConsoleBot(env);
  term.type('novelty A foldable phone hinge with a liquid-metal damping layer');
  for (const n of [1, 2, 3]) {
    await term.until((p) => p.includes(step(n)) && /\[c\] \S/.test(p.slice(p.lastIndexOf(step(n)))), `step ${n}`, { timeoutMs: 20_000 });
    term.type('c');
  }
  await term.until((p) => p.includes(step(4)) && p.includes(addLabel), 'step 4', { timeoutMs: 30_000 });
  const printed = term.printed();
  const shown = printed.slice(printed.lastIndexOf(step(4)));
  const keys = buttonKeys(printed, printed.lastIndexOf(step(4)));
  await term.stop();
  term = undefined;
  return { keys, shown };
}

test('step 4 of a novelty search has the same button letters in English and Chinese, and verdicts in words', { timeout: 120_000 }, async () => {
  const english = await step4({}, (n) => `Step ${n} of 5`, 'Add a patent');
  const chinese = await step4({ IIP_LANG: 'zh' }, (n) => `第 ${n}/5 步`, '添加专利');
  expect(english.keys).toEqual(['c', 'a', 'v', 'x']);
  expect(chinese.keys).toEqual(english.keys);
  // each feature's verdict in the legend's words, not the platform's codes (`→ public (88)`, `NONE`)
  expect(english.shown).toMatch(/→ (disclosed|obvious|not disclosed) \(\d+\)/);
  expect(chinese.shown).toMatch(/→ (公开|显而易见|未公开) \(\d+\)/);
  for (const { shown } of [english, chinese]) expect(shown).not.toMatch(/→ (public|different)|\b(NONE|DIFFER)\b/);
});
