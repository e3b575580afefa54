/**
 * Output when it is not a terminal (piped to a file or another program): no redraws and no ANSI, and every
 * message printed once, when it is final. The adapter cannot know which edit is the last one, so a message is
 * held back and printed when (a) a newer message is posted in the same thread, (b) the next input line is read,
 * or (c) `flush()`/`stop()` is called. An edit that arrives after a message was printed prints it again, marked
 * "(updated)" (only its new end when it just lost its last lines, as a settled step does).
 */
import { changedTail, headerLine, ShownBodies, type Screen, type ScreenMessage } from './screen.js';
import type { Style } from './style.js';

export class TranscriptScreen implements Screen {
  private readonly held = new Map<string, ScreenMessage>();
  private readonly printed = new ShownBodies();

  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly style: Style,
  ) {}

  showMessage(message: ScreenMessage, isNew: boolean): void {
    if (isNew) this.flushThread(message.thread);
    this.held.set(message.key, message);
  }

  note(lines: string[], thread?: string): void {
    if (thread !== undefined) this.flushThread(thread);
    this.write(lines);
  }

  beforeInput(): void {
    this.flush();
  }

  flush(): void {
    for (const message of [...this.held.values()]) this.print(message);
  }

  invalidate(): void {}

  private flushThread(thread: string): void {
    for (const message of [...this.held.values()]) if (message.thread === thread) this.print(message);
  }

  private print(message: ScreenMessage): void {
    this.held.delete(message.key);
    const previous = this.printed.get(message.key);
    // an edit that brought nothing new (the relay's final edit often repeats the last text) is not printed again
    if (!this.printed.changed(message.key, message.body)) return;
    const body = (previous && changedTail(previous, message.body)) ?? message.body;
    this.write([headerLine(this.style, message, previous !== undefined), ...body]);
  }

  private write(lines: string[]): void {
    this.out.write(lines.map((line) => `${line}\n`).join(''));
  }
}
