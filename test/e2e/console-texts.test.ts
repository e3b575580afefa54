/**
 * Issue 17: texts a person reads in the terminal that must be true: "Confirmed ... (edited)" only after an edit,
 * a Retry of a stopped pharm answer is the same first turn, an encyclopedia follow-up is headed by its own question.
 */
import { afterEach, expect, test } from 'vitest';
import type { ThreadId } from '../../src/core/thread-id.js';
import { startConsoleBot, withoutPokes, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

const count = (text: string, part: string) => text.split(part).length - 1;

async function editStepOne(t: ConsoleBot, run: number, idea: string, lines: string[]): Promise<string> {
  t.type(`novelty ${idea}`);
  await t.until((p) => p.includes(`│ ${idea}.`) && p.includes('] Edit'), 'step 1 with Edit');
  t.type(t.keyOf('Edit'));
  const hint = 'Enter on the first line keeps the current text.';
  await t.until((p) => count(p, hint) > count(p, '✅ Confirmed'), 'the form', { poke: false });
  for (const line of lines) t.type(line);
  // Save shows the step again; Confirm moves on
  await t.until((p) => count(p, '✓ Save') === run, 'saved', { poke: false });
  t.type(t.keyOf('Confirm'));
  return t.until((p) => count(p, 'Step 2 of 5') === run, 'step 2');
}

test('a step confirmed after its Edit form was saved says "(edited)" only when something was changed', async () => {
  term = await startConsoleBot();
  let shown = await editStepOne(term, 1, 'A foldable phone hinge with a liquid-metal damping layer', ['']);
  expect(withoutPokes(shown)).toMatch(/✅ Confirmed by @u1\n/);
  expect(shown).not.toContain('(edited)');

  term.type('new');
  shown = await editStepOne(term, 2, 'A bicycle helmet with a shear-thickening layer', ['A bicycle helmet whose shell stiffens on impact', '.']);
  expect(withoutPokes(shown)).toMatch(/✅ Confirmed by @u1 \(edited\)\n/);
  expect(count(shown, '(edited)')).toBe(1);
});

test('a Retry of a stopped pharm answer asks the same first turn again', async () => {
  term = await startConsoleBot();
  term.type('pharm What are the indications for siRNA drugs?');
  const answering = await waitForAnswering(term);
  expect(term.bot.interrupt(answering)).toBe(true);
  await term.until((p) => p.includes('] Retry'), 'the Retry choice');
  term.type(term.keyOf('Retry'));
  await term.until((p) => p.includes('Life-science model ·'), 'the retried answer', { timeoutMs: 20_000 });
  const pharm = term.requests().filter((r) => r.operation === 'AI20');
  expect(pharm.map((r) => r.body)).toEqual([
    { query: 'What are the indications for siRNA drugs?' },
    { query: 'What are the indications for siRNA drugs?' },
  ]);
  expect(term.printed()).not.toContain('Continuing our conversation');
});

test('an encyclopedia follow-up is headed by the follow-up, not by the previous question', async () => {
  term = await startConsoleBot();
  term.type('encyclopedia What is the PK/PD data of RMC-6236?');
  await term.until((p) => count(p, 'Bio-pharma encyclopedia') === 1, 'the first answer', { timeoutMs: 20_000 });
  term.type('Which trials are recruiting?');
  const shown = withoutPokes(await term.until((p) => count(p, 'Bio-pharma encyclopedia') === 2, 'the follow-up answer', { timeoutMs: 20_000 }));
  const followUp = shown.slice(shown.indexOf('iip [thread 1]> Which trials are recruiting?'));
  expect(followUp.split('\n')[2]).toBe('Which trials are recruiting?');
  expect(followUp).not.toContain('Previous question');
});

/** The thread whose answer is being written, once the platform has started streaming it. */
async function waitForAnswering(t: ConsoleBot): Promise<ThreadId> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [record] = await t.bot.state.listWaiting();
    if (record && t.requests().some((r) => r.operation === 'AI20')) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return record.thread;
    }
    if (Date.now() > deadline) throw new Error('no answer was being written');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('the disclosure heading stands above the text it introduces', { timeout: 60_000 }, async () => {
  term = await startConsoleBot();
  term.type('disclosure A bicycle helmet whose shell stiffens on impact through a shear-thickening fluid layer');
  await term.until((p) => p.includes('] Generate'), 'the elements', { timeoutMs: 30_000 });
  term.type(term.keyOf('Generate'));
  const shown = withoutPokes(await term.until((p) => p.includes('Technical disclosure ready'), 'the download link', { timeoutMs: 40_000 }));
  const heading = '✍️ The technical disclosure, as it is written:';
  expect(count(shown, heading)).toBe(1);
  expect(shown.indexOf(heading)).toBeLessThan(shown.indexOf('Technical disclosure:\n'));
  expect(shown.indexOf(heading)).toBeLessThan(shown.indexOf('1. Technical field'));
});
