/**
 * What the outbox is about to write and how each write went, recorded before the chat is called. The bot keeps it
 * in its state store (src/state/write-journal-file.ts, write-journal-redis.ts), so that writes a dead process left
 * pending are finished by whichever replica takes their conversation over (./recovery.ts); `MemoryJournal` is the
 * journal of a terminal and of tests.
 */
import type { OutgoingMessage } from '../message.js';
import type { WriteKind } from './conversation-gate.js';

export type WriteState = 'pending' | 'sent' | 'failed';

/** What a recovering replica needs to make the write itself: the neutral message (never an adapter's objects). */
export interface WritePayload {
  message: OutgoingMessage;
  /** the message an edit changes */
  messageId?: string;
}

export interface WriteEntry {
  /** stable across the write's attempts: the chat's idempotency key where it has one (Slack message metadata) */
  id: string;
  conversation: string;
  thread?: string;
  kind: WriteKind;
  /** the messenger method that asked for it (post, edit, openForm, uploadFile, ...) */
  what: string;
  state: WriteState;
  attempts: number;
  queuedAt: number;
  settledAt?: number;
  /** why it failed, in the chat error's words (never a token: chat errors carry codes only) */
  error?: string;
  /** the process that queued it (a durable journal's owner id) */
  owner?: string;
  /** present where a recovering replica can finish the write (posts and edits made outside an event's replay) */
  payload?: WritePayload;
}

/** How a write ended. */
export type WriteSettlement = Pick<WriteEntry, 'state' | 'settledAt' | 'error'> & { state: 'sent' | 'failed' };

export interface WriteJournal {
  /** this process's id in the journal: the owner of the writes it records */
  readonly owner: string;
  /** Records a write before the chat is called; resolves once it is stored. */
  record(entry: WriteEntry): Promise<void>;
  /** Counts an attempt (kept in memory: a durable journal does not pay a store write for it). */
  attempted(id: string, attempts: number): void;
  /**
   * The write settled. Resolves once that is stored; callers need not wait for it: a settlement lost with the
   * process only makes a recovering replica look the write up (a post) or apply it again (an edit).
   */
  settle(id: string, settlement: WriteSettlement, options?: { now?: boolean }): Promise<void>;
  /** writes recorded and not settled yet, oldest first, of every owner */
  pending(): Promise<WriteEntry[]>;
  /** the most recent writes, settled or not, oldest first */
  recent(): Promise<WriteEntry[]>;
}

/** A journal in a store that outlives the process: it also says which owners are alive. */
export interface DurableJournal extends WriteJournal {
  /** pending writes whose owner is no longer alive (a process that died or stopped), oldest first */
  left(): Promise<WriteEntry[]>;
  close(): Promise<void>;
}

/** How many settled writes a journal keeps for inspection (bounded: older ones are dropped). */
export const KEEP_SETTLED = 200;

/** Pending entries first-to-last by queue time, copies. */
export const oldestFirst = (entries: Iterable<WriteEntry>): WriteEntry[] =>
  [...entries].sort((a, b) => a.queuedAt - b.queuedAt).map((e) => structuredClone(e));

/** The journal in memory: every pending write, and the last `keepSettled` settled ones for inspection. */
export class MemoryJournal implements WriteJournal {
  readonly owner = 'memory';
  private readonly entries = new Map<string, WriteEntry>();
  private settled: string[] = [];

  constructor(private readonly keepSettled = KEEP_SETTLED) {}

  async record(entry: WriteEntry): Promise<void> {
    this.entries.set(entry.id, structuredClone(entry));
  }

  attempted(id: string, attempts: number): void {
    const entry = this.entries.get(id);
    if (entry) entry.attempts = attempts;
  }

  async settle(id: string, settlement: WriteSettlement): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    Object.assign(entry, settlement);
    this.settled.push(id);
    if (this.settled.length > this.keepSettled) {
      for (const old of this.settled.splice(0, this.settled.length - this.keepSettled)) this.entries.delete(old);
    }
  }

  async pending(): Promise<WriteEntry[]> {
    return oldestFirst([...this.entries.values()].filter((e) => e.state === 'pending'));
  }

  async recent(): Promise<WriteEntry[]> {
    return oldestFirst(this.entries.values());
  }
}
