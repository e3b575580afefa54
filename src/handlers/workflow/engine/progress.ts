/**
 * Progress notes in a waiting step's message: only a changed note is sent, one edit at a time, the latest note
 * wins; `close` waits for the edit in flight so that the step's next message is never overwritten by progress.
 */
import { ChatRateLimitedError } from '../../../core/chat-errors.js';
import type { HandlerContext } from '../../../core/handler.js';
import type { OutgoingMessage } from '../../../core/message.js';
import type { ThreadId } from '../../../core/thread-id.js';
import { sleep } from '../../../platform/retry.js';

export class ProgressNotes {
  #latest: string | undefined;
  #shown: string | undefined;
  #inFlight: Promise<void> | undefined;
  #closed = false;

  constructor(
    private readonly ctx: HandlerContext,
    private readonly thread: ThreadId,
    private readonly messageId: string | undefined,
    private readonly draw: (note: string) => OutgoingMessage,
  ) {}

  note(text: string | undefined): void {
    if (this.#closed || !text || !this.messageId || text === this.#latest) return;
    this.#latest = text;
    this.#inFlight ??= this.#pump().finally(() => {
      this.#inFlight = undefined;
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#inFlight;
  }

  async #pump(): Promise<void> {
    while (!this.#closed && this.#latest !== undefined && this.#latest !== this.#shown) {
      const text = this.#latest;
      try {
        await this.ctx.messenger.edit({ thread: this.thread, messageId: this.messageId as string }, this.draw(text));
        this.#shown = text;
      } catch (error) {
        if (!(error instanceof ChatRateLimitedError)) {
          this.ctx.logger.debug({ err: error, thread: this.thread }, 'workflow: a progress note was not shown');
          return;
        }
        await sleep(Math.min(error.retryAfterMs, 5_000));
      }
    }
  }
}
