/**
 * The router's intake of events into the inbox (core/inbox.ts): each event the bot acts on is recorded before the
 * chat is told it arrived, handled in the background, and marked done once its handler hands it over to its own
 * thread record (core/hand-over.ts: that record's recovery owns the work from then on) or ends; what a dead process
 * left pending is handled again on replay.
 */
import { randomUUID } from 'node:crypto';
import { handOverOf, stampedWith, stamping } from './hand-over.js';
import type { HandlerContext } from './handler.js';
import { withLease } from './lease.js';
import type { RecordHook } from './records.js';
import { INBOX_KEEP_DONE_MS, inboxLock, type Inbox, type InboxEntry } from './inbox.js';
import type { Incoming, ReplyIncoming } from './incoming.js';
import type { Logger } from '../log.js';
import type { ThreadRecord } from './state.js';
import type { ChatKind, ThreadId } from './thread-id.js';

/** What the intake needs of its router. */
export interface IntakeDeps {
  chat: ChatKind;
  logger: Logger;
  admits(incoming: Incoming): boolean;
  refuseWorkspace(incoming: Incoming): Promise<void>;
  /** the task recorded for a reply's thread when a handler continues it; undefined otherwise */
  continued(incoming: ReplyIncoming): Promise<ThreadRecord | undefined>;
  contextFor(workspaceId: string): HandlerContext;
  /** runs the event's handler (failures told to its user); `known`: the thread's record as read for it already */
  act(ctx: HandlerContext, incoming: Incoming, known?: ThreadRecord): Promise<void>;
  /** tracks background work, so a stop can drain it */
  track(work: Promise<void>): void;
  /** told of each delivery recognised as one already handled or being handled (metrics' dedupe hits) */
  duplicate?(): void;
}

export class Intake {
  constructor(
    private readonly inbox: Inbox,
    private readonly deps: IntakeDeps,
  ) {}

  /**
   * Records an event in the inbox, then handles it in the background (tracked like `dispatch`); resolves as soon
   * as it is recorded, so the adapter acknowledges it only then, and rejects when it could not be recorded (the
   * adapter must not acknowledge: the chat platform delivers it again). Events the bot does not act on (channel
   * chatter, a workspace not allowed) are not recorded and resolve at once.
   */
  accept(incoming: Incoming): Promise<void> {
    const { inbox } = this;
    let settle: { recorded: () => void; failed: (error: unknown) => void } | undefined;
    const recorded = new Promise<void>((resolve, reject) => {
      settle = { recorded: resolve, failed: reject };
    });
    const work = this.receive(inbox, incoming, settle!).catch((error: unknown) => {
      settle!.failed(error); // no effect once recorded
      this.deps.logger.error({ err: error, kind: incoming.kind }, 'an accepted event could not be handled');
    });
    void this.deps.track(work);
    return recorded;
  }

  /**
   * Handles an inbox entry again (at start, or on a rescan of a shared store) unless a live process holds it or
   * it is done; not awaited. False when the entry is not this router's chat.
   */
  replay(entry: InboxEntry): boolean {
    const { inbox } = this;
    if (entry.chat !== this.deps.chat) return false;
    // not taken: a live process holds the entry
    const work = this.holdingEntry(entry, async (leased) => {
      const current = await inbox.pendingEntry(entry.id);
      if (!current) return;
      if (Date.now() - current.receivedAt > INBOX_KEEP_DONE_MS) {
        // its dedupe key is gone by now, and its user long moved on: handling it now would surprise more than help
        this.deps.logger.warn({ entry: entry.id, kind: entry.incoming.kind }, 'an inbox entry too old to handle was dropped');
        return inbox.done(entry.id);
      }
      await this.handleRecorded(leased, inbox, current, true);
    }).then(
      () => undefined,
      (error: unknown) => this.deps.logger.error({ err: error, entry: entry.id }, 'replaying an inbox entry failed'),
    );
    void this.deps.track(work);
    return true;
  }

  /**
   * Runs `fn` holding the entry's lease (core/lease.ts), with the event's context fenced by it, so a process that
   * lost it (a stall longer than the lease, the entry replayed elsewhere) acts no more for the event; false (and
   * `fn` not run) when another process holds it.
   */
  private holdingEntry(entry: InboxEntry, fn: (leased: HandlerContext) => Promise<void>): Promise<boolean> {
    return withLease(this.deps.contextFor(entry.incoming.workspaceId), inboxLock(entry.id), fn);
  }

  /**
   * Whether the bot acts on the event (and so records it): not a refused workspace's, not channel chatter. For a
   * plain reply, with the thread's record that check read: routing takes it, since it was read after the event came.
   */
  private async actsOn(incoming: Incoming): Promise<{ known?: ThreadRecord } | undefined> {
    if (!this.deps.admits(incoming)) return undefined;
    if (incoming.kind !== 'reply' || incoming.mentioned) return {};
    const known = await this.deps.continued(incoming);
    return known ? { known } : undefined;
  }

  private async receive(inbox: Inbox, incoming: Incoming, settle: { recorded: () => void }): Promise<void> {
    const acting = await this.actsOn(incoming);
    if (!acting) {
      settle.recorded();
      // chatter: nothing at all; a workspace not allowed: its note
      if (!this.deps.admits(incoming)) await this.deps.refuseWorkspace(incoming);
      return;
    }
    const entry: InboxEntry = {
      id: `${this.deps.chat}:${incoming.eventId ?? `local-${randomUUID()}`}`,
      chat: this.deps.chat,
      incoming,
      receivedAt: Date.now(),
    };
    // recorded beside taking the entry's lock (one round trip): a rescan replays only entries older than a lease,
    // and should a starting replica replay it meanwhile, whichever takes the lock handles it, the other is a duplicate
    const recording = inbox.record(entry);
    recording.catch(() => undefined); // awaited below, whichever way the lock goes
    const held = await this.holdingEntry(entry, async (leased) => {
      const fresh = await recording;
      settle.recorded();
      if (fresh) return this.handleRecorded(leased, inbox, entry, false, acting.known);
      // a retried delivery of an event recorded already: done, or left pending by a holder that died (we hold its
      // lease now), which this delivery finishes
      const current = await inbox.pendingEntry(entry.id);
      if (current) await this.handleRecorded(leased, inbox, current, true);
      else this.deps.duplicate?.();
    });
    if (held) return;
    // another delivery of the same event is being handled right now: recorded there (or here, idempotently)
    this.deps.duplicate?.();
    await recording;
    settle.recorded();
  }

  /**
   * Whether a replayed entry's event was handed over before its process died: the record it wrote (the thread it
   * noted, or the one the event names) carries the entry's stamp. An entry noted by code older than the stamps
   * (a note without `stamped`) into a record without any is judged as that code did: past the version the write
   * expected, it happened.
   */
  private async handedOverAlready(base: HandlerContext, entry: InboxEntry): Promise<boolean> {
    const thread = entry.handover?.thread ?? entry.incoming.thread;
    const record = thread === undefined ? undefined : await base.state.get(thread as ThreadId);
    if (!record) return false;
    const stamped = stampedWith(record, entry.id);
    const { handover } = entry;
    if (handover && !handover.stamped && stamped === undefined) return record.version > handover.version;
    return stamped === true;
  }

  /**
   * Handles a recorded entry and marks it done: when the handler hands the event over to its thread record (its
   * `HandOver` token, given with the write that makes the event safe there: that record's recovery owns the work
   * from then on), or when it ends. The entry is the event's dedupe: `inbox.record` refused every other delivery
   * of its id (pending, or done within the keep time, longer than Slack retries), so no second claim is made here.
   */
  private async handleRecorded(base: HandlerContext, inbox: Inbox, entry: InboxEntry, replay: boolean, known?: ThreadRecord): Promise<void> {
    const { incoming } = entry;
    if (replay && (await this.handedOverAlready(base, entry))) return inbox.done(entry.id);
    if (replay) this.deps.logger.info({ entry: entry.id, kind: incoming.kind }, 'an event recorded but not handled is handled again');
    const handOver = handOverOf(
      entry.id,
      incoming.thread,
      (thread, version) => inbox.handingOver(entry.id, { thread, version, stamped: true }),
      () =>
        inbox.done(entry.id).catch((error: unknown) => base.logger.warn({ err: error, entry: entry.id }, 'an inbox entry could not be marked done')),
    );
    const ctx: HandlerContext = {
      ...base,
      handOver,
      // its writes before the hand-over are the replay's to make again, not the outbox recovery's
      messenger: base.messenger.forEvent({ handOver }),
      logger: base.logger.child({ event: incoming.eventId ?? entry.id, kind: incoming.kind, ...(replay ? { replay: true } : {}) }),
    };
    await this.deps.act(ctx, incoming, known);
    // nothing the handler wrote took the event over (a note, a refusal, a finished turn): it is done now
    await handOver.handedOver();
  }
}

/**
 * The record writer's hook of the hand-over (core/hand-over.ts): a write given a token not handed over yet carries
 * the entry's stamp (in the same compare-and-set), notes the thread first where the event does not name it, and
 * hands the event over once it succeeded. The write does not wait for the entry's `done`: the entry is safe either
 * way (a replay finds the stamp), and the intake awaits the same `done` before it lets go.
 */
export const inboxHandOver: RecordHook = {
  name: 'inbox hand-over',
  complete: ({ handOver, next }) =>
    handOver?.entryId && !handOver.done ? { ...next, handedOver: stamping(next.handedOver, handOver.entryId) } : next,
  before: (write) => write.handOver?.noting(write.thread, write.expectedVersion) ?? Promise.resolve(),
  after: (_record, write) => void write.handOver?.handedOver(),
};
