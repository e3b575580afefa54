/**
 * The answer through the adapter's native streaming (Slack chat.startStream/appendStream/stopStream, Teams
 * streaminfo), one streamed message per part: deltas are appended as soon as the previous append returned
 * (coalesced meanwhile; the adapter's `nativeAppendIntervalMs` spaces them where the chat asks for it), a sealed
 * part is stopped with its final message and the next part opens a new stream. Each call has the workspace's lane
 * of its method: 'start' for the first, 'stream' for appends, 'stop' for the stop (Slack limits chat.startStream,
 * chat.appendStream and chat.stopStream apart: a 429 on appends must hold back neither a new answer's first text
 * nor final text; none pauses posts or edits). An answer that ends while it waits for its start keeps its place
 * there and opens with all its text, rather than waiting for the stops' lane as well. If a stream cannot be
 * opened, or breaks, the relay goes on by posting and editing from that part, editing the streamed message where
 * the adapter named it, so nothing is lost or shown twice.
 */
import type { MessageRef, NativeStream } from '../adapter.js';
import { ChatRateLimitedError } from '../chat-errors.js';
import { compose } from './compose.js';
import { MAX_RATE_LIMITS_IN_A_ROW, type PathOutcome, type RelayContext } from './relay-context.js';
import { delay } from './wakeup.js';
import type { CallSlot } from './workspace-budget.js';

/** how often an answer waiting to open its stream checks whether posting has room sooner */
const FIRST_TEXT_RECHECK_MS = 250;

export type NativeOutcome =
  | { kind: 'finished'; outcome: PathOutcome }
  /** continue by editing from part `fromPart`: `messages` hold the parts before it, `current` what shows it so far */
  | { kind: 'fallback'; fromPart: number; messages: MessageRef[]; current?: MessageRef };

export async function openNativeStream(ctx: RelayContext): Promise<NativeStream | undefined> {
  if (!ctx.adapter.nativeStream) return undefined;
  try {
    return await ctx.adapter.nativeStream(ctx.thread, ctx.recipient === undefined ? undefined : { userId: ctx.recipient });
  } catch (error) {
    ctx.logger.debug({ err: error, thread: ctx.thread }, 'relay: native stream unavailable, editing instead');
    return undefined;
  }
}

export class NativePath {
  private part = 0;
  /** characters of the part's display appended so far */
  private sent = 0;
  private shown = false;
  /** the part asked for a slot of the start lane for its first text */
  private askedToStart = false;
  /** the streamed message, once the adapter named it */
  private ref: MessageRef | undefined;
  /** appends failed after text was shown and the adapter named no message: wait for the end and let `stop` show it */
  private broken = false;
  private lastAppendAt = Number.NEGATIVE_INFINITY;
  private rateLimits = 0;
  private readonly messages: MessageRef[] = [];

  constructor(
    private readonly ctx: RelayContext,
    private native: NativeStream,
  ) {}

  async run(): Promise<NativeOutcome> {
    for (;;) {
      const outcome = await this.streamPart();
      if (outcome) return outcome;
      // the part was sealed and stopped: its continuation streams as a new message
      Object.assign(this, { part: this.part + 1, sent: 0, shown: false, askedToStart: false, ref: undefined, broken: false, rateLimits: 0 });
      this.lastAppendAt = Number.NEGATIVE_INFINITY;
      const next = await openNativeStream(this.ctx);
      if (!next) return this.fallback();
      this.native = next;
    }
  }

  /** Streams the current part to its end; undefined once it was sealed and stopped. */
  private async streamPart(): Promise<NativeOutcome | undefined> {
    const { doc, reader, now, minEditIntervalMs, budget, workspace, adapter } = this.ctx;
    const interval = adapter.limits.nativeAppendIntervalMs ?? minEditIntervalMs;
    for (;;) {
      if ((reader.ended || doc.isSealed(this.part)) && !this.opensBeforeStop()) return this.finish();
      if (!this.broken && this.sent < doc.displayLength(this.part, true)) {
        const wait = this.shown ? this.lastAppendAt + interval - now() : 0;
        if (wait > 0) {
          await reader.partEnded.wait(wait);
          continue;
        }
        if (!this.shown && this.postsSooner()) return this.fallback();
        const lane = this.shown ? 'stream' : 'start';
        const slot = budget.acquire(workspace, lane, { urgent: !this.shown, keepAlive: this.ends(), retry: this.rateLimits > 0 });
        if (!this.shown) this.askedToStart = true;
        const granted = await this.grantOrEnd(slot);
        if (granted) await this.ctx.pace('stream');
        if (!granted || budget.pausedFor(workspace, lane) > 0 || (this.shown && this.ends())) {
          slot.done();
          continue;
        }
        const broke = await this.append(doc.displayFrom(this.part, this.sent, true), slot);
        if (broke) return broke;
        continue;
      }
      await reader.changed.wait();
    }
  }

  /**
   * Waits for the append's slot, or for the part's end: the stop carries the rest of the text, so it need not wait
   * behind appends held back by a pause or the budget (it has a lane of its own). A first append waits on when the
   * part ends (it then carries all its text: `opensBeforeStop`), unless a post would show it sooner.
   */
  private async grantOrEnd(slot: CallSlot): Promise<boolean> {
    let granted = false;
    const grant = slot.granted.then(() => void (granted = true));
    while (!granted && !(this.shown && this.ends()) && !(!this.shown && this.postsSooner())) {
      // text that must be delivered: the slot's timer keeps the process alive
      if (!this.shown && this.ends()) slot.promote();
      await Promise.race([grant, this.ctx.reader.partEnded.wait(this.shown ? undefined : FIRST_TEXT_RECHECK_MS)]);
    }
    return granted;
  }

  /** the reader ended or the part was sealed: its text is all there */
  private ends(): boolean {
    return this.ctx.reader.ended || this.ctx.doc.isSealed(this.part);
  }

  /**
   * A part never shown whose text is all there is opened by its stop (where the chat allows, one call: Teams), but
   * by an append carrying all its text, on the start lane, when it was already waiting there (chat.startStream
   * paused or busy: it keeps its place, and is shown as soon as a start is let through) or the stops are paused
   * longer than the starts (a stop opening it would wait for that pause, though the text can be shown before).
   */
  private opensBeforeStop(): boolean {
    const { budget, workspace, doc } = this.ctx;
    if (this.shown || this.broken || this.sent >= doc.displayLength(this.part, true)) return false;
    return this.askedToStart || budget.pausedFor(workspace, 'stop') > budget.pausedFor(workspace, 'start');
  }

  /**
   * Nothing is shown yet and the workspace's chat.startStream is paused longer than a post would wait (its method's
   * pause, the channel's post pace and the posts queued before it): the first text goes sooner as a post (then
   * edits), so the answer switches to the edit path before anything was sent natively. Answers queued beyond the
   * pause keep waiting for their stream.
   */
  private postsSooner(): boolean {
    const { budget, workspace } = this.ctx;
    const start = budget.pausedFor(workspace, 'start');
    return start > 0 && Math.max(budget.pausedFor(workspace, 'post'), this.ctx.paceWait('post')) < start;
  }

  /**
   * The stop (chat.stopStream, Slack Tier 2) is paused while appends are not: the rest of the text goes by append,
   * so the final text is visible at once and the stop, carrying nothing new, waits for its window.
   */
  private async appendRestBeforeStop(): Promise<void> {
    const { budget, workspace, doc } = this.ctx;
    const stopPause = budget.pausedFor(workspace, 'stop');
    if (!this.shown || this.broken || stopPause === 0 || budget.pausedFor(workspace, 'stream') >= stopPause) return;
    const rest = doc.displayFrom(this.part, this.sent, true);
    if (!rest) return;
    const slot = budget.acquire(workspace, 'stream', { urgent: true, keepAlive: true, retry: false });
    await slot.granted;
    await this.ctx.pace('stream');
    if (budget.pausedFor(workspace, 'stream') > 0) return slot.done();
    await this.append(rest, slot);
  }

  /** The way on when the stream broke off; undefined to keep streaming (a 429, or no message to edit). */
  private async append(chunk: string, slot: CallSlot): Promise<NativeOutcome | undefined> {
    this.lastAppendAt = this.ctx.now();
    try {
      const ref = await this.native.append(chunk);
      slot.done();
      this.sent += chunk.length;
      this.shown = true;
      if (ref) this.ref = ref;
      this.rateLimits = 0;
      return undefined;
    } catch (error) {
      if (error instanceof ChatRateLimitedError) {
        slot.rateLimited(error.retryAfterMs);
        this.ctx.rateLimited(error.retryAfterMs, 'stream');
        if (++this.rateLimits < MAX_RATE_LIMITS_IN_A_ROW) return undefined;
      } else slot.done();
      this.ctx.logger.warn({ err: error, thread: this.ctx.thread }, 'relay: native append failed, editing instead');
      if (this.shown && !this.ref) {
        this.broken = true;
        return undefined;
      }
      return this.fallback();
    }
  }

  /** Stops the part with its final message; undefined when it was sealed and the next part follows. */
  private async finish(): Promise<NativeOutcome | undefined> {
    const { budget, workspace, logger } = this.ctx;
    for (;;) {
      if (!this.shown && this.postsSooner()) return this.fallback();
      // a part never shown is opened by its stop (chat.startStream first): it waits for start's pause, or posts
      const startPause = this.shown ? 0 : budget.pausedFor(workspace, 'start');
      if (startPause > 0) {
        await delay(Math.min(startPause, FIRST_TEXT_RECHECK_MS));
        continue;
      }
      await this.appendRestBeforeStop();
      const slot = budget.acquire(workspace, 'stop', { urgent: true, keepAlive: true, retry: this.rateLimits > 0 });
      await slot.granted;
      await this.ctx.pace('stream');
      if (budget.pausedFor(workspace, 'stop') > 0 || (!this.shown && budget.pausedFor(workspace, 'start') > 0)) {
        slot.done();
        continue;
      }
      const want = compose(this.ctx, this.part)!;
      try {
        this.messages[this.part] = await this.native.stop(want.message);
        slot.done();
        if (this.ctx.doc.isSealed(this.part)) return undefined;
        return { kind: 'finished', outcome: { status: 'done', messages: this.messages } };
      } catch (error) {
        if (error instanceof ChatRateLimitedError) {
          slot.rateLimited(error.retryAfterMs);
          this.ctx.rateLimited(error.retryAfterMs, 'stream');
        } else slot.done();
        if (error instanceof ChatRateLimitedError && ++this.rateLimits < MAX_RATE_LIMITS_IN_A_ROW) continue;
        // Never lose text: the part is shown again by editing its message, or as an ordinary new one.
        logger.warn({ err: error, thread: this.ctx.thread }, 'relay: native stream could not be stopped, editing instead');
        return this.fallback();
      }
    }
  }

  private fallback(): NativeOutcome {
    const earlier = this.messages.slice(0, this.part);
    return { kind: 'fallback', fromPart: this.part, messages: earlier, ...(this.ref ? { current: this.ref } : {}) };
  }
}
