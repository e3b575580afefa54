/**
 * Issue 17, the terminal half, through the whole bot in the terminal (the real console adapter, the simulator,
 * lowdb state): a Cancel that asks first, `status` naming the threads to switch to, the terminal's own words in a
 * workflow's thread, and a query shown as it was typed.
 */
import { afterEach, expect, test } from 'vitest';
import { startConsoleBot, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

const calls = (t: ConsoleBot, operation: string) => t.requests().filter((r) => r.operation === operation);

test('Cancel asks before it drops a novelty search; a late c meant for Confirm is refused instead of cancelling', async () => {
  term = await startConsoleBot({ SIMULATOR_TASK_MS: '400' });
  term.type('novelty A foldable phone hinge with a liquid-metal damping layer');
  await term.until((p) => p.includes('Step 1 of 5') && p.includes('[c] Confirm'), 'step 1');
  term.type('c');
  await term.until((p) => /⏳ .*\n(.*\n)*?\[x\] Cancel/.test(p.split('→ Confirm').at(-1) ?? ''), 'the wait after step 1');
  term.type('c'); // a moment late: the wait shows only [x] Cancel
  await term.until((p) => p.includes('No choice c: type x.'), 'the late key refused');
  await term.until((p) => p.includes('Step 2 of 5') && (p.split('Step 2 of 5').at(-1) ?? '').includes('[x] Cancel'), 'step 2');
  term.type('x');
  term.type('n');
  await term.until((p) => p.includes('Cancel the novelty search? y/N> n'), 'the question, answered no');
  expect(term.printed()).toContain('Everything this novelty search did so far is dropped');
  expect(term.printed()).toContain('Cancel: not done; nothing changed.');
  term.type('status');
  await term.until((p) => /novelty search\*?: at the features review, active/.test(p.split('status').at(-1) ?? ''), 'still active');
  term.type('x');
  term.type('y');
  await term.until((p) => p.includes('Cancelled by'), 'the cancellation');
  expect(calls(term, 'AI35-3')).toHaveLength(1);
});

test("status at the top level names each workflow's thread; a stray line in its thread is told what to type", async () => {
  term = await startConsoleBot();
  term.type('novelty A self-heating lunch box with a phase-change layer');
  await term.until((p) => p.includes('Step 1 of 5') && p.includes('[c] Confirm'), 'step 1');
  term.type('what now?');
  await term.until((p) => p.includes('This thread runs a novelty search:'), 'the note for a stray line');
  const note = term.printed().split('This thread runs a novelty search:').at(-1) ?? '';
  expect(note).toMatch(/^ type the number or letter of a choice of its latest message, or type .?status.? or .?cancel.? here\./);
  expect(term.printed()).not.toContain('mention me');
  term.type('new');
  term.type('ask Why do hinges wear out?');
  await term.until((p) => p.includes('General model'), 'a second thread');
  term.type('new');
  term.type('status');
  await term.until((p) => p.includes('Your open workflows:'), 'the list');
  const list = term.printed().split('Your open workflows:').at(-1) ?? '';
  expect(list).toMatch(/novelty.*thread 1: .?switch 1/);
  term.type('switch 1');
  await term.until((p) => (p.split('switch 1').at(-1) ?? '').includes('[c] Confirm'), 'the step again after switch 1');
});

test('an Edit form of a workflow says what finishing it does before its first field', async () => {
  term = await startConsoleBot();
  term.type('novelty A foldable phone hinge with a liquid-metal damping layer');
  await term.until((p) => p.includes('Step 1 of 5') && p.includes('[c] Confirm'), 'step 1');
  term.type('c');
  await term.until((p) => p.includes('Step 2 of 5') && (p.split('Step 2 of 5').at(-1) ?? '').includes('[e] Edit'), 'step 2');
  term.type('e');
  await term.until((p) => p.includes('Features to leave out of the search>'), 'the form');
  const form = term.printed().split('→ Edit').at(-1) ?? '';
  const said = form.indexOf('"Save" keeps your changes and shows this step again; nothing is sent until you press "Confirm".');
  expect(said).toBeGreaterThan(0);
  expect(said).toBeLessThan(form.indexOf('Features to leave out of the search'));
  term.type('');
  await term.until((p) => p.includes('Add a feature (optional)'), 'the second field');
  expect(term.printed()).not.toContain('(optional) (optional');
});

test("count shows the user's query as typed, brackets and all", async () => {
  term = await startConsoleBot();
  const query = 'TTL:(wireless charging) AND PBD:[20200101 TO 20241231] AND PDI < 0.3';
  term.type(`count ${query}`);
  await term.until((p) => p.includes('patents match'), 'the count');
  expect(term.printed()).toContain(`patents match \`${query}\``);
  expect(term.printed()).not.toContain('\\[');
  expect(term.printed()).not.toContain('\\<');
});
