/**
 * Joins the lines the terminal reads into inputs: a bracketed paste (ESC[200~ … ESC[201~) is one input however
 * many lines it holds, and a line that ends with `\` or inside an open `"` (or “) goes on with the next one.
 * The lines keep their breaks: a claim set pasted or typed over several lines reaches the platform as typed.
 */

/** Whether the text leaves a double quote open: an odd count of `"`, or more “ than ”. */
function quoteOpen(text: string): boolean {
  const straight = text.split('"').length - 1;
  const opening = text.split('“').length - 1;
  const closing = text.split('”').length - 1;
  return straight % 2 === 1 || opening > closing;
}

/** A line ending in one `\` continues (two are a backslash typed at the end, as in a shell). */
const continues = (line: string): boolean => /(^|[^\\])\\$/.test(line);

export class LineJoiner {
  private pending: string[] = [];
  private inPaste = false;

  pasteStarted(): void {
    this.inPaste = true;
  }

  pasteEnded(): void {
    this.inPaste = false;
  }

  /** Whether lines are kept for the input being typed (a paste is open, or a line asked to go on). */
  get continuing(): boolean {
    return this.inPaste || this.pending.length > 0;
  }

  /** Whether a bracketed paste is open. */
  get pasting(): boolean {
    return this.inPaste;
  }

  /** The lines kept so far (what a continuation prompt counts). */
  get kept(): readonly string[] {
    return this.pending;
  }

  /** The whole input when `line` ends one; undefined when the line is kept for the input still being typed. */
  take(line: string): string | undefined {
    if (this.inPaste) {
      this.pending.push(line);
      return undefined;
    }
    if (continues(line)) {
      this.pending.push(line.slice(0, -1));
      return undefined;
    }
    const lines = [...this.pending, line];
    if (quoteOpen(lines.join('\n'))) {
      this.pending.push(line);
      return undefined;
    }
    this.pending = [];
    return lines.join('\n');
  }

  /** What was kept, as one input (the input ended mid-way: nothing typed is lost), or undefined; empties it. */
  flush(): string | undefined {
    const kept = this.pending;
    this.reset();
    return kept.length > 0 ? kept.join('\n') : undefined;
  }

  /** Drops what was kept (Ctrl-C abandons the input being typed). */
  reset(): void {
    this.pending = [];
    this.inPaste = false;
  }
}
