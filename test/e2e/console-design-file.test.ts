/**
 * Issue 29, in a real terminal (tmux, `npm start`'s entry point against the built-in simulator): `design` with an
 * image file in the working folder runs the design search from it, and a missing file or a file that is no image
 * is refused in words with nothing sent.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'vitest';
import { REPO, TerminalSession } from '../helpers/terminal-session.js';

function start(name: string, ended: TestContext['onTestFinished']): TerminalSession {
  const dir = mkdtempSync(join(tmpdir(), 'iip-console-design-file-'));
  ended(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));
  copyFileSync(join(REPO, 'docs/images/mind-map-en.png'), join(dir, 'case.png'));
  writeFileSync(join(dir, 'notes.png'), 'shopping list: earbuds, case');
  const env = { STATE_FILE: join(dir, 'data', 'state.json'), SIMULATOR_TASK_MS: '50', NO_COLOR: '1' };
  const term = TerminalSession.start(`${name}-${process.pid}`, dir, env, { columns: 160, rows: 50 });
  ended(() => term.close());
  return term;
}

/** What the screen shows after the last time `command` was typed. */
const after = (screen: string, command: string): string => screen.slice(screen.lastIndexOf(`iip> ${command}`));

test('a design search from ./case.png; ./missing.png and notes.png (no image) are refused', { timeout: 90_000 }, async ({
  expect,
  onTestFinished,
}) => {
  const term = start('iip-design-file', onTestFinished);
  await term.waitFor((s) => s.includes('iip>'), 'the prompt');

  const search = 'design ./case.png wireless earbuds case --countries US';
  term.type(search);
  // the line drawing is saved once the report is shown (the review's afterShown): wait for both
  const shown = (s: string) => after(s, search).includes('Design search report') && /Line drawing.*saved as/.test(after(s, search));
  const report = after(await term.waitFor(shown, 'the report and its line drawing', 60_000), search);
  expect(report).not.toContain('is a file on this computer');
  expect(report).not.toMatch(/Nothing was sent/);
  term.type('new');

  term.type('design ./missing.png earbuds');
  const missing = await term.waitFor((s) => s.includes('There is no file ./missing.png on this computer.'), 'the missing file');
  expect(after(missing, 'design ./missing.png earbuds')).toContain('There is no file ./missing.png on this computer. Nothing was sent.');
  term.type('design notes.png earbuds');
  const notImage = await term.waitFor((s) => s.includes('notes.png is not a PNG'), 'the file that is no image');
  expect(after(notImage, 'design notes.png earbuds')).toContain(
    'notes.png is not a PNG, JPEG, GIF or WebP image (judged by its contents, not its name). Nothing was sent.',
  );
  // neither opened a thread: no search started
  term.type('threads');
  const threads = after(await term.waitFor((s) => after(s, 'threads').includes('switch N'), 'the thread list'), 'threads');
  expect(threads.match(/^\*? *\d+ {2}design/gm)).toHaveLength(1);
});
