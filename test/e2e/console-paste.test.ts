/**
 * Issue 28 in a real terminal (tmux, `src/cli.ts`): a multi-line claim set pasted after `novelty` is one input
 * (bracketed paste), and lines typed with a trailing `\` or inside an open quote go on; the platform (a simulator
 * this test runs, reached over HTTP with a key) receives every line, and nothing goes to a model as a question.
 * Before Enter, the continuation prompt shows the text against novelty's 5,000 characters (and how many over).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { charCount } from '../../src/core/text.js';
import { formatNumber } from '../../src/i18n/format.js';
import { startSimulator } from '../../src/platform/simulator/index.js';
import type { RunningSimulator } from '../../src/platform/simulator/types.js';
import { waitFor } from '../helpers/slack-bot-harness.js';
import { TerminalSession } from '../helpers/terminal-session.js';
import { CLAIMS } from './claim-set.js';

const dirs: string[] = [];
const sessions: TerminalSession[] = [];
const sims: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

async function start(name: string): Promise<{ term: TerminalSession; sim: RunningSimulator }> {
  const sim = await startSimulator();
  sims.push(sim);
  const dir = mkdtempSync(join(tmpdir(), 'iip-console-paste-'));
  dirs.push(dir);
  const env = { STATE_FILE: join(dir, 'state.json'), IIP_BASE_URL: sim.url, IIP_API_KEY: 'sk-test-paste-4c1a', NO_COLOR: '1' };
  const term = TerminalSession.start(`${name}-${process.pid}`, dir, env, { columns: 120, rows: 50 });
  sessions.push(term);
  await term.waitFor((s) => s.includes('iip>'), 'the prompt');
  return { term, sim };
}

const inputsOf = (sim: RunningSimulator): string[] =>
  sim.requests.filter((r) => r.operation === 'AI35-1').map((r) => (r.body as { input: string }).input);
const modelQuestions = (sim: RunningSimulator) => sim.requests.filter((r) => r.operation === 'AI07' || r.operation === 'AI20');

test('a pasted four-line claim set after `novelty` is one input: AI35-1 gets all four lines', { timeout: 60_000 }, async () => {
  const { term, sim } = await start('iip-paste');
  term.paste(`novelty ${CLAIMS}`);
  // the paste is held under a continuation prompt until Enter, not sent line by line
  await term.waitFor((s) => s.includes('… ') && s.includes('55 °C for 40 minutes.'), 'the pasted lines');
  // the last line waits in the buffer for Enter, after the count of the whole claim set against novelty's limit
  const lastLine = CLAIMS.split('\n').at(-1)!;
  await term.waitFor((s) => s.includes(`… ${formatNumber(charCount(CLAIMS), 'en')} / 5,000 ${lastLine}`), 'the count before the last line');
  expect(sim.requests.filter((r) => r.operation !== 'unknown')).toEqual([]);
  term.key('Enter');
  await waitFor(() => inputsOf(sim).length === 1, 'AI35-1', 30_000);
  expect(inputsOf(sim)).toEqual([CLAIMS]);
  await term.waitFor((s) => s.includes('Step 1 of 5'), 'step 1', 30_000);
  expect(modelQuestions(sim)).toEqual([]);
});

test('lines typed with a trailing backslash or inside an open quote go on; the input ends with the line that closes it', {
  timeout: 60_000,
}, async () => {
  const { term, sim } = await start('iip-cont');
  // (tmux reads a `;` ending an argument as its own command separator: these lines end otherwise)
  term.type('novelty 1. A self-heating mug comprising:\\');
  term.type('  a double-walled body holding a phase-change salt,\\');
  term.type('  a push button releasing a seed crystal into the salt, "the trigger');
  await term.waitFor((s) => (s.match(/^… /gm) ?? []).length >= 3, 'three continuation prompts');
  expect(inputsOf(sim)).toEqual([]);
  term.type('  starting its crystallisation" and a lid.');
  await waitFor(() => inputsOf(sim).length === 1, 'AI35-1', 30_000);
  expect(inputsOf(sim)).toEqual([
    [
      '1. A self-heating mug comprising:',
      '  a double-walled body holding a phase-change salt,',
      '  a push button releasing a seed crystal into the salt, "the trigger',
      '  starting its crystallisation" and a lid.',
    ].join('\n'),
  ]);
  expect(modelQuestions(sim)).toEqual([]);
});

test('a pasted claim set over 5,000 characters shows how many over before Enter; Enter gets the refusal, nothing is sent', {
  timeout: 60_000,
}, async () => {
  const { term, sim } = await start('iip-paste-over');
  const dependent = (n: number): string =>
    `  ${n}. The mug of claim 1, wherein the phase-change salt is sodium acetate trihydrate sealed in ring ${n} of the wall.`;
  const long = [CLAIMS, ...Array.from({ length: 50 }, (_, i) => dependent(i + 2))].join('\n');
  const length = charCount(long);
  expect(length).toBeGreaterThan(5_000);
  term.paste(`novelty ${long}`);
  const lastLine = long.split('\n').at(-1)!;
  const over = `… ${formatNumber(length, 'en')} / 5,000, ${formatNumber(length - 5_000, 'en')} over ${lastLine}`;
  await term.waitFor((s) => s.includes(over), 'the count over the limit before the last line');
  term.key('Enter');
  await term.waitFor(
    (s) => s.includes(`The technical idea can be at most 5,000 characters; yours has ${formatNumber(length, 'en')}.`),
    "novelty's refusal",
  );
  expect(inputsOf(sim)).toEqual([]);
  expect(modelQuestions(sim)).toEqual([]);
});
