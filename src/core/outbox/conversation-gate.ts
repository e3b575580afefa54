/**
 * The one place that paces what the bot writes into a conversation, shared by the outbox (posts, forms, notes,
 * files) and the stream relay (its posts, edits and stream calls): the chat's windows for every write (Teams: 7 a
 * second, 8 in two, 60 in thirty, 1,800 an hour per conversation), its windows for new messages (Slack:
 * chat.postMessage about one a second per channel, short bursts allowed), and a pause of every write to the
 * conversation for a Retry-After the chat answered there.
 */
import type { AdapterLimits } from '../adapter.js';
import { ConversationPacer } from '../relay/conversation-pacer.js';

/** A new message (it counts against posting limits), a change to one, or a native stream's call. */
export type WriteKind = 'post' | 'edit' | 'stream';

export class ConversationGate {
  private readonly every: ConversationPacer | undefined;
  private readonly posts: ConversationPacer | undefined;
  /** until when each conversation's writes wait (ms since epoch) */
  private readonly pausedUntil = new Map<string, number>();

  constructor(
    limits: Pick<AdapterLimits, 'conversationRate' | 'postRate'>,
    private readonly now: () => number = Date.now,
  ) {
    const pacer = (windows: AdapterLimits['conversationRate']) => (windows && windows.length > 0 ? new ConversationPacer(windows, now) : undefined);
    this.every = pacer(limits.conversationRate);
    this.posts = pacer(limits.postRate);
  }

  /** Whether the chat limits anything per conversation (the relay skips the gate when not). */
  get paces(): boolean {
    return this.every !== undefined || this.posts !== undefined;
  }

  /** Resolves when a write of `kind` may go into `conversation`: after any pause, within every window. */
  async take(conversation: string, kind: WriteKind): Promise<void> {
    for (;;) {
      await this.pauseOf(conversation);
      if (kind === 'post') await this.posts?.take(conversation);
      await this.every?.take(conversation);
      if (this.pausedFor(conversation) === 0) return;
    }
  }

  /** The chat asked to wait `ms` before writing into `conversation` again (a 429's Retry-After). */
  pause(conversation: string, ms: number): void {
    if (!(ms > 0)) return;
    const until = this.now() + ms;
    if (until > (this.pausedUntil.get(conversation) ?? 0)) this.pausedUntil.set(conversation, until);
  }

  /** ms until a write of `kind` asking now could go into `conversation`: its pause, and the calls queued before it */
  waitFor(conversation: string, kind: WriteKind): number {
    const paced = Math.max(kind === 'post' ? (this.posts?.waitFor(conversation) ?? 0) : 0, this.every?.waitFor(conversation) ?? 0);
    return Math.max(this.pausedFor(conversation), paced);
  }

  /** ms left of the conversation's pause, 0 when none */
  pausedFor(conversation: string): number {
    const until = this.pausedUntil.get(conversation);
    if (until === undefined) return 0;
    const left = until - this.now();
    if (left > 0) return left;
    this.pausedUntil.delete(conversation);
    return 0;
  }

  private async pauseOf(conversation: string): Promise<void> {
    for (let left = this.pausedFor(conversation); left > 0; left = this.pausedFor(conversation)) {
      await new Promise((resolve) => setTimeout(resolve, left));
    }
  }
}

const gates = new WeakMap<object, ConversationGate>();

/** The gate of one adapter, shared by its messenger and its relay (made on first use). */
export function gateOf(adapter: { readonly limits: AdapterLimits }): ConversationGate {
  let gate = gates.get(adapter);
  if (!gate) gates.set(adapter, (gate = new ConversationGate(adapter.limits)));
  return gate;
}
