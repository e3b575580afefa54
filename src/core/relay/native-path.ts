/**
 * The first part of the answer through the adapter's native streaming (Slack chat.startStream/appendStream/
 * stopStream, Teams streaminfo): deltas are appended, coalesced while an append is in flight and paced by the
 * per-message interval, and `stop` receives the part's final message. Its calls are paced by the workspace's
 * 'stream' lane (a 429 pauses the workspace's native stream calls, not its posts or edits) and not counted in
 * the edit budget. If the stream cannot be opened, or fails before anything was shown, the relay falls back to
 * posting and editing with the text read so far.
 */
import type { MessageRef, NativeStream } from '../adapter.js';
import { ChatRateLimitedError } from '../chat-errors.js';
import { compose } from './compose.js';
import { MAX_RATE_LIMITS_IN_A_ROW, type PathOutcome, type RelayContext } from './relay-context.js';
import type { CallSlot } from './workspace-budget.js';

export type NativeOutcome =
  | { kind: 'finished'; outcome: PathOutcome }
  /** continue by editing from part `fromPart`; `messages` hold the parts before it */
  | { kind: 'fallback'; fromPart: number; messages: MessageRef[] };

export async function openNativeStream(ctx: RelayContext): Promise<NativeStream | undefined> {
  if (!ctx.adapter.nativeStream) return undefined;
  try {
    return await ctx.adapter.nativeStream(ctx.thread);
  } catch (error) {
    ctx.logger.debug({ err: error, thread: ctx.thread }, 'relay: native stream unavailable, editing instead');
    return undefined;
  }
}

export class NativePath {
  private sent = 0;
  private shown = false;
  /** appends failed after text was shown: wait for the end and let `stop` show the whole part */
  private broken = false;
  private lastAppendAt = Number.NEGATIVE_INFINITY;
  private rateLimits = 0;

  constructor(
    private readonly ctx: RelayContext,
    private readonly native: NativeStream,
  ) {}

  async run(): Promise<NativeOutcome> {
    const { doc, reader, now, minEditIntervalMs, budget, workspace } = this.ctx;
    for (;;) {
      const part = doc.part(0, !reader.ended);
      if (part.sealed || reader.ended) return this.finish();
      if (!this.broken && this.sent < part.text.length) {
        const wait = this.shown ? this.lastAppendAt + minEditIntervalMs - now() : 0;
        if (wait > 0) {
          await reader.changed.wait(wait);
          continue;
        }
        const slot = budget.acquire(workspace, 'stream', { urgent: !this.shown, keepAlive: false, retry: this.rateLimits > 0 });
        await slot.granted;
        await this.ctx.pace();
        if (budget.pausedFor(workspace, 'stream') > 0 || reader.ended || doc.part(0).sealed) {
          slot.done();
          continue;
        }
        if (!(await this.append(doc.part(0, true).text.slice(this.sent), slot))) {
          return { kind: 'fallback', fromPart: 0, messages: [] };
        }
        continue;
      }
      await reader.changed.wait();
    }
  }

  /** false when the stream failed before showing anything: the caller falls back to editing */
  private async append(chunk: string, slot: CallSlot): Promise<boolean> {
    this.lastAppendAt = this.ctx.now();
    try {
      await this.native.append(chunk);
      slot.done();
      this.sent += chunk.length;
      this.shown = true;
      this.rateLimits = 0;
      return true;
    } catch (error) {
      if (error instanceof ChatRateLimitedError) {
        slot.rateLimited(error.retryAfterMs);
        if (++this.rateLimits >= MAX_RATE_LIMITS_IN_A_ROW) this.broken = true;
        return this.shown || !this.broken;
      }
      slot.done();
      this.ctx.logger.warn({ err: error, thread: this.ctx.thread }, 'relay: native append failed');
      this.broken = true;
      return this.shown;
    }
  }

  private async finish(): Promise<NativeOutcome> {
    const { budget, workspace, logger } = this.ctx;
    for (;;) {
      const slot = budget.acquire(workspace, 'stream', { urgent: true, keepAlive: true, retry: this.rateLimits > 0 });
      await slot.granted;
      await this.ctx.pace();
      if (budget.pausedFor(workspace, 'stream') > 0) {
        slot.done();
        continue;
      }
      const want = compose(this.ctx, 0)!;
      try {
        const ref = await this.native.stop(want.message);
        slot.done();
        if (this.ctx.doc.part(0).sealed) return { kind: 'fallback', fromPart: 1, messages: [ref] };
        return { kind: 'finished', outcome: { status: 'done', messages: [ref] } };
      } catch (error) {
        if (error instanceof ChatRateLimitedError) slot.rateLimited(error.retryAfterMs);
        else slot.done();
        if (error instanceof ChatRateLimitedError && ++this.rateLimits < MAX_RATE_LIMITS_IN_A_ROW) continue;
        // Never lose text: show the whole part again as an ordinary message.
        logger.warn({ err: error, thread: this.ctx.thread }, 'relay: native stream could not be stopped, posting instead');
        return { kind: 'fallback', fromPart: 0, messages: [] };
      }
    }
  }
}
