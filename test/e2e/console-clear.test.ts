/**
 * Issue 29, in a real terminal (tmux): `clear` clears the screen as in a shell, and Ctrl-C in a form throws the
 * half-typed answer away, so the next command is not sent as "half typedstatus".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'vitest';
import { TerminalSession } from '../helpers/terminal-session.js';

// each test has its own tmux session, folder and bot, so the two run side by side (test.concurrent); what a test
// starts is closed when it ends (the context's hook and expect: global ones do not track concurrent tests)
function start(name: string, ended: TestContext['onTestFinished']): TerminalSession {
  const dir = mkdtempSync(join(tmpdir(), 'iip-console-clear-'));
  ended(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));
  const term = TerminalSession.start(`${name}-${process.pid}`, dir, { STATE_FILE: join(dir, 'state.json'), SIMULATOR_TASK_MS: '50', NO_COLOR: '1' });
  ended(() => term.close());
  return term;
}

const visible = (term: TerminalSession): string => term.rows().join('\n');

test.concurrent('`clear` empties the screen and leaves the prompt; nothing reaches the bot', { timeout: 60_000 }, async ({
  expect,
  onTestFinished,
}) => {
  const term = start('iip-clear', onTestFinished);
  await term.waitFor((s) => s.includes('iip>'), 'the prompt');
  term.type('threads');
  await term.waitFor((s) => s.includes('No threads yet'), 'the thread list');
  term.type('clear');
  await term.waitFor(() => !visible(term).includes('No threads yet') && visible(term).trimStart().startsWith('iip>'), 'an empty screen');
  expect(visible(term)).not.toContain('Unknown command');
  term.type('threads');
  await term.waitFor(() => visible(term).includes('No threads yet'), 'the terminal still answering');
});

test.concurrent('Ctrl-C in a form drops what was half typed: the next command arrives alone', { timeout: 60_000 }, async ({
  expect,
  onTestFinished,
}) => {
  const term = start('iip-ctrlc', onTestFinished);
  await term.waitFor((s) => s.includes('iip>'), 'the prompt');
  term.type('novelty A foldable phone hinge with a liquid-metal damping layer');
  await term.waitFor((s) => s.includes('Step 1 of 5') && s.includes('[e] Edit'), 'step 1');
  term.choose('Edit');
  await term.waitFor((s) => s.includes('Ctrl-C cancels the form'), 'the form');
  term.key('half typed');
  await term.waitFor((s) => s.includes('half typed'), 'the half-typed answer');
  term.key('C-c');
  await term.waitFor((s) => s.includes('Form cancelled.'), 'the form cancelled');
  term.type('status');
  const screen = await term.waitFor((s) => /novelty search: .*active/.test(s.split('Form cancelled.').at(-1) ?? ''), 'the status');
  const after = screen.split('Form cancelled.').at(-1) ?? '';
  expect(after).not.toContain('half typed');
  expect(after).toMatch(/> status\n/);
});
