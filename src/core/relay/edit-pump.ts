/**
 * Shows the answer by posting and editing messages, one part per message. One call is in flight at a time;
 * intermediate edits wait for the per-message interval and the workspace's edit budget; first and final text wait
 * for neither, only for a 429 pause of their method (post or edit). Whatever is sent is the latest text at the
 * moment of sending. Where edits keep failing while posts work (Slack answering 5xx to chat.update), the pump
 * posts each part once its text is final instead, and removes the fragment it could no longer edit.
 */
import { randomUUID } from 'node:crypto';
import type { MessageRef } from '../adapter.js';
import { ChatRateLimitedError, MessageGoneError } from '../chat-errors.js';
import { compose, type Desired } from './compose.js';
import { RelayHaltedError } from './guarded-adapter.js';
import { FAILURE_BACKOFF_MS, MAX_FAILURES_IN_A_ROW, MAX_RATE_LIMITS_IN_A_ROW, type PathOutcome, type RelayContext } from './relay-context.js';
import { delay } from './wakeup.js';
import type { CallSlot } from './workspace-budget.js';

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
  private waitingSlot: CallSlot | undefined;
  private readonly messages: MessageRef[];
  /** the write id of the post being tried, the same on every attempt, so a post whose answer was lost is not shown twice */
  private postWriteId: string | undefined;
  /** edits failed again and again: each part is posted once, when its text is final */
  private postOnly = false;
  /** a message that could no longer be edited, removed once its part is posted anew */
  private abandoned: MessageRef | undefined;

  /** `current`: a message already showing part `part` (a native stream that broke off), edited instead of posting anew */
  constructor(
    private readonly ctx: RelayContext,
    private part = 0,
    earlier: MessageRef[] = [],
    current?: MessageRef,
  ) {
    this.messages = [...earlier];
    if (current) {
      this.ref = this.messages[part] = current;
      this.showsAnswer = true;
    }
    ctx.reader.onEnd(() => this.waitingSlot?.promote());
  }

  async run(): Promise<PathOutcome> {
    const { reader, now, minEditIntervalMs, doc } = this.ctx;
    for (;;) {
      // an intermediate edit waits for the message's interval whatever the text: no composing on every delta meanwhile
      const early = this.lastSentAt + minEditIntervalMs - now();
      if (this.ref && this.showsAnswer && early > 0 && !reader.ended && !doc.isSealed(this.part)) {
        await reader.partEnded.wait(early);
        continue;
      }
      const want = compose(this.ctx, this.part);
      if (want === undefined || want.key === this.shownKey) {
        if (want && doc.isSealed(this.part)) {
          this.nextPart();
          continue;
        }
        if (reader.ended) return { status: 'done', messages: this.messages };
        await reader.changed.wait();
        continue;
      }
      if (this.postOnly && !this.ref && !want.isLast) {
        await reader.changed.wait();
        continue;
      }
      const urgent = want.isLast || !this.showsAnswer;
      const sinceLast = now() - this.lastSentAt;
      if (this.ref && !urgent && sinceLast < minEditIntervalMs) {
        await reader.partEnded.wait(minEditIntervalMs - sinceLast);
        continue;
      }
      const slot = await this.clearance(urgent);
      if (!slot) continue;
      const stopped = await this.send(compose(this.ctx, this.part)!, slot);
      if (stopped) return stopped;
    }
  }

  /** Waits for the workspace's go-ahead for the next post or edit; undefined if its method was paused since. */
  private async clearance(urgent: boolean): Promise<CallSlot | undefined> {
    const { budget, workspace, reader } = this.ctx;
    const method = this.ref ? 'edit' : 'post';
    const slot = budget.acquire(workspace, method, { urgent, keepAlive: reader.ended, retry: this.rateLimits > 0 });
    this.waitingSlot = slot;
    await this.grantOf(slot, urgent);
    this.waitingSlot = undefined;
    await this.ctx.pace(method);
    if (budget.pausedFor(workspace, method) === 0) return slot;
    slot.done();
    return undefined;
  }

  /** An intermediate edit waiting for the budget becomes urgent once its part is sealed: its text is final. */
  private async grantOf(slot: CallSlot, urgent: boolean): Promise<void> {
    const { doc, reader } = this.ctx;
    let granted = false;
    const grant = slot.granted.then(() => void (granted = true));
    while (!urgent && !granted && !reader.ended) {
      await Promise.race([grant, reader.partEnded.wait()]);
      if (!granted && doc.partCount > this.part + 1) {
        slot.promote();
        break;
      }
    }
    await grant;
  }

  private async send(want: Desired, slot: CallSlot): Promise<PathOutcome | undefined> {
    const ref = this.ref;
    this.lastSentAt = this.ctx.now();
    try {
      await this.call(ref, want);
      slot.done();
      this.shownKey = want.key;
      this.showsAnswer = want.isAnswer;
      this.rateLimits = 0;
      this.failures = 0;
      return undefined;
    } catch (error) {
      if (error instanceof ChatRateLimitedError) {
        slot.rateLimited(error.retryAfterMs);
        this.ctx.rateLimited(error.retryAfterMs, ref ? 'edit' : 'post');
      } else slot.done();
      return this.recover(error, ref);
    }
  }

  private async call(ref: MessageRef | undefined, want: Desired): Promise<void> {
    if (ref) return this.ctx.adapter.edit(ref, want.message);
    const writeId = (this.postWriteId ??= randomUUID());
    this.ref = await this.ctx.adapter.post(this.ctx.thread, want.message, { writeId, retry: this.failures > 0 });
    this.postWriteId = undefined;
    this.messages[this.part] = this.ref;
    this.replacing = false;
    if (this.abandoned) await this.removeAbandoned(this.abandoned);
  }

  /** Best effort: the fragment stays where the chat cannot delete it either. */
  private async removeAbandoned(ref: MessageRef): Promise<void> {
    this.abandoned = undefined;
    await this.ctx.adapter.removeMessage?.(ref).catch((error: unknown) => {
      this.ctx.logger.warn({ err: error, thread: this.ctx.thread }, 'relay: a message that could not be edited could not be removed either');
    });
  }

  private async recover(error: unknown, ref: MessageRef | undefined): Promise<PathOutcome | undefined> {
    const { workspace, logger } = this.ctx;
    // the guard refused (the lease is lost): no call was made, and none follows
    if (error instanceof RelayHaltedError) return this.stop('failed', error);
    if (error instanceof ChatRateLimitedError) {
      const method = ref ? 'edit' : 'post';
      logger.debug({ workspace, method, retryAfterMs: error.retryAfterMs }, 'relay: rate limited, pausing the method in the workspace');
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
    if (++this.failures >= MAX_FAILURES_IN_A_ROW) {
      if (!ref || this.postOnly) return this.stop('failed', error);
      // edits keep failing: show the part in a new message once its text is final, and drop the one left behind
      logger.warn({ thread: this.ctx.thread }, 'relay: edits keep failing, posting each part once it is final instead');
      Object.assign(this, { postOnly: true, abandoned: ref, ref: undefined, shownKey: undefined, showsAnswer: false, failures: 0 });
      return undefined;
    }
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
