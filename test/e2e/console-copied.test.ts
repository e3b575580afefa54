/** Issue 29: `/iip help` copied from the README and a mistyped verb with words after it, typed in the terminal. */
import { afterEach, expect, test } from 'vitest';
import { startConsoleBot, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

const modelCalls = (t: ConsoleBot) => t.requests().filter((r) => ['AI07', 'AI20', 'AI68-1', 'AI35-1'].includes(r.operation));

test('a copied /iip is dropped and `noveltty A hinge` asks "did you mean novelty?" with nothing sent', { timeout: 60_000 }, async () => {
  term = await startConsoleBot();
  term.type('/iip help');
  await term.until((p) => p.includes('novelty [quick] <technical idea>'), 'the help');
  expect(term.printed()).not.toContain('Unknown command');
  term.type('new');
  term.type('noveltty A foldable hinge with a damping layer');
  await term.until((p) => p.includes('Unknown command `noveltty`: did you mean `novelty`?'), 'the suggestion');
  expect(term.printed()).toContain('Nothing was sent to the platform');
  expect(modelCalls(term)).toEqual([]);
  // in a chat thread too, a copied invocation before a verb starts that command instead of asking the model
  term.type('new');
  term.type('@iip ask What is a patent family?');
  await term.until(() => modelCalls(term!).length === 1, 'the question at the model');
  expect(modelCalls(term)[0]?.body).toMatchObject({ prompt: 'What is a patent family?' });
  await term.until((p) => p.includes('General model'), 'the answer');
  term.type('/iip help');
  await term.until(
    (p) => p.split('/iip help').length === 3 && p.lastIndexOf('novelty [quick] <technical idea>') > p.lastIndexOf('/iip help'),
    'help again',
  );
  expect(modelCalls(term)).toHaveLength(1);
});
