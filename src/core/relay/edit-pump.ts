/**
 * Shows the answer by posting and editing messages, one part per message. One call is in flight at a time;
 * intermediate edits wait for the per-message interval and the workspace budget, first and final text do not
 * wait for the interval and go first in the budget. Whatever is sent is the latest text at the moment of sending.
 */
import { ChatRateLimitedError, MessageGoneError, type MessageRef } from '../adapter.js';
import { compose, type Desired } from './compose.js';
import {
  FAILURE_BACKOFF_MS, MAX_FAILURES_IN_A_ROW, MAX_RATE_LIMITS_IN_A_ROW, type PathOutcome, type RelayContext,
} from './relay-context.js';
import { delay } from './wakeup.js';
import type { EditTicket } from './workspace-budget.js';

export class EditPump {
  private ref: MessageRef | undefined;
  /** key of the content the platform last accepted for the current message */
  private shownKey: string | undefined;
  private showsAnswer = false;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  /** a deleted message is replaced once per relay; after that the relay stops quietly */
  private replacedGone = false;
  private replacing = false;
  private rateLimits = 0;
  private failures = 0;
  private ticket: EditTicket | undefined;
  private readonly messages: MessageRef[];

  constructor(private readonly ctx: RelayContext, private part = 0, earlier: MessageRef[] = []) {
    this.messages = [...earlier];
    ctx.reader.onEnd(() => this.ticket?.promote());
  }

  async run(): Promise<PathOutcome> {
    const { reader, now, minEditIntervalMs } = this.ctx;
    for (;;) {
      const want = compose(this.ctx, this.part);
      if (want === undefined || want.key === this.shownKey) {
        if (want && this.ctx.doc.part(this.part).sealed) {
          this.nextPart();
          continue;
        }
        if (reader.ended) return { status: 'done', messages: this.messages };
        await reader.changed.wait();
        continue;
      }
      const urgent = want.isLast || !this.showsAnswer;
      const sinceLast = now() - this.lastSentAt;
      if (this.ref && !urgent && sinceLast < minEditIntervalMs) {
        await reader.changed.wait(minEditIntervalMs - sinceLast);
        continue;
      }
      if (!(await this.clearance(urgent))) continue;
      const stopped = await this.send(compose(this.ctx, this.part)!);
      if (stopped) return stopped;
    }
  }

  /** Waits for the workspace's budget (edits) or the end of its pause (posts); false if paused again since. */
  private async clearance(urgent: boolean): Promise<boolean> {
    const { budget, workspace, reader } = this.ctx;
    if (this.ref) {
      this.ticket = budget.request(workspace, urgent, reader.ended);
      await this.ticket.granted;
      this.ticket = undefined;
    } else {
      await budget.whenUnpaused(workspace, reader.ended);
    }
    return budget.pausedFor(workspace) === 0;
  }

  private async send(want: Desired): Promise<PathOutcome | undefined> {
    const { adapter, thread } = this.ctx;
    const ref = this.ref;
    this.lastSentAt = this.ctx.now();
    try {
      if (ref) {
        await adapter.edit(ref, want.message);
      } else {
        this.ref = await adapter.post(thread, want.message);
        this.messages[this.part] = this.ref;
        this.replacing = false;
      }
      this.shownKey = want.key;
      this.showsAnswer = want.isAnswer;
      this.rateLimits = 0;
      this.failures = 0;
      return undefined;
    } catch (error) {
      return this.recover(error, ref);
    }
  }

  private async recover(error: unknown, ref: MessageRef | undefined): Promise<PathOutcome | undefined> {
    const { budget, workspace, logger } = this.ctx;
    if (error instanceof ChatRateLimitedError) {
      budget.pause(workspace, error.retryAfterMs);
      logger.debug({ workspace, retryAfterMs: error.retryAfterMs }, 'relay: rate limited, pausing the workspace');
      return ++this.rateLimits >= MAX_RATE_LIMITS_IN_A_ROW ? this.stop('failed', error) : undefined;
    }
    if (ref && error instanceof MessageGoneError) {
      logger.debug({ thread: this.ctx.thread }, 'relay: message deleted');
      if (this.replacedGone) return this.stop('gone', error);
      this.replacedGone = this.replacing = true;
      this.ref = this.shownKey = undefined;
      this.showsAnswer = false;
      return undefined;
    }
    if (this.replacing) return this.stop('gone', error);
    logger.warn({ err: error, thread: this.ctx.thread }, 'relay: chat call failed');
    if (++this.failures >= MAX_FAILURES_IN_A_ROW) return this.stop('failed', error);
    await delay(FAILURE_BACKOFF_MS * this.failures);
    return undefined;
  }

  private nextPart(): void {
    this.part += 1;
    this.ref = this.shownKey = undefined;
    this.showsAnswer = false;
    this.lastSentAt = Number.NEGATIVE_INFINITY;
  }

  private stop(status: 'gone' | 'failed', error: unknown): PathOutcome {
    this.ctx.reader.cancel();
    if (status === 'gone') this.messages.splice(this.part);
    return { status, messages: this.messages, error };
  }
}
