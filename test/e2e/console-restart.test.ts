/**
 * Issue 17 in a real terminal (tmux, `npm start`'s entry point): quit while a workflow waits for a button, start
 * again, and the waiting step is shown again with its keys, which work; Ctrl-C stops a wait once and a second
 * press quits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { TerminalSession } from '../helpers/terminal-session.js';

const dirs: string[] = [];
const sessions: TerminalSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));
});

function start(name: string, dir: string, taskMs: number, columns = 120): TerminalSession {
  const env = { STATE_FILE: join(dir, 'data/state.json'), SIMULATOR_TASK_MS: String(taskMs), NO_COLOR: '1' };
  const term = TerminalSession.start(`${name}-${process.pid}`, dir, env, { columns, rows: 50 });
  sessions.push(term);
  return term;
}

const after = (screen: string, mark: string): string => screen.split(mark).at(-1) ?? '';

test('a restart while step 1 waits for Confirm shows the step again, and c confirms it', { timeout: 90_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'iip-console-restart-'));
  dirs.push(dir);
  const first = start('iip-rst1', dir, 50);
  await first.waitFor((s) => s.includes('iip>'), 'the prompt', 30_000);
  first.type('novelty A bicycle helmet whose shell stiffens on impact');
  await first.waitFor((s) => s.includes('Step 1 of 5') && s.includes('[c] Confirm'), 'step 1', 30_000);
  first.type('exit');
  await first.waitFor((s) => s.includes('[exited 0]'), 'quitting at step 1');

  const second = start('iip-rst2', dir, 50);
  const back = await second.waitFor((s) => /iip \[thread 1\]>/.test(s), 'back in thread 1', 30_000);
  const shown = after(back, 'Back in thread 1');
  expect(shown).toContain('Step 1 of 5');
  expect(shown).toMatch(/\[c\] Confirm +\[e\] Edit +\[x\] Cancel/);
  second.type('c');
  await second.waitFor((s) => after(s, 'Back in thread 1').includes('Step 2 of 5'), 'step 2 after typing c', 30_000);
  second.type('exit');
  await second.waitFor((s) => s.includes('[exited 0]'), 'a clean exit');
});

test('Ctrl-C during a wait stops it once, and a second press quits', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'iip-console-ctrlc-'));
  dirs.push(dir);
  const term = start('iip-ctrlc', dir, 20_000, 60);
  // the banner's lines may reach the screen after the prompt on a busy machine: its last word is waited for too
  await term.waitFor((s) => s.includes('iip>') && s.includes('Ctrl-D') && s.includes('commands,'), 'the prompt and the banner', 30_000);
  // at 60 columns the whole banner, the CLI's first line included, breaks between words (the rows as shown, not joined back)
  const rows = term.rows();
  const banner = rows.slice(rows.findIndex((row) => row.startsWith('iip-bot:'))).join(' ');
  for (const word of ['built-in', 'simulator', 'commands,', 'replies;', 'resumes', 'threads,', 'Ctrl-D']) expect(banner.split(/\s+/)).toContain(word);
  term.type('novelty A self-heating lunch box with a phase-change layer');
  await term.waitFor((s) => s.includes('⏳'), 'the wait for step 1', 30_000);
  term.key('C-c');
  await term.waitFor((s) => s.includes('Stopped.'), 'the first press');
  term.key('C-c');
  const end = await term.waitFor((s) => s.includes('[exited 0]'), 'the second press quits');
  expect(end.split('Stopped.').length - 1).toBe(1);
});
