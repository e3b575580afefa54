/**
 * The prompt: node:readline with line editing and history when interactive, plain line reading when not.
 * It reports lines, Ctrl-C and the end of input, and tells the live screen where the prompt is so messages can
 * be written above it.
 */
import { createInterface, type Interface, type Key } from 'node:readline';
import { redactSecrets } from '../../log.js';
import type { PromptHost } from './screen.js';

export interface TerminalEvents {
  line(line: string): void;
  /** Ctrl-C (interactive only; without a terminal the process gets SIGINT) */
  interrupt(): void;
  /** Ctrl-D on an empty line, the end of the input, or `close()` */
  close(): void;
  history(history: string[]): void;
  /** the screen changed under us: resized or cleared with Ctrl-L */
  screenChanged(): void;
}

export class Terminal implements PromptHost {
  private readonly rl: Interface;
  private shown = false;
  private ended = false;

  constructor(
    input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
    readonly interactive: boolean,
    history: string[],
    events: TerminalEvents,
  ) {
    this.rl = createInterface({
      input,
      output: interactive ? output : undefined,
      terminal: interactive,
      history: [...history],
      historySize: 200,
      removeHistoryDuplicates: true,
    });
    this.rl.on('line', (line: string) => {
      this.shown = false;
      events.line(line);
    });
    this.rl.on('close', () => {
      // Ctrl-D leaves the cursor after the prompt: end that line so the shell's prompt starts on its own
      if (this.shown) output.write('\n');
      this.shown = false;
      this.ended = true;
      events.close();
    });
    if (!interactive) return;
    this.rl.on('SIGINT', () => events.interrupt());
    this.rl.on('history', (history: string[]) => {
      // a line holding a key or token is used once and never kept (readline has already taken the line itself)
      const secret = history.findIndex((line) => redactSecrets(line) !== line);
      if (secret >= 0) history.splice(secret, 1);
      events.history(history);
    });
    const onKeypress = (_s: string | undefined, key: Key | undefined): void => {
      if (key?.ctrl && key.name === 'l') events.screenChanged();
    };
    const onResize = (): void => events.screenChanged();
    input.on('keypress', onKeypress);
    output.on('resize', onResize);
    this.rl.once('close', () => {
      input.off('keypress', onKeypress);
      output.off('resize', onResize);
    });
  }

  cursorRows(): number | undefined {
    return this.shown ? this.rl.getCursorPos().rows : undefined;
  }

  /**
   * Draws the prompt again after output was written where it stood (the cursor is at the start of a fresh row).
   * readline first moves up by the rows it remembers drawing (`prevRows`, which a paste leaves stale), so give it
   * that many rows to move up over.
   */
  restoreBelow(): void {
    if (!this.shown) return;
    const remembered = (this.rl as unknown as { prevRows?: unknown }).prevRows;
    const rows = typeof remembered === 'number' ? remembered : this.rl.getCursorPos().rows;
    this.output.write('\n'.repeat(rows));
    this.rl.prompt(true);
  }

  /** Rewrites the line just entered (a secret's echo) with `text`. */
  replaceLastLine(text: string): void {
    this.output.write(`\x1b[1A\r\x1b[2K${text}\n`);
  }

  get prompt(): string {
    return this.rl.getPrompt();
  }

  /** Changes the prompt text, redrawing it if it is on screen. */
  setPrompt(text: string): void {
    if (this.ended || text === this.rl.getPrompt()) return;
    this.rl.setPrompt(text);
    if (this.shown) this.rl.prompt(true);
  }

  /** Shows the prompt and waits for the next line (interactive); the transcript echoes lines instead. */
  show(): void {
    if (!this.interactive || this.shown || this.ended) return;
    this.shown = true;
    this.rl.prompt(true);
  }

  get typed(): string {
    return this.rl.line;
  }

  clearTyped(): void {
    if (this.ended) return;
    this.rl.write(null, { ctrl: true, name: 'e' });
    this.rl.write(null, { ctrl: true, name: 'u' });
  }

  close(): void {
    this.rl.close();
  }
}
