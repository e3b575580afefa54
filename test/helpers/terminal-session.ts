/**
 * The real entry point in a real terminal: a tmux session whose keys the test types and whose screen (scrollback
 * included) it reads. The bot runs as `src/cli.ts` compiled once for the test run (test/setup/built-entry.ts);
 * cli.e2e starts it through tsx, as `npm start` does.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { inject } from 'vitest';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const TSX = join(REPO, 'node_modules/.bin/tsx');
export const BOT = join(REPO, 'src/cli.ts');
/** `src/cli.ts` as this test run compiled it, for `node` itself to run. */
export const builtEntry = (): string => inject('builtEntry');

/**
 * Each session has a tmux server of its own (`-S`): with one shared server, a session starting while another test
 * killed the server's last one met the server on its way out ("server exited unexpectedly", once in a loaded run).
 */
const tmux = (socket: string, ...args: string[]): string => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8' });
/** the server's socket, removed at close (tmux leaves it behind when its server is killed) */
const serverOf = (name: string): string => join(tmpdir(), `iip-tmux-${name}`);

export class TerminalSession {
  private readonly server: string;

  private constructor(readonly name: string) {
    this.server = serverOf(name);
  }

  /** Starts the bot in a detached tmux session of the given size, with `env` added to the environment. */
  static start(name: string, cwd: string, env: Record<string, string>, size = { columns: 100, rows: 40 }): TerminalSession {
    const assignments = Object.entries(env)
      .map(([k, v]) => `${k}='${v.replace(/'/g, `'\\''`)}'`)
      .join(' ');
    tmux(
      serverOf(name),
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-s',
      name,
      '-x',
      String(size.columns),
      '-y',
      String(size.rows),
      '-c',
      cwd,
      `env ${assignments} ${process.execPath} ${builtEntry()}; echo "[exited $?]"; sleep 30`,
    );
    tmux(serverOf(name), 'set-option', '-t', name, 'history-limit', '10000');
    return new TerminalSession(name);
  }

  /** The whole terminal: scrollback and screen, as a person would see it (styles dropped). */
  screen(): string {
    return tmux(this.server, 'capture-pane', '-p', '-J', '-S', '-', '-t', this.name);
  }

  /** The visible rows as the terminal shows them, with the terminal's own line wrapping (not joined). */
  rows(): string[] {
    return tmux(this.server, 'capture-pane', '-p', '-t', this.name).split('\n');
  }

  type(text: string): void {
    tmux(this.server, 'send-keys', '-t', this.name, '-l', text);
    tmux(this.server, 'send-keys', '-t', this.name, 'Enter');
  }

  /** Pastes `text` as a terminal does (bracketed, ESC[200~ … ESC[201~, when the program asked for it), no Enter. */
  paste(text: string): void {
    const buffer = `paste-${this.name}`;
    tmux(this.server, 'set-buffer', '-b', buffer, '--', text);
    tmux(this.server, 'paste-buffer', '-p', '-d', '-b', buffer, '-t', this.name);
  }

  key(key: string): void {
    tmux(this.server, 'send-keys', '-t', this.name, key);
  }

  async waitFor(check: (screen: string) => boolean, what: string, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (check(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Types the key of the newest choice shown with this label (`[c] Confirm` → `c`, `3. [ ] Hinge` is not one). */
  choose(label: string): void {
    const numbers = [...this.screen().matchAll(/\[(\d+|[a-z])\] ([^[\n]+)/g)].filter((m) => m[2]!.trim() === label).map((m) => m[1]!);
    const number = numbers.at(-1);
    if (!number) throw new Error(`no choice "${label}" on the screen:\n${this.screen()}`);
    this.type(number);
  }

  /**
   * Ends the session and waits for the bot to exit: killing tmux only hangs up on it, and a bot still shutting down
   * writes its files into the test's folder while the test removes it (ENOTEMPTY). What is left after 10 s is killed.
   */
  async close(): Promise<void> {
    const pids = this.processes();
    try {
      tmux(this.server, 'kill-server');
    } catch {
      // already gone
    }
    const alive = (pid: number): boolean => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (const deadline = Date.now() + 10_000; pids.some(alive) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 25));
    for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
    rmSync(this.server, { force: true });
  }

  /** The pane's shell and what it runs (the bot), while the session lives. */
  private processes(): number[] {
    try {
      const shell = Number(tmux(this.server, 'display-message', '-p', '-t', this.name, '#{pane_pid}').trim());
      const children = execFileSync('pgrep', ['-P', String(shell)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
      return [shell, ...children];
    } catch {
      return []; // the session or its command is gone already
    }
  }
}
