/**
 * What the outbox is about to write and how each write went, recorded before the chat is called. This first step
 * keeps the journal in memory (a restart forgets it); `WriteJournal` is the seam a durable one (the state store)
 * takes, so that writes pending at a crash can be found and finished by whichever replica resumes the thread.
 */
import type { WriteKind } from './conversation-gate.js';

export type WriteState = 'pending' | 'sent' | 'failed';

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
}

export interface WriteJournal {
  record(entry: WriteEntry): void;
  update(id: string, change: Partial<Pick<WriteEntry, 'state' | 'attempts' | 'settledAt' | 'error'>>): void;
  /** writes recorded and not settled yet, oldest first */
  pending(): WriteEntry[];
  /** the most recent writes, settled or not, oldest first */
  recent(): WriteEntry[];
}

/** The journal in memory: every pending write, and the last `keepSettled` settled ones for inspection. */
export class MemoryJournal implements WriteJournal {
  private readonly entries = new Map<string, WriteEntry>();
  private settled: string[] = [];

  constructor(private readonly keepSettled = 200) {}

  record(entry: WriteEntry): void {
    this.entries.set(entry.id, { ...entry });
  }

  update(id: string, change: Partial<Pick<WriteEntry, 'state' | 'attempts' | 'settledAt' | 'error'>>): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    Object.assign(entry, change);
    if (entry.state === 'pending') return;
    this.settled.push(id);
    if (this.settled.length > this.keepSettled) {
      for (const old of this.settled.splice(0, this.settled.length - this.keepSettled)) this.entries.delete(old);
    }
  }

  pending(): WriteEntry[] {
    return [...this.entries.values()].filter((e) => e.state === 'pending').map((e) => ({ ...e }));
  }

  recent(): WriteEntry[] {
    return [...this.entries.values()].map((e) => ({ ...e }));
  }
}
