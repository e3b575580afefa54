/**
 * Issue 5: the novelty search in the terminal, typed as a person would (numbers pick buttons, a form asks its
 * fields), from the command to the report link.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'vitest';
import { TerminalSession } from '../helpers/terminal-session.js';

// each test has its own tmux session, state folder and bot, so the two run side by side (test.concurrent);
// what a test starts is closed when that test ends (the context's hook: global hooks do not track concurrent tests)
type Ended = TestContext['onTestFinished'];

function stateDir(prefix: string, ended: Ended): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  ended(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));
  return dir;
}

function start(name: string, dir: string, taskMs: number, ended: Ended): TerminalSession {
  const term = TerminalSession.start(
    `${name}-${process.pid}`,
    dir,
    {
      STATE_FILE: join(dir, 'data/state.json'),
      SIMULATOR_TASK_MS: String(taskMs),
      NO_COLOR: '1',
    },
    { columns: 140, rows: 60 },
  );
  ended(() => term.close());
  return term;
}

const steps = (screen: string, n: number): boolean => screen.includes(`Step ${n} of 5`);
const REPORT_READY = /Novelty search report ready: .*\n?.*\(http:\/\/127\.0\.0\.1:\d+\/files\/[0-9a-f]+\.docx\)/;

test.concurrent('novelty from the command to the report link by typing choices', { timeout: 60_000 }, async ({ expect, onTestFinished }) => {
  const dir = stateDir('iip-console-novelty-', onTestFinished);
  const term = start('iip-nov', dir, 50, onTestFinished);
  await term.waitFor((s) => s.includes('iip>'), 'the prompt');
  term.type('novelty A foldable phone hinge with a liquid-metal damping layer');
  await term.waitFor((s) => steps(s, 1) && s.includes('[c] Confirm'), 'step 1');
  term.choose('Confirm');
  await term.waitFor((s) => steps(s, 2), 'step 2');
  term.choose('Confirm');
  await term.waitFor((s) => steps(s, 3) && s.includes('Confirm and search'), 'step 3');
  term.choose('Confirm and search');
  const step4 = await term.waitFor((s) => s.includes('Add a patent'), 'step 4: the reference list', 20_000);
  // a terminal has no tables: the feature comparison is aligned text, a column per reference
  expect(step4).toMatch(/Feature {10,}D1 {2}D2/);
  expect(step4).toMatch(/1\. .+ {2,}[●◐○·] {3}[●◐○·]/);
  term.choose('Confirm');
  await term.waitFor((s) => steps(s, 5) && s.includes('Generate report'), 'step 5');
  term.choose('Generate report');
  await term.waitFor((s) => s.includes('Title of the report>'), 'the title form');
  term.type('');
  const screen = await term.waitFor((s) => REPORT_READY.test(s), 'the report link', 20_000);
  expect(screen).toContain('@');
  expect(screen).not.toContain('<@');
  // the report is also saved as a file, its path printed (the link expires)
  expect(screen).toMatch(/📎 Novelty search: [\s\S]*saved as\s+\/[\s\S]*\.docx/);
  // in the documents folder beside the state, not among the pictures (images/)
  const saved = (/📎 Novelty search: [\s\S]*?saved as\s+(\/[\s\S]*?\.docx)/.exec(screen)?.[1] ?? '').replace(/\s+/g, '');
  expect(saved).toMatch(/\/documents\/[^/]+\.docx$/);
  // docs/terminal.md shows this session: IIP_TRANSCRIPT=<file> writes it out
  if (process.env.IIP_TRANSCRIPT) writeFileSync(process.env.IIP_TRANSCRIPT, screen.trimEnd());
  term.type('exit');
  await term.waitFor((s) => s.includes('[exited 0]'), 'a clean exit');
});

test.concurrent('quit while the search waits, start again, switch to the thread and finish', { timeout: 90_000 }, async ({ onTestFinished }) => {
  const dir = stateDir('iip-console-resume-', onTestFinished);
  const first = start('iip-res1', dir, 1500, onTestFinished);
  await first.waitFor((s) => s.includes('iip>'), 'the prompt');
  first.type('novelty A self-heating lunch box with a phase-change layer');
  for (const [n, label] of [
    [1, 'Confirm'],
    [2, 'Confirm'],
    [3, 'Confirm and search'],
  ] as const) {
    await first.waitFor((s) => steps(s, n) && s.includes(label), `step ${n}`, 20_000);
    first.choose(label);
  }
  await first.waitFor((s) => /search steps done/.test(s), 'the search to be under way', 20_000);
  first.type('exit');
  await first.waitFor((s) => s.includes('[exited 0]'), 'quitting during the wait');
  // its tmux session stays open (closing the last session stops the tmux server, racing the next start)

  const second = start('iip-res2', dir, 50, onTestFinished);
  // the terminal comes back in the thread it was in
  await second.waitFor((s) => /iip \[thread 1\]>/.test(s), 'the prompt again, back in thread 1', 30_000);
  second.type('threads');
  await second.waitFor((s) => /self-heating lunch box/.test(s.split('threads').at(-1) ?? ''), 'the thread list');
  second.type('switch 1');
  await second.waitFor((s) => s.includes('Add a patent'), 'the search result after the restart', 30_000);
  second.choose('Confirm');
  await second.waitFor((s) => s.includes('Generate report'), 'step 5');
  second.choose('Generate report');
  await second.waitFor((s) => s.includes('Title of the report>'), 'the title form');
  second.type('');
  await second.waitFor((s) => REPORT_READY.test(s), 'the report link', 20_000);
  second.type('exit');
  await second.waitFor((s) => s.includes('[exited 0]'), 'a clean exit');
});
