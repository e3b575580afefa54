/**
 * Interactive output: messages print above the prompt, and an edit of a message still on screen redraws it in
 * place. The "live region" is what was printed since the user last pressed Enter; an edit redraws from the first
 * line that changed (so an answer streaming at the bottom only rewrites its last rows), counting the rows each
 * line takes after the terminal wraps it. When those rows are no longer on screen, the message prints anew,
 * marked "(updated)".
 */
import type { Style } from './style.js';
import { rowsOf, wrapLine } from './text-width.js';
import { translatorFor, type Lang } from '../../i18n/index.js';

export interface ScreenMessage {
  /** unique per message: thread and number */
  key: string;
  thread: string;
  header: string;
  body: string[];
  /** the language the message is in, for the screen's own words about it ("updated") */
  lang: Lang;
}

export interface Screen {
  /** a new message (`isNew`) or a new version of one */
  showMessage(message: ScreenMessage, isNew: boolean): void;
  /** text printed at once: notes, lists, questions; `thread` when it belongs to one */
  note(lines: string[], thread?: string): void;
  /** the user submitted a line (or a prompt is about to be read) */
  beforeInput(): void;
  /** prints whatever is held back */
  flush(): void;
  /** the screen changed under us (resize, Ctrl-L): nothing on it can be redrawn any more */
  invalidate(): void;
  /** empties the screen and its scrollback (`clear`); a transcript has none to empty */
  clear?(): void;
}

/** The prompt below the live region (terminal.ts): where the cursor is, and how to draw it again. */
export interface PromptHost {
  /** rows from the prompt's first row to the cursor, or undefined when no prompt is on screen */
  cursorRows(): number | undefined;
  /** draws the prompt (and what was typed) again; the cursor is at the start of the row below the output */
  restoreBelow(): void;
}

export interface TerminalSize {
  columns(): number;
  rows(): number;
}

interface Item {
  key?: string;
  updated?: boolean;
  lines: string[];
}

/** A message's header line; "updated" is said in the message's language. */
export function headerLine(style: Style, message: ScreenMessage, updated: boolean): string {
  const t = translatorFor(message.lang);
  return style.dim(`── ${message.header}${updated ? t('console:threads.updated') : ''}`);
}

/** The body each message was last shown with, so an edit that changes nothing prints nothing (bounded). */
export class ShownBodies {
  private readonly bodies = new Map<string, string>();

  constructor(private readonly limit = 200) {}

  /** true when `body` differs from what `key` last showed (and remembers it) */
  changed(key: string, body: string[]): boolean {
    const text = body.join('\n');
    if (this.bodies.get(key) === text) return false;
    this.bodies.delete(key);
    this.bodies.set(key, text);
    for (const old of [...this.bodies.keys()].slice(0, Math.max(0, this.bodies.size - this.limit))) this.bodies.delete(old);
    return true;
  }

  has(key: string): boolean {
    return this.bodies.has(key);
  }

  /** the body `key` last showed */
  get(key: string): string[] | undefined {
    return this.bodies.get(key)?.split('\n');
  }
}

/**
 * What to print again of a message shown before as `previous`, now `body`: when it only lost lines at its end
 * (a settled step drops its buttons and gains "✅ Confirmed by"), the lines after the part it still shares; else
 * undefined, and it is printed whole.
 */
export function changedTail(previous: string[] | undefined, body: string[]): string[] | undefined {
  if (!previous || body.length >= previous.length) return undefined;
  let same = 0;
  while (same < body.length && body[same] === previous[same]) same += 1;
  return same > 0 ? body.slice(same) : undefined;
}

export class LiveScreen implements Screen {
  private region: Item[] = [];
  private readonly shownBodies = new ShownBodies();

  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly style: Style,
    private readonly size: TerminalSize,
    private readonly prompt: PromptHost,
  ) {}

  showMessage(message: ScreenMessage, isNew: boolean): void {
    const index = this.region.findIndex((item) => item.key === message.key);
    const shown = this.region[index];
    if (shown && this.redraw(index, [headerLine(this.style, message, shown.updated ?? false), ...message.body])) {
      this.shownBodies.changed(message.key, message.body);
      return;
    }
    const previous = this.shownBodies.get(message.key);
    const updated = !isNew && previous !== undefined;
    if (!this.shownBodies.changed(message.key, message.body) && !shown) return;
    // not on screen any more (or its rows scrolled off): print a new copy, which starts a fresh region
    if (shown) this.region = [];
    const tail = updated ? changedTail(previous, message.body) : undefined;
    // only its new end: not redrawn in place later (a later edit prints a copy of its own)
    if (tail) return this.append({ lines: [headerLine(this.style, message, true), ...tail] });
    this.append({ key: message.key, updated, lines: [headerLine(this.style, message, updated), ...message.body] });
  }

  /** Notes are word-wrapped here (messages come wrapped by their renderer); the terminal would cut words. */
  note(lines: string[]): void {
    const columns = this.size.columns();
    this.append({ lines: lines.flatMap((line) => line.split('\n').flatMap((row) => wrapLine(row, columns))) });
  }

  beforeInput(): void {
    this.region = [];
  }

  flush(): void {}

  invalidate(): void {
    this.region = [];
  }

  clear(): void {
    const promptRows = this.prompt.cursorRows();
    // home, erase the screen, erase the scrollback; the prompt is drawn again at the top
    this.out.write('\x1b[H\x1b[2J\x1b[3J');
    this.region = [];
    if (promptRows !== undefined) this.prompt.restoreBelow();
  }

  private rowsOfLines(lines: string[]): number {
    const columns = this.size.columns();
    return lines.reduce((sum, line) => sum + rowsOf(line, columns), 0);
  }

  private append(item: Item): void {
    this.write(0, item.lines);
    this.region.push(item);
    while (this.region.length > 1 && this.rowsOfLines(this.region.flatMap((i) => i.lines)) >= this.size.rows()) this.region.shift();
  }

  /** Rewrites the region from the first changed line; false when those rows have scrolled off the screen. */
  private redraw(index: number, lines: string[]): boolean {
    const before = this.region.flatMap((i) => i.lines);
    const next = this.region.map((item, i) => (i === index ? { ...item, lines } : item));
    const after = next.flatMap((i) => i.lines);
    let first = 0;
    while (first < before.length && first < after.length && before[first] === after[first]) first += 1;
    if (first === before.length && first === after.length) return true;
    const up = this.rowsOfLines(before.slice(first));
    if (up + (this.prompt.cursorRows() ?? 0) >= this.size.rows()) return false;
    this.write(up, after.slice(first));
    this.region = next;
    return true;
  }

  /** Clears the prompt (and `up` rows above it), writes `lines`, and draws the prompt again below them. */
  private write(up: number, lines: string[]): void {
    const promptRows = this.prompt.cursorRows();
    const rows = up + (promptRows ?? 0);
    const clear = promptRows === undefined && up === 0 ? '' : `${rows > 0 ? `\x1b[${rows}A` : ''}\r\x1b[J`;
    this.out.write(`${clear}${lines.map((line) => `${line}\n`).join('')}`);
    if (promptRows !== undefined) this.prompt.restoreBelow();
  }
}
