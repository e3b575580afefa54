/**
 * Issue 17: words that are no verbs. A lone typo of a verb or a word people try as one gets "unknown command"
 * with the nearest verb and reaches no model; a question of several words still does; `clear` starts a chat
 * thread over; `ask` says once that it keeps no context. Through the whole bot in the terminal.
 */
import { afterEach, expect, test } from 'vitest';
import { startConsoleBot, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

const modelCalls = (t: ConsoleBot) => t.requests().filter((r) => ['AI07', 'AI20', 'AI68-1'].includes(r.operation));
const count = (text: string, part: string) => text.split(part).length - 1;

test('a typo of a verb, a word people try and a top-level cancel are answered without asking the model', async () => {
  term = await startConsoleBot();
  term.type('hepl');
  await term.until((p) => p.includes('Unknown command `hepl`: did you mean `help`?'), 'the suggestion');
  term.type('stauts');
  await term.until((p) => p.includes('Unknown command `stauts`: did you mean `status`?'), 'the second suggestion');
  // `clear` outside a thread clears the screen, as in a shell (console-clear.test.ts): no note, nothing sent
  term.type('clear');
  term.type('new');
  term.type('cancel');
  await term.until((p) => p.includes('There is nothing to cancel here: `cancel` works in the thread of a workflow.'), 'the cancel note');
  expect(term.printed()).toContain('Nothing was sent to the platform');
  expect(term.printed()).not.toContain('Unknown command `clear`');
  expect(modelCalls(term)).toEqual([]);

  term.type('new');
  term.type('dendrites');
  term.type('new');
  term.type('Why do lithium dendrites grow?');
  await term.until(() => modelCalls(term!).length === 2, 'both questions at the model');
  expect(modelCalls(term).map((r) => (r.body as { prompt: string }).prompt)).toEqual(['dendrites', 'Why do lithium dendrites grow?']);
});

test('in a pharm thread `clear` starts over and a typo is not turn two', async () => {
  term = await startConsoleBot();
  term.type('pharm What are the indications for siRNA drugs?');
  await term.until((p) => p.includes('Life-science model'), 'the first answer');
  term.type('hepl');
  await term.until((p) => p.includes('did you mean `help`?'), 'the suggestion in the thread');
  expect(modelCalls(term)).toHaveLength(1);

  term.type('clear');
  await term.until((p) => p.includes('Started over by @u1: the next question here begins a new conversation'), 'the start-over note');
  term.type('How are they dosed?');
  await term.until(() => modelCalls(term!).length === 2, 'the next question');
  await term.until((p) => count(p, 'Life-science model') === 2, 'the second answer');
  const [, second] = modelCalls(term);
  expect(second?.body).toEqual({ query: 'How are they dosed?' });
  expect(term.printed()).not.toContain('Continuing our conversation');
  term.type('help');
  await term.until((p) => p.includes('type `status` or `cancel` there. `clear` in a chat thread starts the conversation over.'), 'help naming clear');
});

test('an ask follow-up says once that ask keeps no context', async () => {
  term = await startConsoleBot();
  term.type('ask What is a patent family?');
  await term.until((p) => count(p, 'General model') === 1, 'the first answer');
  expect(term.printed()).not.toContain('keeps no context');
  term.type('And what is a continuation?');
  await term.until((p) => count(p, 'General model') === 2, 'the follow-up answer');
  expect(count(term.printed(), '`ask` keeps no context: each question in this thread is answered on its own.')).toBe(1);
  term.type('And a divisional?');
  await term.until((p) => count(p, 'General model') === 3, 'the third answer');
  expect(count(term.printed(), '`ask` keeps no context')).toBe(1);
});
