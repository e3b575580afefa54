/**
 * Issue 5: `npm start` with no credentials and no API key runs the bot in the terminal against the built-in
 * simulator. Driven through the real entry point, in a real terminal (tmux) and through a pipe.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, type TestContext, test } from 'vitest';
import { renderMarkdown } from '../../src/adapters/console/markdown-terminal.js';
import { plainStyle } from '../../src/adapters/console/style.js';
import { translatorFor } from '../../src/i18n/index.js';
import { expectedChatAnswer } from '../../src/platform/simulator/index.js';
import { builtEntry, TerminalSession } from '../helpers/terminal-session.js';

// every test has its own folder and its own bot (tmux session or child), so the tests of a block run side by
// side (describe.concurrent); what a test starts is closed when it ends (the context's hook and expect: global
// ones do not track concurrent tests)
function workDir(ended: TestContext['onTestFinished']): string {
  const dir = mkdtempSync(join(tmpdir(), 'iip-console-'));
  ended(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));
  return dir;
}

/** The environment of a fresh machine: no credentials, no key; state in a temp folder. */
const freshEnv = (dir: string): Record<string, string> => ({
  STATE_FILE: join(dir, 'data/state.json'),
  SIMULATOR_TASK_MS: '50',
  NO_COLOR: '1',
  LOG_LEVEL: 'info',
});

/** The answer's words line by line, as the terminal renderer lays them out without a width limit. */
const answerLines = (markdown: string): string[] =>
  renderMarkdown(markdown, { style: plainStyle, width: undefined }, translatorFor('en'))
    .map((l) => l.trim())
    .filter((l) => l.length > 0);

const fold = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe.concurrent('npm start in a terminal', () => {
  test('says it uses the simulator, then an ask streams in place and the final screen holds the whole answer', { timeout: 60_000 }, async ({
    expect,
    onTestFinished,
  }) => {
    const dir = workDir(onTestFinished);
    const term = TerminalSession.start(`iip-ask-${process.pid}`, dir, freshEnv(dir), { columns: 160, rows: 60 });
    onTestFinished(() => term.close());
    const first = await term.waitFor((s) => s.includes('iip>'), 'the prompt');
    expect(first.split('\n')[0]).toContain('built-in platform simulator');
    expect(first).toContain('IIP_API_KEY');

    const question = 'What is CRISPR prime editing?';
    term.type(`ask ${question}`);
    const screen = await term.waitFor((s) => /General model · [\d,]+ tokens/.test(s), 'the final answer', 20_000);
    // the terminal wraps long paragraphs at its width: compare with white space folded
    const shown = fold(screen);
    const expected = answerLines(expectedChatAnswer('AI07', { prompt: question }));
    for (const line of expected) expect(shown, `the screen shows "${line}"`).toContain(fold(line));
    // redrawn in place: the answer's last paragraph is on the screen once, not once per frame
    expect(shown.split(fold(expected.at(-1)!)).length - 1).toBe(1);

    term.type('exit');
    await term.waitFor((s) => s.includes('[exited 0]'), 'a clean exit');
  });

  test('help lists the verbs as a note only the user sees; Ctrl-D quits cleanly', { timeout: 60_000 }, async ({ expect, onTestFinished }) => {
    const dir = workDir(onTestFinished);
    const term = TerminalSession.start(`iip-help-${process.pid}`, dir, freshEnv(dir));
    onTestFinished(() => term.close());
    await term.waitFor((s) => s.includes('iip>'), 'the prompt');
    term.type('help');
    const screen = await term.waitFor((s) => s.includes('(only you)') && s.includes('pharm'), 'the help text');
    expect(screen).toContain('encyclopedia');
    term.key('C-d');
    await term.waitFor((s) => s.includes('[exited 0]'), 'Ctrl-D quits cleanly');
  });
});

describe.concurrent('npm start through a pipe', () => {
  test('prints each message once, final, without terminal control sequences', { timeout: 60_000 }, async ({ expect, onTestFinished }) => {
    const dir = workDir(onTestFinished);
    const child = spawn(process.execPath, [builtEntry()], { cwd: dir, env: { ...process.env, ...freshEnv(dir) }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    const question = 'Summarise lithium-sulfur battery patents';
    child.stdin.write(`ask ${question}\n`);
    child.stdin.write('exit\n');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toContain('built-in platform simulator');
    // eslint-disable-next-line no-control-regex
    expect(out).not.toMatch(/\u001b\[/);
    const lines = out.split('\n').map((l) => l.trim());
    const expected = answerLines(expectedChatAnswer('AI07', { prompt: question }));
    for (const line of expected)
      expect(
        lines.filter((l) => l === line),
        `"${line}" once`,
      ).toHaveLength(1);
  });

  test('--help lists the options and the environment variables', { timeout: 60_000 }, async ({ expect }) => {
    const child = spawn(process.execPath, [builtEntry(), '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    for (const name of ['--console', 'IIP_API_KEY', 'SLACK_BOT_TOKEN', 'STATE_FILE', 'REDIS_URL']) expect(out).toContain(name);
  });
});
