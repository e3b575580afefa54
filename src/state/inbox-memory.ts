/** The inbox (core/inbox.ts) in memory: for tests and the in-process setups; nothing survives the process. */
import { INBOX_KEEP_DONE_MS, pendingOlderThan, type Inbox, type InboxEntry } from '../core/inbox.js';

export class MemoryInbox implements Inbox {
  readonly #entries = new Map<string, InboxEntry>();
  /** done ids and until when they still dedupe */
  readonly #done = new Map<string, number>();
  #closed = false;

  constructor(
    private readonly keepDoneMs: number = INBOX_KEEP_DONE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async record(entry: InboxEntry): Promise<boolean> {
    this.#open();
    this.#sweep();
    if (this.#entries.has(entry.id) || this.#done.has(entry.id)) return false;
    this.#entries.set(entry.id, structuredClone(entry));
    return true;
  }

  async pendingEntry(id: string): Promise<InboxEntry | undefined> {
    this.#open();
    const entry = this.#entries.get(id);
    return entry && structuredClone(entry);
  }

  async handingOver(id: string, handover: NonNullable<InboxEntry['handover']>): Promise<void> {
    this.#open();
    const entry = this.#entries.get(id);
    if (entry) entry.handover = { ...handover };
  }

  async done(id: string): Promise<void> {
    this.#open();
    this.#entries.delete(id);
    this.#done.set(id, this.now() + this.keepDoneMs);
  }

  async pending(olderThanMs: number): Promise<InboxEntry[]> {
    this.#open();
    this.#sweep();
    return pendingOlderThan(this.#entries.values(), olderThanMs, this.now());
  }

  async close(): Promise<void> {
    this.#closed = true;
  }

  #open(): void {
    if (this.#closed) throw new Error('the inbox is closed');
  }

  #sweep(): void {
    const now = this.now();
    for (const [id, until] of this.#done) if (until <= now) this.#done.delete(id);
  }
}
