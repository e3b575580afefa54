/**
 * The prompt: node:readline with line editing and history when interactive, plain line reading when not.
 * It reports lines, Ctrl-C and the end of input, and tells the live screen where the prompt is so messages can
 * be written above it. Lines are joined into inputs first (line-joiner.ts): a paste is one input, and a line
 * ending with `\` or in an open quote goes on under a continuation prompt, which for a text verb shows its text
 * against the platform's limit (limit-prompt.ts), recounted as keys are typed and when a paste ends.
 */
import { createInterface, type Interface, type Key } from 'node:readline';
import { redactSecrets } from '../../log.js';
import { translatorFor } from '../../i18n/index.js';
import { CONTINUATION_PROMPT, continuationPrompt } from './limit-prompt.js';
import { LineJoiner } from './line-joiner.js';
import { redrawPrompt, rememberedRows } from './prompt-redraw.js';
import type { PromptHost } from './screen.js';

/** Asks the terminal to mark pasted text (bracketed paste), and to stop. */
const BRACKETED_PASTE_ON = '\x1b[?2004h';
const BRACKETED_PASTE_OFF = '\x1b[?2004l';

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
  private readonly joiner = new LineJoiner();
  /** the prompt set by the console (the continuation prompt stands in for it while an input goes on) */
  private basePrompt = '';

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
    this.basePrompt = this.rl.getPrompt();
    this.rl.on('line', (line: string) => {
      const input = this.joiner.take(line);
      if (input === undefined) return this.continueInput();
      this.endContinuation();
      this.shown = false;
      events.line(input);
    });
    this.rl.on('close', () => {
      // the input ended inside a paste or a continued line: what was typed is still one input
      const kept = this.joiner.flush();
      if (kept !== undefined) events.line(kept);
      if (interactive) output.write(BRACKETED_PASTE_OFF);
      // Ctrl-D leaves the cursor after the prompt: end that line so the shell's prompt starts on its own
      if (this.shown) output.write('\n');
      this.shown = false;
      this.ended = true;
      events.close();
    });
    if (!interactive) return;
    output.write(BRACKETED_PASTE_ON);
    this.rl.on('SIGINT', () => {
      if (!this.joiner.continuing) return events.interrupt();
      // Ctrl-C inside a continued input abandons that input only, the line in readline's buffer too: a fresh row
      // below it (and below the rows readline will move up over), then the buffer emptied and the prompt drawn there
      this.joiner.reset();
      this.endContinuation();
      this.rl.write(null, { ctrl: true, name: 'e' });
      output.write('\n'.repeat(1 + (rememberedRows(this.rl) ?? 0)));
      this.rl.write(null, { ctrl: true, name: 'u' });
      this.rl.prompt(true);
    });
    this.rl.on('history', (history: string[]) => {
      // a line holding a key or token is used once and never kept (readline has already taken the line itself)
      const secret = history.findIndex((line) => redactSecrets(line) !== line);
      if (secret >= 0) history.splice(secret, 1);
      events.history(history);
    });
    const onKeypress = (_s: string | undefined, key: Key | undefined): void => {
      if (key?.ctrl && key.name === 'l') events.screenChanged();
      else if (key?.name === 'paste-start') this.joiner.pasteStarted();
      else if (key?.name === 'paste-end') this.joiner.pasteEnded();
      // (readline has handled the key already: its buffer holds what the key did)
      this.recount();
    };
    const onResize = (): void => events.screenChanged();
    input.on('keypress', onKeypress);
    output.on('resize', onResize);
    this.rl.once('close', () => {
      input.off('keypress', onKeypress);
      output.off('resize', onResize);
    });
  }

  /** Keeps the line for the input going on: the continuation prompt asks for its next line. */
  private continueInput(): void {
    if (!this.interactive || this.ended) return;
    // inside a paste the lines arrive faster than anyone reads a count: the plain prompt, counted when it ends
    redrawPrompt(this.rl, this.output, this.joiner.pasting ? CONTINUATION_PROMPT : this.counted());
  }

  /** The continuation prompt for the input so far: the lines kept and the one in readline's buffer. */
  private counted(): string {
    return continuationPrompt([...this.joiner.kept, this.rl.line], translatorFor());
  }

  /** Redraws the continuation prompt, the buffer after it, when its count changed (a key typed, a paste ended). */
  private recount(): void {
    if (this.ended || this.joiner.pasting || !this.joiner.continuing) return;
    const prompt = this.counted();
    if (prompt !== this.rl.getPrompt()) redrawPrompt(this.rl, this.output, prompt);
  }

  private endContinuation(): void {
    if (this.rl.getPrompt() !== this.basePrompt) this.rl.setPrompt(this.basePrompt);
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
    const rows = rememberedRows(this.rl) ?? this.rl.getCursorPos().rows;
    this.output.write('\n'.repeat(rows));
    this.rl.prompt(true);
  }

  /** Rewrites the line just entered (a secret's echo) with `text`. */
  replaceLastLine(text: string): void {
    this.output.write(`\x1b[1A\r\x1b[2K${text}\n`);
  }

  get prompt(): string {
    return this.basePrompt;
  }

  /** Changes the prompt text, redrawing it if it is on screen. */
  setPrompt(text: string): void {
    if (this.ended || text === this.basePrompt) return;
    this.basePrompt = text;
    if (this.joiner.continuing) return;
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
