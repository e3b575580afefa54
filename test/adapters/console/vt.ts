/**
 * A small virtual terminal for tests: applies what the adapter and readline write (text with wrapping, CR, LF,
 * cursor moves, erase) to a grid, so a test can look at the screen a person would see. It knows the sequences
 * node:readline and the console adapter emit; SGR styles are dropped.
 */
import { charWidth } from '../../../src/adapters/console/text-width.js';

export class VirtualTerminal {
  /** every row written, scrollback included; the screen is the last `rows` of them */
  private lines: string[][] = [[]];
  private row = 0;
  private col = 0;
  private wrapPending = false;

  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {}

  private get top(): number {
    return Math.max(0, this.lines.length - this.rows);
  }

  private lineAt(row: number): string[] {
    while (this.lines.length <= row) this.lines.push([]);
    return this.lines[row] as string[];
  }

  private newline(): void {
    this.row += 1;
    this.lineAt(this.row);
    this.wrapPending = false;
  }

  private put(ch: string): void {
    const w = charWidth(ch.codePointAt(0) ?? 0);
    if (w === 0) return;
    if (this.wrapPending || this.col + w > this.columns) {
      this.newline();
      this.col = 0;
    }
    const line = this.lineAt(this.row);
    while (line.length < this.col) line.push(' ');
    line[this.col] = ch;
    if (w === 2) line[this.col + 1] = '';
    this.col += w;
    if (this.col >= this.columns) {
      this.col = this.columns - 1;
      this.wrapPending = true;
    }
  }

  private csi(params: string, final: string): void {
    const n = params === '' ? 1 : Number(params.split(';')[0]);
    this.wrapPending = false;
    if (final === 'A') this.row = Math.max(this.top, this.row - n);
    else if (final === 'B') this.row = Math.min(this.lines.length - 1, this.row + n);
    else if (final === 'C') this.col = Math.min(this.columns - 1, this.col + n);
    else if (final === 'D') this.col = Math.max(0, this.col - n);
    else if (final === 'G') this.col = Math.max(0, n - 1);
    else if (final === 'J') {
      this.lineAt(this.row).length = this.col;
      this.lines.length = this.row + 1;
    } else if (final === 'K') {
      const line = this.lineAt(this.row);
      if (params === '2') line.length = 0;
      else if (params === '1') for (let i = 0; i <= this.col && i < line.length; i += 1) line[i] = ' ';
      else line.length = Math.min(line.length, this.col);
    }
  }

  write(data: string): void {
    const pattern = /\x1b\[([0-9;?]*)([A-Za-z])|\r|\n|[^\x1b\r\n]/gu;
    for (const match of data.matchAll(pattern)) {
      const [token, params, final] = match;
      if (final !== undefined) this.csi(params ?? '', final);
      else if (token === '\r') {
        this.col = 0;
        this.wrapPending = false;
      }
      // a TTY in node's raw mode keeps ONLCR: a line feed also returns the carriage
      else if (token === '\n') {
        this.newline();
        this.col = 0;
      } else this.put(token);
    }
  }

  /** the visible screen, trailing spaces trimmed, trailing empty rows dropped */
  screen(): string[] {
    const rows = this.lines.slice(this.top).map((l) => l.join('').trimEnd());
    while (rows.length > 0 && rows[rows.length - 1] === '') rows.pop();
    return rows;
  }

  /** everything written, scrollback included */
  all(): string[] {
    return this.lines.map((l) => l.join('').trimEnd());
  }
}
