/**
 * The one way out to the chat for what handlers write (posts, step messages, forms, notes, pictures, files): one
 * queue per conversation, so a conversation's messages arrive in the order they were asked for and a Retry-After
 * holds back every write behind it. Each write is recorded in the journal before the chat is called, paced by
 * the conversation's gate, and tried again by the write policy (./write-policy.ts) with the same write id, which
 * the adapter uses to find a post whose answer was lost instead of posting it twice.
 */
import { randomUUID } from 'node:crypto';
import { silentLogger, type Logger } from '../../log.js';
import type { ConversationGate, WriteKind } from './conversation-gate.js';
import { MemoryJournal, type WriteJournal, type WritePayload, type WriteSettlement } from './journal.js';
import { writeVerdict } from './write-policy.js';

export interface WriteRequest<T> {
  /** the write's id when the caller chose it (to find the write again after a crash); a new one otherwise */
  id?: string;
  conversation: string;
  thread?: string;
  kind: WriteKind;
  /** the messenger method that asked (for the journal and logs) */
  what: string;
  /** repeating the write after an ambiguous failure (a 5xx, a lost answer) cannot show it twice */
  idempotent: boolean;
  /** no attempt is tried again: the write has a window of its own (a Slack trigger_id) */
  once?: boolean;
  /** what a recovering replica needs to finish the write if this process dies first (posts and edits) */
  payload?: WritePayload;
  /** makes the write; `writeId` is the same on every attempt, `attempt` is 1 for the first */
  send(writeId: string, attempt: number): Promise<T>;
}

export interface OutboxOptions {
  journal?: WriteJournal;
  logger?: Logger;
  now?: () => number;
}

export class ChatOutbox {
  readonly journal: WriteJournal;
  private readonly logger: Logger;
  private readonly now: () => number;
  /** the journal refused the last record: said once, until it records again */
  private journalFailing = false;
  /** the last write queued per conversation: the next one starts once it settled */
  private readonly tails = new Map<string, Promise<unknown>>();

  constructor(
    private readonly gate: ConversationGate,
    options: OutboxOptions = {},
  ) {
    this.journal = options.journal ?? new MemoryJournal();
    this.logger = options.logger ?? silentLogger;
    this.now = options.now ?? Date.now;
  }

  /**
   * Queues the write behind the conversation's earlier ones, recording it in the journal meanwhile (the chat is
   * called only once it is recorded); resolves with the chat's answer, or rejects with its last error.
   */
  write<T>(request: WriteRequest<T>): Promise<T> {
    const id = request.id ?? randomUUID();
    const payload = request.payload ? { payload: request.payload } : {};
    const recorded = this.journal
      .record({
        id,
        conversation: request.conversation,
        ...(request.thread ? { thread: request.thread } : {}),
        kind: request.kind,
        what: request.what,
        state: 'pending',
        attempts: 0,
        queuedAt: this.now(),
        owner: this.journal.owner,
        ...payload,
      })
      .then(() => {
        if (this.journalFailing) this.logger.info('outbox: chat writes are journaled again');
        this.journalFailing = false;
      })
      // a journal that cannot record does not stop the chat: the write goes, without a recovery after a crash
      .catch((error: unknown) => {
        if (!this.journalFailing)
          this.logger.warn({ err: error, what: request.what }, 'outbox: chat writes cannot be journaled; they go unjournaled');
        this.journalFailing = true;
      });
    const previous = this.tails.get(request.conversation) ?? Promise.resolve();
    const mine = Promise.all([previous, recorded]).then(() => this.attempt(id, request));
    const settled = mine.catch(() => undefined);
    this.tails.set(request.conversation, settled);
    void settled.then(() => {
      if (this.tails.get(request.conversation) === settled) this.tails.delete(request.conversation);
    });
    return mine;
  }

  /** Notes how the write ended, without waiting for the store (see WriteJournal.settle). */
  private settle(id: string, settlement: WriteSettlement): void {
    // lost, it only makes a recovery look the write up or apply it again: no warning of its own
    this.journal
      .settle(id, settlement)
      .catch((error: unknown) => this.logger.debug({ err: error }, 'outbox: a settled write could not be journaled'));
  }

  private async attempt<T>(id: string, request: WriteRequest<T>): Promise<T> {
    const started = this.now();
    for (let attempt = 1; ; attempt += 1) {
      await this.gate.take(request.conversation, request.kind);
      this.journal.attempted(id, attempt);
      try {
        const result = await request.send(id, attempt);
        this.settle(id, { state: 'sent', settledAt: this.now() });
        return result;
      } catch (error) {
        const verdict = request.once
          ? { retry: false as const }
          : writeVerdict(error, { attempt, waitedMs: this.now() - started, idempotent: request.idempotent });
        if (!verdict.retry) {
          this.settle(id, { state: 'failed', settledAt: this.now(), error: error instanceof Error ? error.message : String(error) });
          throw error;
        }
        this.logger.debug(
          { conversation: request.conversation, what: request.what, attempt, afterMs: verdict.afterMs },
          'outbox: a chat write failed, trying again',
        );
        if (verdict.pause) this.gate.pause(request.conversation, verdict.afterMs);
        else await new Promise((resolve) => setTimeout(resolve, verdict.afterMs));
      }
    }
  }
}
